import type { IncomingMessage, ServerResponse } from 'node:http'
import { once } from 'node:events'
import { appUrlOf, checkHostHeaders, isTargetRefusal } from './request-target.server.ts'

/*
 * The request edge between Node's HTTP server and the app's fetch handler
 * (docs/decisions/026-request-edge.md). Everything that can throw on hostile input (the URL, the
 * headers, the method, the body stream, writing the answer) happens inside this function's error
 * handling: one request can never reject past it and stop the process.
 */

export type FetchHandler = (request: Request, client: { address?: string }) => Promise<Response>

export type BodyTimeouts = {
  /** A body must start and keep arriving: no byte for this long ends it with a 408. */
  bodyIdleMs: number
  /** Beyond the first `bodyIdleMs`, a body must average at least this rate (slow-loris trickles). */
  bodyMinBytesPerSecond: number
}

type Logger = { error(fields: Record<string, unknown>, message: string): void; warn(fields: Record<string, unknown>, message: string): void }

// Methods the Fetch API refuses to build a Request with; Node's parser accepts them.
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])
// After answering a request whose body is still arriving, read and drop it this long, then close.
const LINGER_MS = 2_000
const BODY_CHUNKS_BUFFERED = 16

function tinyPage(res: ServerResponse, status: number, title: string, detail: string, extra: Record<string, string> = {}) {
  if (res.headersSent || res.writableEnded) return
  const body = `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${detail}</p>\n`
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...extra,
  })
  res.end(body)
}

/**
 * Ends a connection whose request body is still (or may still be) arriving, without a reset that
 * could destroy the answer in the client's buffer: half-close, drop what still comes, then close.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  const socket = req.socket
  const linger = () => {
    req.resume()
    socket.end()
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  }
  if (res.writableFinished) linger()
  else res.once('finish', linger)
}

function hasBody(req: IncomingMessage) {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/**
 * Times a request body (RFC 9110 408): ends it when no byte came for `bodyIdleMs`, or when it
 * falls below the minimum rate after that first allowance. Returns a stop function.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, timeouts: BodyTimeouts, onTimeout: () => void) {
  const startedAt = Date.now()
  let lastByteAt = startedAt
  let received = 0
  let timer: NodeJS.Timeout | undefined
  const deadline = () =>
    Math.min(lastByteAt + timeouts.bodyIdleMs, startedAt + timeouts.bodyIdleMs + (received * 1000) / timeouts.bodyMinBytesPerSecond)
  const check = () => {
    const left = deadline() - Date.now()
    if (left > 0) {
      timer = setTimeout(check, left)
      return
    }
    stop()
    onTimeout()
  }
  const onData = (chunk: Buffer) => {
    received += chunk.length
    lastByteAt = Date.now()
  }
  const stop = () => {
    clearTimeout(timer)
    req.off('data', onData)
    req.off('end', stop)
    res.off('close', stop)
  }
  req.on('data', onData)
  req.once('end', stop)
  res.once('close', stop)
  timer = setTimeout(check, timeouts.bodyIdleMs)
  return stop
}

/** The body as a web stream that pauses the socket while the app is not reading (backpressure). */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (settled) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 1) <= 0) req.pause()
        })
        req.once('end', () => {
          if (settled) return
          settled = true
          controller.close()
        })
        req.once('close', () => {
          if (settled) return
          settled = true
          controller.error(new Error('The request body ended early.'))
        })
      },
      pull() {
        req.resume()
      },
      cancel() {
        settled = true
        req.resume()
      },
    },
    new CountQueuingStrategy({ highWaterMark: BODY_CHUNKS_BUFFERED }),
  )
}

function headersOf(rawHeaders: readonly string[]) {
  const headers = new Headers()
  for (let i = 0; i < rawHeaders.length; i += 2) headers.append(rawHeaders[i] ?? '', rawHeaders[i + 1] ?? '')
  return headers
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
  // The body timer may have answered 408 already; the app's late answer has nowhere to go.
  if (res.headersSent || res.writableEnded || res.destroyed) {
    await response.body?.cancel().catch(() => {})
    return
  }
  const rawHeaders: string[] = []
  for (const [key, value] of response.headers) rawHeaders.push(key, value)
  // Answered before the body was read (a 413, a refusal): the rest of it must not hold the socket.
  const bodyUnread = !req.complete && hasBody(req)
  if (bodyUnread) rawHeaders.push('Connection', 'close')
  res.writeHead(response.status, rawHeaders)
  if (bodyUnread) closeAfterAnswer(req, res)
  if (response.body && req.method !== 'HEAD') {
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        if (res.destroyed) break
        if (!res.write(value)) {
          const [event] = await Promise.race([once(res, 'drain').then(() => ['drain']), once(res, 'close').then(() => ['close'])])
          if (event === 'close') break
        }
      }
    } finally {
      if (res.destroyed) await reader.cancel().catch(() => {})
      reader.releaseLock()
    }
  }
  res.end()
}

