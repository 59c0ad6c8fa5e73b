// Production server: static assets, compression, the React Router handler, graceful shutdown.
// Plain JavaScript so `node server.mjs` runs without a build step of its own.
import { spawnSync } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import sirv from 'sirv'

// The fetch adapter queues request bodies without backpressure, so bodies are capped here, above
// the app's own upload limits (which answer with friendly messages well before this one).
const MAX_REQUEST_BODY_BYTES = 256 * 1024 * 1024
const build = await import(path.resolve('build/server/index.js'))
const { prepareServer, closeServerResources, createAppNodeListener, closeAfterAnswer, getServerTimeoutsMs, logger } = build.entry.module

// Set from the first signal on: every response from then on closes its connection.
let draining = false
let server = null
/** Responses not yet finished: what a shutdown waits for. */
const inFlight = new Set()

process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
// A last net, not a fix: the request edge answers every request inside its own error handling
// (docs/decisions/026-request-edge.md). Should a promise still reject unhandled, it is logged and
// the server keeps answering everyone else.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'Unhandled rejection'))

// Configuration, then the database: it is waited for (DATABASE_CONNECT_TIMEOUT) and migrated,
// and the demo seed runs on the embedded database, all before the port opens.
let timeouts
try {
  timeouts = getServerTimeoutsMs()
  if (process.env.BROKERVAULT_PREPARE_ONLY === '1') {
    // The child below: create, migrate and seed the embedded database, then exit.
    await prepareServer()
    await closeServerResources()
    process.exit(0)
  }
  prepareEmbeddedDatabaseApart()
  await prepareServer()
} catch (error) {
  await exitAfterFailedStart(error)
}

/**
 * The first start on the embedded database: its creation (initdb), migrations and demo photos
 * grow PGlite's WebAssembly memory by hundreds of megabytes, which never shrinks. A child
 * process does that work and exits; this process then opens a ready folder (about 260 MB idle
 * instead of 400 to 800).
 */
function prepareEmbeddedDatabaseApart() {
  if (!build.entry.module.embeddedDatabaseIsNew()) return
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, BROKERVAULT_PREPARE_ONLY: '1', JOBS_IN_PROCESS: '0' },
    stdio: 'inherit',
  })
  if (child.status !== 0) throw new Error(`Preparing the embedded database failed (exit ${child.status ?? child.signal})`)
}

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
const handleRequest = createAppNodeListener(build, process.env.NODE_ENV)
const serveStatic = (req, res, next) => compress(req, res, () => assets(req, res, next))

function capRequestBody(req, res, next) {
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES) {
    res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
    res.end('Request too large.')
    // The client may go on sending the body: half-close, drop what comes, then close.
    closeAfterAnswer(req, res)
    return
  }
  let received = 0
  req.on('data', (chunk) => {
    received += chunk.length
    if (received > MAX_REQUEST_BODY_BYTES) req.destroy()
  })
  next()
}

function track(res) {
  inFlight.add(res)
  res.once('close', () => inFlight.delete(res))
  // A request that arrives on a kept-alive connection while draining is answered, then closed.
  if (draining) closeConnectionAfter(res)
}

server = http.createServer(
  {
    // Slow clients are answered 408 and closed (docs/decisions/026-request-edge.md); Node checks
    // these two every connectionsCheckingInterval, the body timer is the edge's own.
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: 2_000,
  },
  (req, res) => {
    track(res)
    capRequestBody(req, res, () => handleRequest(req, res, serveStatic))
  },
)

const port = Number(process.env.PORT ?? 3000)
server.listen(port, () => {
  const url = process.env.APP_URL ?? `http://localhost:${port}`
  logger.info({ url, port }, `BrokerVault listening on ${url}`)
})

/** `Connection: close` while the headers are still ours to set; else the socket ends after this response. */
function closeConnectionAfter(res) {
  if (!res.headersSent) {
    res.setHeader('Connection', 'close')
    return
  }
  const socket = res.socket
  res.once('finish', () => socket?.end())
}

/**
 * SIGTERM/SIGINT: stop accepting connections, close idle keep-alive sockets, answer every request
 * in flight or still arriving on a busy socket with `Connection: close`, wait up to
 * SHUTDOWN_TIMEOUT for them (uploads included), close the database and exit 0. Requests still
 * running at the timeout are cut, and the exit code is 1.
 */
function shutdown(signal) {
  if (draining) return
  draining = true
  if (!server) return stopBeforeServing()
  logger.info({ signal, inFlight: inFlight.size, shutdownSeconds: timeouts.shutdownMs / 1000 }, 'Draining requests')
  for (const res of inFlight) closeConnectionAfter(res)
  const force = setTimeout(() => forceExit(), timeouts.shutdownMs)
  // Stop listening, but leave idle keep-alive sockets to Node's keep-alive timeout (the
  // `Keep-Alive: timeout=5` every response announced): closing one early races a client that is
  // sending its next request on it, which then sees a reset. A request that does arrive is
  // answered with `Connection: close` (track), so every socket ends cleanly within 5 s.
  // (http.Server#close would also close idle sockets at once; net.Server#close only stops listening.)
  net.Server.prototype.close.call(server, async () => {
    clearTimeout(force)
    await closeResources()
    logger.info({ signal }, 'All requests answered; database closed')
    process.exit(0)
  })
}

async function forceExit() {
  logger.error({ inFlight: inFlight.size }, 'Requests still running after SHUTDOWN_TIMEOUT; closing them')
  server.closeAllConnections()
  await closeResources()
  process.exit(1)
}

async function closeResources() {
  try {
    await closeServerResources()
  } catch (error) {
    logger.error({ err: error }, 'Closing the database failed')
  }
}

/** A signal while starting (maybe waiting for the database): nothing was served, nothing to drain. */
async function stopBeforeServing() {
  await closeResources()
  logger.info('Stopped before serving')
  process.exit(0)
}

/** Known start-up failures say what is wrong in their message; anything else keeps its stack. */
async function exitAfterFailedStart(error) {
  const known = error?.name === 'DatabaseStartError' || /^Invalid configuration/.test(error?.message ?? '')
  logger.fatal(known ? { reason: error.message } : { err: error }, known ? error.message : 'BrokerVault could not start')
  await closeResources()
  process.exit(1)
}
