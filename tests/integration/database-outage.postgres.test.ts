import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyForm } from '#tests/support/properties.ts'
import {
  type CookieJar,
  freePort,
  getPage,
  postForm,
  type ServerProcess,
  signedInJar,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { TcpProxy } from '#tests/support/tcp-proxy.ts'

// Postgres only (vitest.config.ts): the production server runs against the project's real
// Postgres through a TCP proxy that the tests cut and restore, as a database host that goes away.
const UNAVAILABLE = 'BrokerVault is temporarily unavailable. Nothing was lost; try again in a moment.'
const NOTHING_SAVED = 'Nothing was saved'
const NOT_REACHABLE = 'Database not reachable; retrying'

const databaseUrl = new URL(process.env.DATABASE_URL as string)
const target = { host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) }

/** The project's database, reached through the proxy's port. */
function viaProxy(port: number) {
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return url.toString()
}

/** No stack trace in the server's log: an outage is expected, not a crash. */
function stackLines(server: ServerProcess) {
  return server.stackTraces()
}

describe('a database that goes away while the server runs', () => {
  let proxy: TcpProxy
  let server: ServerProcess
  let jar: CookieJar
  let shareId: string

  beforeAll(async () => {
    proxy = new TcpProxy(await freePort(), target)
    await proxy.start()
    server = await startServerProcess({ DATABASE_URL: viaProxy(proxy.port) })
    await server.waitUntilHealthy()
    jar = await signedInJar(server.url)
    const created = await postForm(server.url, '/property/new/residential', propertyForm(), jar)
    const propertyId = /^\/property\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')?.[1]
    if (!propertyId) throw new Error(`property not created: ${created.status}`)
    await postForm(server.url, '/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '7', redirectTo: '/home' }, jar)
    const page = await (await getPage(server.url, `/property/${propertyId}`, jar)).text()
    shareId = /\/preview\/([A-Za-z0-9_-]+)/.exec(page)?.[1] ?? ''
    expect(shareId).not.toBe('')
  }, 90_000)

  afterAll(async () => {
    await server?.dispose()
    await proxy?.cut()
  })

  /** Runs `during` with the database cut, and always restores it. */
  async function withOutage(during: () => Promise<void>) {
    await proxy.cut()
    try {
      await during()
    } finally {
      await proxy.start()
    }
  }

  it('answers a signed-in page with 503 and Retry-After, keeps the session, and works again after', async () => {
    await withOutage(async () => {
      const response = await getPage(server.url, '/properties', jar)
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect(response.headers.get('Location')).toBeNull()
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      // The session cookie is neither cleared nor replaced: the broker is not signed out.
      expect(response.headers.getSetCookie().filter((c) => c.startsWith('bv_session='))).toEqual([])
      const html = await response.text()
      expect(html).toContain(UNAVAILABLE)
      expect(html).toContain('data-network-error="true"')
    })
    expect(jar.cookies.has('bv_session')).toBe(true)

    const after = await getPage(server.url, '/properties', jar)
    expect(after.status).toBe(200)
    expect(await after.text()).toContain('Sunny two-bedroom flat')
    expect(stackLines(server)).toEqual([])
  })

  it('answers a form post with 503 saying nothing was saved, without a redirect; nothing is saved', async () => {
    const client = { fullName: 'Outage Olivia', email: 'olivia@example.com', kind: 'buyer', stage: 'new' }
    await withOutage(async () => {
      const response = await postForm(server.url, '/client/new', client, jar)
      expect(response.status).toBe(503)
      expect(response.headers.get('Location')).toBeNull()
      expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
      const html = await response.text()
      expect(html).toContain(NOTHING_SAVED)
      expect(html).not.toContain('Try again</a>')
    })
    const clients = await (await getPage(server.url, '/clients', jar)).text()
    expect(clients).not.toContain('Outage Olivia')
    expect(stackLines(server)).toEqual([])
  })

  it('answers sign-in with 503, not 500', async () => {
    await withOutage(async () => {
      const response = await postForm(server.url, '/auth', { intent: 'signin', email: 'x@example.com', password: 'whatever-it-is' }, jar)
      expect(response.status).toBe(503)
      expect(await response.text()).toContain(NOTHING_SAVED)
    })
  })

  it('answers a share page with an equally tiny 503 page without JavaScript, kept by no cache', async () => {
    await withOutage(async () => {
      const response = await fetch(`${server.url}/preview/${shareId}`)
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      const html = await response.text()
      expect(html).toContain(UNAVAILABLE)
      expect(html).not.toContain('<script')
      expect(Buffer.byteLength(html)).toBeLessThan(4096)
    })
    const after = await fetch(`${server.url}/preview/${shareId}`)
    expect(after.status).toBe(200)
    expect(stackLines(server)).toEqual([])
  })

  it('logs the outage in one line, not one error per request', async () => {
    const outageLines = server.logs().filter((line) => line.msg === 'Database unavailable; answering 503 until it is back')
    expect(outageLines.length).toBeGreaterThanOrEqual(1)
    // Written while a request met the outage: it carries that request's id.
    expect(outageLines[0]).toMatchObject({ level: 'warn', reason: expect.stringMatching(/ECONNREFUSED|CONNECTION_CLOSED|ECONNRESET/), reqId: expect.any(String) })
    expect(outageLines.length).toBeLessThanOrEqual(4)
  })
})

describe('starting while the database is down', () => {
  it('retries with backoff, one line per attempt, and starts once the database is back', async () => {
    const proxy = new TcpProxy(await freePort(), target)
    const server = await startServerProcess({ DATABASE_URL: viaProxy(proxy.port), DATABASE_CONNECT_TIMEOUT: '30' })
    try {
      const second = await server.waitForLog((line) => line.msg === NOT_REACHABLE && line.attempt === 2)
      expect(second).toMatchObject({ level: 'warn', reason: expect.stringContaining('ECONNREFUSED'), retryInSeconds: expect.any(Number) })
      await proxy.start()
      await server.waitUntilHealthy()
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(server.logs()).toContainEqual(expect.objectContaining({ level: 'info', msg: 'Database reachable', attempt: expect.any(Number) }))
      expect(stackLines(server)).toEqual([])
      server.child.kill('SIGTERM')
      expect(await server.exited).toEqual({ code: 0, signal: null })
    } finally {
      await server.dispose()
      await proxy.cut()
    }
  }, 60_000)

  it('gives up after DATABASE_CONNECT_TIMEOUT with a one-line message and a non-zero exit', async () => {
    const started = Date.now()
    const server = await startServerProcess({ DATABASE_URL: viaProxy(await freePort()), DATABASE_CONNECT_TIMEOUT: '1.5' })
    try {
      const { code } = await server.exited
      expect(code).toBe(1)
      expect(Date.now() - started).toBeLessThan(20_000)
      // Every line is JSON; the last one says why in one sentence.
      const [last, ...attempts] = [...server.logs()].reverse()
      expect(last?.level).toBe('fatal')
      expect(last?.msg).toMatch(/^BrokerVault could not reach the database within 1\.5 s \(DATABASE_CONNECT_TIMEOUT; last error: .*ECONNREFUSED.*\)\. Exiting\.$/)
      expect(attempts.length).toBeGreaterThanOrEqual(2)
      for (const line of attempts) expect(line).toMatchObject({ msg: NOT_REACHABLE, attempt: expect.any(Number) })
      expect(stackLines(server)).toEqual([])
    } finally {
      await server.dispose()
    }
  }, 30_000)
})