export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/**
 * A Node request listener around the app's fetch handler. `appOrigin` is APP_URL's origin: the
 * only origin the app ever sees. `beforeApp` (static files, compression) runs once the request
 * has passed the edge's checks; it calls `next` for what it does not answer.
 */
export function createNodeRequestListener(
  handler: FetchHandler,
  {
    appOrigin,
    timeouts,
    logger,
    answerEarly,
  }: {
    appOrigin: string
    timeouts: BodyTimeouts
    logger: Logger
    /**
     * Answers what it can straight from Node's request (share pages in memory); false leaves it to
     * the app. Asked only for GET and HEAD: a body must meet its reader in the same tick, or a
     * listener elsewhere (the body cap) could let its first chunks flow past.
     */
    answerEarly?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>
  },
) {
  async function answerEarlyOrApp(req: IncomingMessage, res: ServerResponse, url: URL, method: string, beforeApp?: NodeMiddleware) {
    try {
      if (answerEarly && (method === 'GET' || method === 'HEAD') && (await answerEarly(req, res))) return
    } catch (error) {
      if (res.headersSent) return failed(req, res, error)
      // Only a shortcut: whatever tripped it, the app's own path answers the request.
      logger.warn({ err: error }, 'early answer failed; the app answers instead')
    }
    if (beforeApp) beforeApp(req, res, () => void answer(req, res, url, method))
    else void answer(req, res, url, method)
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, method: string) {
    try {
      const controller = new AbortController()
      res.once('close', () => controller.abort())
      let headers: Headers
      try {
        headers = headersOf(req.rawHeaders)
      } catch {
        return tinyPage(res, 400, 'Bad request', 'Malformed header.')
      }
      const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal }
      if (method !== 'GET' && method !== 'HEAD') {
        init.body = bodyStream(req)
        init.duplex = 'half'
        if (hasBody(req)) {
          watchBody(req, res, timeouts, () => {
            tinyPage(res, 408, 'Request timeout', 'The request body arrived too slowly.')
            closeAfterAnswer(req, res)
          })
        }
      }
      let request: Request
      try {
        request = new Request(url, init)
      } catch {
        // A header or method the Fetch API will not carry, though Node's parser let it through.
        return tinyPage(res, 400, 'Bad request', 'Malformed request.')
      }
      const response = await handler(request, { address: req.socket.remoteAddress })
      await writeResponse(req, res, response)
    } catch (error) {
      failed(req, res, error)
    }
  }

  function failed(req: IncomingMessage, res: ServerResponse, error: unknown) {
    if (!res.headersSent && !res.destroyed) {
      logger.error({ err: error, method: req.method, url: req.url }, 'request failed at the edge')
      tinyPage(res, 500, 'Something went wrong', 'Please try again.')
    } else {
      // The answer had started: all that is left is to end the connection.
      res.destroy()
    }
  }

  return (req: IncomingMessage, res: ServerResponse, beforeApp?: NodeMiddleware) => {
    try {
      const hostProblem = checkHostHeaders(req.rawHeaders, req.httpVersion)
      if (hostProblem) return tinyPage(res, 400, 'Bad request', hostProblem.refused)
      const url = appUrlOf(req.url ?? '', appOrigin)
      if (isTargetRefusal(url)) return tinyPage(res, 400, 'Bad request', url.refused)
      const method = (req.method ?? 'GET').toUpperCase()
      if (FORBIDDEN_METHODS.has(method)) return tinyPage(res, 405, 'Method not allowed', 'This method is not allowed.', { Allow: 'GET, HEAD, POST' })
      // Later layers read `req.url`: from here on it is the checked path and query only.
      req.url = `${url.pathname}${url.search}`
      void answerEarlyOrApp(req, res, url, method, beforeApp)
    } catch (error) {
      failed(req, res, error)
    }
  }
}
