import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { healthStatus, rawExchange, statusesOf } from '#tests/support/raw-http.ts'
import { CRASHING_HOSTS, CRASHING_TARGETS } from '#tests/support/raw-requests.ts'
import { projectDatabaseEnv, type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'

/*
 * Issue 23: the request edge of `node server.mjs` (docs/decisions/026-request-edge.md). Hosts and
 * targets that once stopped the process get a 400; the app's origin is APP_URL whatever the
 * request says; slow headers and bodies are answered 408 and closed; an early answer closes the
 * socket instead of waiting for the rest of the body.
 */

const BODY_TIMEOUT_SECONDS = 1
const HEADERS_TIMEOUT_SECONDS = 1

const get = (target: string, host = 'localhost') => `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`

type Trickle = { statuses: number[]; answeredAfterMs: number | null; closedAfterMs: number | null; bytesSent: number }

/**
 * Sends `head`, then `body` one slice at a time every `everyMs`; reports what came back and when
 * the server closed the socket (null: still open when the test gave up at `giveUpMs`).
 */
function trickle(port: number, head: string, body: string, { sliceBytes = 1, everyMs = 200, giveUpMs = 10_000 } = {}): Promise<Trickle> {
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = net.connect({ port, host: '127.0.0.1' })
    const chunks: Buffer[] = []
    let sent = 0
    let answeredAfterMs: number | null = null
    let ticker: NodeJS.Timeout | undefined
    const finish = (closed: boolean) => {
      clearInterval(ticker)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ statuses: statusesOf(Buffer.concat(chunks)), answeredAfterMs, closedAfterMs: closed ? performance.now() - started : null, bytesSent: sent })
    }
    const giveUp = setTimeout(() => finish(false), giveUpMs)
    socket.on('data', (chunk: Buffer) => {
      answeredAfterMs ??= performance.now() - started
      chunks.push(chunk)
    })
    socket.on('close', () => finish(true))
    socket.on('error', () => {})
    socket.once('connect', () => {
      socket.write(head)
      ticker = setInterval(() => {
        if (sent >= body.length || socket.destroyed) return
        socket.write(body.slice(sent, sent + sliceBytes))
        sent += sliceBytes
      }, everyMs)
    })
  })
}

