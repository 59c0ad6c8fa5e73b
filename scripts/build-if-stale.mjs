// `npm start`: builds only when a source is newer than the build, so a second start is not held
// up by a minute of Vite for nothing. `npm run build` still builds unconditionally.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * What the build is made from: the app and the database code it imports, the static files it
 * copies, and what decides how (dependencies, their patches, the Vite, React Router and
 * TypeScript settings). drizzle/ is read at run time, not built.
 */
export const BUILD_INPUTS = [
  'app',
  'db',
  'public',
  'patches',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
]

/**
 * The newest modification time under `entry`, folders included: adding, removing or renaming a
 * file changes its folder's time even when no remaining file changed. 0 when it does not exist.
 */
export function newestMtimeMs(entry) {
  let stats
  try {
    stats = statSync(entry)
  } catch {
    return 0
  }
  let newest = stats.mtimeMs
  if (stats.isDirectory()) {
    for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtimeMs(path.join(entry, child)))
  }
  return newest
}

/**
 * Whether the build in `root` must be made again: its server bundle (written last) is missing,
 * or some input is newer than it. Returns the reason, or null when the build is up to date.
 */
export function staleBuildReason(root = ROOT, buildDirectory = process.env.BUILD_DIR ?? 'build') {
  const bundle = path.resolve(root, buildDirectory, 'server', 'index.js')
  const builtAt = newestMtimeMs(bundle)
  if (builtAt === 0) return `${path.relative(root, bundle)} is missing`
  for (const input of BUILD_INPUTS) {
    if (newestMtimeMs(path.join(root, input)) > builtAt) return `${input} changed since the last build`
  }
  return null
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = staleBuildReason()
  if (reason === null) {
    console.log('build/ is up to date with the sources: starting without a build (`npm run build` forces one).')
  } else {
    console.log(`Building: ${reason}.`)
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' })
    process.exit(build.status ?? 1)
  }
}
