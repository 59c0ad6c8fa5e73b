// The framework ceiling: a bare React Router framework-mode app (one route, a loader returning
// 20 static items, no database), built by the bench itself into a temp folder with the
// project's own react-router and @react-router/dev, and served the way server.mjs serves
// (node:http + @mjackson/node-fetch-server + compression + sirv; see ceiling-server.mjs).
import { spawn } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, startNodeServer } from './util.mjs'

const ITEMS = 20

const FILES = {
  // The dependencies tell @react-router/dev which server runtime (and default entry.server) to use.
  'package.json': JSON.stringify(
    { name: 'bench-ceiling', private: true, type: 'module', dependencies: { '@react-router/node': '*', 'react-router': '*', isbot: '*' } },
    null,
    2,
  ),
  'react-router.config.ts': `export default { ssr: true }\n`,
  'vite.config.ts': `import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({ plugins: [reactRouter()], logLevel: 'warn' })
`,
  'app/routes.ts': `import { index, type RouteConfig } from '@react-router/dev/routes'

export default [index('routes/home.tsx')] satisfies RouteConfig
`,
  // React Router's own template root: Meta, Links, ScrollRestoration, Scripts.
  'app/root.tsx': `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}
`,
  'app/routes/home.tsx': `import { useLoaderData } from 'react-router'

export function meta() {
  return [{ title: 'Bare React Router page' }]
}

export function loader() {
  return {
    items: Array.from({ length: ${ITEMS} }, (_, i) => ({
      id: i + 1,
      title: 'Renovated apartment in Old Town ' + (i + 1),
      price: '€ ' + (250000 + i * 1000).toLocaleString('en'),
      image: '/photo-' + (i + 1) + '.webp',
    })),
  }
}

export default function Home() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Listings</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <img src={item.image} alt="" width={320} height={213} />
            <h2>{item.title}</h2>
            <p>{item.price}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}
`,
}

/** Writes the app into folder and runs `react-router build` there (node_modules: a symlink to the project's). */
export async function buildCeiling(folder) {
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true })
    writeFileSync(path.join(folder, name), content)
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir')
  const cli = path.join(ROOT, 'node_modules/@react-router/dev/bin.js')
  const output = []
  const child = spawn(process.execPath, [cli, 'build'], { cwd: folder, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (c) => output.push(c))
  child.stderr.on('data', (c) => output.push(c))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`ceiling build failed (exit ${code}):\n${Buffer.concat(output).toString().slice(-3000)}`)
}

/**
 * Puts the bench's photo files (seed.mjs's makePhotoFiles) into the built app's static folder,
 * before it is served (sirv lists its files at start): set n's file of width w answers at
 * /photos/{n}-{w}.webp with the headers sirv gives every static file, like an asset of the app.
 */
export function writeCeilingPhotos(folder, photoFiles) {
  const dir = path.join(folder, 'build/client/photos')
  mkdirSync(dir, { recursive: true })
  photoFiles.forEach((set, n) => {
    for (const [width, data] of Object.entries(set)) if (width !== 'original') writeFileSync(path.join(dir, `${n}-${width}.webp`), data)
  })
}

/** The static address of set n's file of width w on the ceiling server. */
export const ceilingPhotoPath = (n, width) => `photos/${n}-${width}.webp`

/** Serves a built ceiling app on port; resolves when it answers. */
export function startCeiling(folder, port) {
  return startNodeServer({ name: 'ceiling', script: path.join(ROOT, 'scripts/bench/ceiling-server.mjs'), args: [folder, String(port)], cwd: folder, url: `http://localhost:${port}/` })
}