describe('the request edge of node server.mjs', () => {
  let server: ServerProcess
  let port: number

  beforeAll(async () => {
    server = await startServerProcess({
      ...projectDatabaseEnv(),
      BODY_TIMEOUT: String(BODY_TIMEOUT_SECONDS),
      HEADERS_TIMEOUT: String(HEADERS_TIMEOUT_SECONDS),
    })
    await server.waitUntilHealthy()
    port = Number(new URL(server.url).port)
  }, 90_000)

  afterAll(async () => {
    await server?.dispose()
  })

  it('answers 400 to every Host that cannot name a host, and keeps serving', async () => {
    for (const host of [...CRASHING_HOSTS, 'localhost:', 'a'.repeat(300)]) {
      const exchange = await rawExchange(port, get('/', host))
      expect(exchange.statuses, `Host: ${JSON.stringify(host)}`).toEqual([400])
      expect(exchange.received.toString()).toContain('Malformed Host header.')
    }
    expect((await rawExchange(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n')).statuses).toEqual([400])
    expect((await rawExchange(port, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n')).statuses).toEqual([400])
    // HTTP/1.0 may omit Host.
    expect((await rawExchange(port, 'GET /healthz HTTP/1.0\r\n\r\n')).statuses).toEqual([200])
    expect(await healthStatus(port)).toBe(200)
  })

  it('refuses targets with credentials and answers scheme-relative paths as paths, never 5xx', async () => {
    for (const target of CRASHING_TARGETS(port)) {
      const [status] = (await rawExchange(port, get(target))).statuses
      // `//x@y` is a path on this server (not found); `http://u:p@…` carries credentials.
      const expected = /^https?:/.test(target) ? 400 : 404
      expect(status, target).toBe(expected)
    }
    for (const target of ['*', '/%', 'localhost:80', 'http://[/']) {
      expect((await rawExchange(port, get(target))).statuses, target).toEqual([400])
    }
    expect((await rawExchange(port, 'TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).statuses).toEqual([405])
    expect(await healthStatus(port)).toBe(200)
    expect(server.logs().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
    expect(server.stackTraces()).toEqual([])
  })

  it('takes its origin from APP_URL: neither Host nor an absolute-form target changes a link or a redirect', async () => {
    const absolute = await rawExchange(port, get('http://evil.example/auth?mode=signup', 'evil.example'))
    expect(absolute.statuses).toEqual([200])
    expect(absolute.received.toString()).toContain('<form')
    expect(absolute.received.toString()).not.toContain('evil.example')

    const redirected = await rawExchange(port, get('http://evil.example/home', 'evil.example'))
    const location = /\r\nlocation: ([^\r]*)/i.exec(redirected.received.toString())?.[1] ?? ''
    expect(redirected.statuses).toEqual([302])
    expect(location.startsWith('/') || location.startsWith(server.url)).toBe(true)
    expect(location).not.toContain('evil.example')

    // A cross-site form post does not become same-site by naming the attacker's host.
    const post = await rawExchange(
      port,
      'POST http://evil.example/auth HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 14\r\nConnection: close\r\n\r\nintent=signin&',
    )
    expect(post.statuses).toEqual([403])
  })

  it('answers 408 and closes a body that trickles (1 byte every 200 ms)', async () => {
    const body = 'intent=signin&email=' + 'x'.repeat(4_000)
    const head = `POST /auth HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`
    const results = await Promise.all(Array.from({ length: 20 }, () => trickle(port, head, body)))
    for (const result of results) {
      expect(result.statuses).toEqual([408])
      // The first BODY_TIMEOUT, plus the ~1 s a few bytes earn at 1 kB/s, plus the 2 s linger.
      expect(result.closedAfterMs).not.toBeNull()
      expect(result.closedAfterMs ?? Infinity).toBeLessThan((BODY_TIMEOUT_SECONDS + 4) * 1000)
    }
    expect(await healthStatus(port)).toBe(200)
  })

  it('lets a slow but steady body through (2 kB/s, well over the minimum rate)', async () => {
    const body = new URLSearchParams({ intent: 'signin', email: 'steady@example.com', password: 'p'.repeat(5_000) }).toString()
    const head = `POST /auth HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`
    const result = await trickle(port, head, body, { sliceBytes: 200, everyMs: 100 })
    expect(result.bytesSent).toBeGreaterThanOrEqual(body.length)
    // Wrong credentials: the form answered, after about 2.5 s of body.
    expect(result.statuses).toEqual([400])
  })

  it('answers 408 and closes when the headers never finish', async () => {
    const result = await trickle(port, 'GET /home HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: ' + 'a'.repeat(100), { everyMs: 300 })
    expect(result.statuses).toEqual([408])
    // Node checks the headers deadline every 2 s.
    expect(result.closedAfterMs ?? Infinity).toBeLessThan((HEADERS_TIMEOUT_SECONDS + 4) * 1000)
  })

  it('closes the socket after an early 413 instead of reading the rest of the body', async () => {
    const tooLarge = 1024 * 1024
    const head = `POST /auth HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${tooLarge}\r\n\r\n`
    const results = await Promise.all(
      Array.from({ length: 10 }, () => trickle(port, head, 'a'.repeat(tooLarge), { sliceBytes: 100, everyMs: 100, giveUpMs: 30_000 })),
    )
    for (const result of results) {
      expect(result.statuses).toEqual([413])
      // Closed within the 2 s linger of the answer, while the client was still sending.
      expect((result.closedAfterMs ?? Infinity) - (result.answeredAfterMs ?? 0)).toBeLessThan(4_000)
    }
    // Over the server's own cap (256 MB): refused before the app, also closed.
    const capped = await trickle(port, head.replace(`Content-Length: ${tooLarge}`, 'Content-Length: 300000000'), 'a'.repeat(10_000), { sliceBytes: 100 })
    expect(capped.statuses).toEqual([413])
    expect(capped.closedAfterMs ?? Infinity).toBeLessThan(4_000)
  })
})
