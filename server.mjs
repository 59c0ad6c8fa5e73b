// Production server: static assets, compression, the React Router handler, graceful shutdown.
// Plain JavaScript so `node server.mjs` runs without a build step of its own.
import http from 'node:http'
import path from 'node:path'
import { createRequestListener } from '@mjackson/node-fetch-server'
import compression from 'compression'
import sirv from 'sirv'

const SHUTDOWN_GRACE_MS = 10_000
// The fetch adapter queues request bodies without backpressure, so bodies are capped here, above
// the app's own upload limits (which answer with friendly messages well before this one).
const MAX_REQUEST_BODY_BYTES = 256 * 1024 * 1024
const build = await import(path.resolve('build/server/index.js'))
const { prepareServer, closeServerResources, createAppRequestHandler } = build.entry.module

// Migrations (and the demo seed on the embedded database) finish before the port opens.
await prepareServer()

const compress = compression()
const assets = sirv('build/client', {
  etag: true,
  setHeaders(res, pathname) {
    // Vite's hashed file names change with their content: cache them for a year.
    res.setHeader(
      'Cache-Control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    )
  },
})
const handleRequest = createRequestListener(createAppRequestHandler(build, process.env.NODE_ENV))

function capRequestBody(req, res, next) {
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES) {
    res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
    res.end('Request too large.')
    return
  }
  let received = 0
  req.on('data', (chunk) => {
    received += chunk.length
    if (received > MAX_REQUEST_BODY_BYTES) req.destroy()
  })
  next()
}

const server = http.createServer((req, res) => {
  capRequestBody(req, res, () => compress(req, res, () => assets(req, res, () => handleRequest(req, res))))
})

const port = Number(process.env.PORT ?? 3000)
server.listen(port, () => {
  console.log(`BrokerVault listening on ${process.env.APP_URL ?? `http://localhost:${port}`}`)
})

let stopping = false
async function shutdown(signal) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing in-flight requests`)
  const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS)
  force.unref()
  // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
  server.close(async () => {
    await closeServerResources()
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
