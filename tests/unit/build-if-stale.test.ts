import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { staleBuildReason } from '#scripts/build-if-stale.mjs'

// `npm start` builds only when a source is newer than build/server/index.js (issue 25).
let root: string
/** Writes `file` at `seconds` (epoch), with its folders, as adding it would touch them. */
const at = (file: string, seconds: number) => {
  const full = path.join(root, file)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, '')
  for (let entry = full; entry !== root; entry = path.dirname(entry)) utimesSync(entry, seconds, seconds)
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'))
  at('app/root.tsx', 1000)
  at('db/schema.ts', 1000)
  at('package.json', 1000)
  at('vite.config.ts', 1000)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

it('builds when there is no build yet', () => {
  expect(staleBuildReason(root, 'build')).toBe(`${path.join('build', 'server', 'index.js')} is missing`)
})

it('skips the build when every source is older than the server bundle', () => {
  at('build/server/index.js', 2000)
  expect(staleBuildReason(root, 'build')).toBeNull()
})

it('builds when a source, the dependencies or a setting changed since', () => {
  at('build/server/index.js', 2000)
  at('app/routes/app/home.tsx', 3000)
  expect(staleBuildReason(root, 'build')).toBe('app changed since the last build')
  at('build/server/index.js', 4000)
  at('package-lock.json', 5000)
  expect(staleBuildReason(root, 'build')).toBe('package-lock.json changed since the last build')
  at('build/server/index.js', 6000)
  at('react-router.config.ts', 7000)
  expect(staleBuildReason(root, 'build')).toBe('react-router.config.ts changed since the last build')
})

it('builds when a file was deleted: its folder’s time moves', () => {
  at('build/server/index.js', 2000)
  utimesSync(path.join(root, 'db'), 3000, 3000)
  expect(staleBuildReason(root, 'build')).toBe('db changed since the last build')
})
