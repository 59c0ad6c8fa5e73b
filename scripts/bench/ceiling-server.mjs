// Serves the bench's bare React Router build exactly as server.mjs serves the app: node:http,
// compression, sirv for build/client, @mjackson/node-fetch-server around the request handler.
// Usage: node ceiling-server.mjs <folder with build/> <port>
import http from 'node:http'
import path from 'node:path'
import { createRequestListener } from '@mjackson/node-fetch-server'
import compression from 'compression'
import { createRequestHandler } from 'react-router'
import sirv from 'sirv'

const [folder, port] = process.argv.slice(2)
const build = await import(path.join(folder, 'build/server/index.js'))
const handle = createRequestHandler(build, 'production')
const compress = compression()
const assets = sirv(path.join(folder, 'build/client'), {
  etag: true,
  setHeaders(res, pathname) {
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
  },
})
const handleRequest = createRequestListener((request) => handle(request))
const server = http.createServer((req, res) => compress(req, res, () => assets(req, res, () => handleRequest(req, res))))
server.listen(Number(port))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
