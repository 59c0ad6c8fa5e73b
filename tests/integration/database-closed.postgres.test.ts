import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyForm } from '#tests/support/properties.ts'
import { type CookieJar, getPage, postForm, type ServerProcess, signedInJar, startServerProcess } from '#tests/support/server-process.ts'

/*
 * Postgres only (vitest.config.ts). The database is there and answers, but will not take a
 * session for now: closed to connections (ALTER DATABASE … ALLOW_CONNECTIONS false, SQLSTATE
 * 55000) or out of connection slots (a role's or a database's CONNECTION LIMIT, 53300). Both
 * are outages like a database host that went away (database-outage.postgres.test.ts): a 503
 * page with Retry-After while serving, retries at start (db/availability.server.ts).
 *
 * Each run creates its own database and login role on the TEST_DATABASE_URL server (the
 * connection limits do not apply to a superuser) and drops both at the end.
 */
const UNAVAILABLE = 'BrokerVault is temporarily unavailable. Nothing was lost; try again in a moment.'

const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`
const database = `bv_closed_${suffix}`
const role = `bv_closed_${suffix}`
const rolePassword = randomBytes(12).toString('hex')
const admin = postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} })

/** The throwaway database, as the throwaway role. */
const appDatabaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL as string)
  url.username = role
  url.password = rolePassword
  url.pathname = `/${database}`
  return url.toString()
})()

type Closure = { name: string; code: string; message: RegExp; close: string; reopen: string }
const CLOSURES: Closure[] = [
  {
    name: 'closed to connections',
    code: '55000',
    message: new RegExp(`database "${database}" is not currently accepting connections`),
    close: `alter database ${database} allow_connections false`,
    reopen: `alter database ${database} allow_connections true`,
  },
  {
    name: "out of the role's connections",
    code: '53300',
    message: new RegExp(`too many connections for role "${role}"`),
    close: `alter role ${role} connection limit 0`,
    reopen: `alter role ${role} connection limit -1`,
  },
  {
    name: "out of the database's connections",
    code: '53300',
    message: new RegExp(`too many connections for database "${database}"`),
    close: `alter database ${database} connection limit 0`,
    reopen: `alter database ${database} connection limit -1`,
  },
]

/** Ends every session on the throwaway database and waits until they are gone. */
async function terminateSessions() {
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`
  for (let i = 0; i < 100; i++) {
    const [row] = await admin<{ count: number }[]>`select count(*)::int as count from pg_stat_activity where datname = ${database}`
    if (row?.count === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`sessions on ${database} did not end`)
}

/** Closes the database the closure's way, with no session left open: every new one is refused. */
async function close(closure: Closure) {
  await admin.unsafe(closure.close)
  await terminateSessions()
}

const reopen = (closure: Closure) => admin.unsafe(closure.reopen)

/** No stack trace in the server's log: a closed database is expected, not a crash. */
const stackLines = (server: ServerProcess) => server.stackTraces()
const NOT_REACHABLE = 'Database not reachable; retrying'

beforeAll(async () => {
  await admin.unsafe(`create role ${role} login password '${rolePassword}'`)
  await admin.unsafe(`create database ${database} owner ${role}`)
  // A connecting role that is no superuser takes the app's role for signed-in requests only as
  // its member (migration 0022; docs/decisions/034): granted by an administrator, as in production.
  await admin.unsafe(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = 'brokervault_app') then create role brokervault_app nologin; end if;
  end $$`)
  await admin.unsafe(`grant brokervault_app to ${role}`)
})

afterAll(async () => {
  try {
    await admin.unsafe(`drop database if exists ${database} with (force)`)
    await admin.unsafe(`drop role if exists ${role}`)
  } finally {
    await admin.end()
  }
})

describe('a database that stops taking sessions while the server runs', () => {
  let server: ServerProcess
  let jar: CookieJar
  let shareId: string

  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: appDatabaseUrl })
    await server.waitUntilHealthy()
    jar = await signedInJar(server.url)
    const created = await postForm(server.url, '/property/new/residential', propertyForm(), jar)
    const propertyId = /^\/property\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')?.[1]
    if (!propertyId) throw new Error(`property not created: ${created.status}`)
    await postForm(server.url, '/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '7', redirectTo: '/home' }, jar)
    const page = await (await getPage(server.url, `/property/${propertyId}`, jar)).text()
    shareId = /\/preview\/([A-Za-z0-9_-]+)/.exec(page)?.[1] ?? ''
    expect(shareId).not.toBe('')
    // Kept in the server's memory, so the outage below must get past the share-page cache too.
    expect((await fetch(`${server.url}/preview/${shareId}`)).status).toBe(200)
  }, 90_000)

  afterAll(async () => {
    await server?.dispose()
  })

  it.each(CLOSURES)('$code, $name: a signed-in page and a share page answer 503 with Retry-After, and work again after', async (closure) => {
    await close(closure)
    try {
      const signedIn = await getPage(server.url, '/properties', jar)
      expect(signedIn.status).toBe(503)
      expect(signedIn.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect(signedIn.headers.get('Cache-Control')).toBe('no-store')
      expect(signedIn.headers.getSetCookie().filter((c) => c.startsWith('bv_session='))).toEqual([])
      expect(await signedIn.text()).toContain(UNAVAILABLE)

      const share = await fetch(`${server.url}/preview/${shareId}`)
      expect(share.status).toBe(503)
      expect(share.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect(share.headers.get('Cache-Control')).toBe('no-store')
      const html = await share.text()
      expect(html).toContain(UNAVAILABLE)
      expect(html).not.toContain('<script')

      // The database itself says why, in the reason it gives every new session.
      await expect(postgres(appDatabaseUrl, { max: 1, onnotice: () => {} })`select 1`).rejects.toMatchObject({
        code: closure.code,
        message: expect.stringMatching(closure.message),
      })
    } finally {
      await reopen(closure)
    }
    const after = await getPage(server.url, '/properties', jar)
    expect(after.status).toBe(200)
    expect(await after.text()).toContain('Sunny two-bedroom flat')
    expect((await fetch(`${server.url}/preview/${shareId}`)).status).toBe(200)
    expect(stackLines(server)).toEqual([])
  })

  it('logs the outage in a line with its reason, not an error per request', () => {
    const outageLines = server.logs().filter((line) => line.msg === 'Database unavailable; answering 503 until it is back')
    expect(outageLines.length).toBeGreaterThanOrEqual(1)
    expect(outageLines.length).toBeLessThanOrEqual(CLOSURES.length * 2)
    expect(stackLines(server)).toEqual([])
  })
})

describe('starting while the database takes no sessions', () => {
  const startClosures = CLOSURES.slice(0, 2)

  it.each(startClosures)('$code, $name: retries, one line per attempt, and serves once it takes them again', async (closure) => {
    await close(closure)
    let reopened = false
    const server = await startServerProcess({ DATABASE_URL: appDatabaseUrl, DATABASE_CONNECT_TIMEOUT: '30' })
    try {
      const line = await server.waitForLog((log) => log.msg === NOT_REACHABLE && log.attempt === 2)
      expect(line.reason).toMatch(new RegExp(`^${closure.code}: ${closure.message.source}$`))
      expect(line.retryInSeconds).toEqual(expect.any(Number))
      await reopen(closure)
      reopened = true
      await server.waitUntilHealthy()
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(server.logs()).toContainEqual(expect.objectContaining({ level: 'info', msg: 'Database reachable', attempt: expect.any(Number) }))
      expect(stackLines(server)).toEqual([])
      server.child.kill('SIGTERM')
      expect(await server.exited).toEqual({ code: 0, signal: null })
    } finally {
      if (!reopened) await reopen(closure)
      await server.dispose()
    }
  }, 60_000)

  it.each(startClosures)('$code, $name: gives up after DATABASE_CONNECT_TIMEOUT with a one-line message', async (closure) => {
    await close(closure)
    try {
      const started = Date.now()
      const server = await startServerProcess({ DATABASE_URL: appDatabaseUrl, DATABASE_CONNECT_TIMEOUT: '1.5' })
      try {
        const { code } = await server.exited
        expect(code).toBe(1)
        expect(Date.now() - started).toBeLessThan(20_000)
        const [last, ...attempts] = [...server.logs()].reverse()
        expect(last?.level).toBe('fatal')
        expect(last?.msg).toMatch(
          new RegExp(`^BrokerVault could not reach the database within 1\\.5 s \\(DATABASE_CONNECT_TIMEOUT; last error: ${closure.code}: ${closure.message.source}\\)\\. Exiting\\.$`),
        )
        expect(attempts.length).toBeGreaterThanOrEqual(2)
        for (const line of attempts) expect(line).toMatchObject({ msg: NOT_REACHABLE, reason: expect.stringMatching(new RegExp(`^${closure.code}: `)) })
        expect(stackLines(server)).toEqual([])
      } finally {
        await server.dispose()
      }
    } finally {
      await reopen(closure)
    }
  }, 30_000)
})

describe('starting against a database that refuses us for good', () => {
  // Not "not now": no retry helps, so no DATABASE_CONNECT_TIMEOUT of waiting either.
  it.each([
    {
      name: 'no CONNECT privilege (42501)',
      reason: `42501: permission denied for database "${database}"`,
      close: `revoke connect on database ${database} from public, ${role}`,
      reopen: `grant connect on database ${database} to ${role}`,
    },
    {
      // What an interrupted DROP DATABASE leaves: the same 55000 as a closed database, but not
      // "not currently accepting connections" (db/availability.server.ts narrows 55000).
      name: 'an invalid database (55000)',
      reason: `55000: cannot connect to invalid database "${database}"`,
      close: `update pg_database set datconnlimit = -2 where datname = '${database}'`,
      reopen: `update pg_database set datconnlimit = -1 where datname = '${database}'`,
    },
  ])('$name: exits at once with one line', async ({ reason, close: refuse, reopen: allow }) => {
    await admin.unsafe(refuse)
    try {
      const started = Date.now()
      const server = await startServerProcess({ DATABASE_URL: appDatabaseUrl, DATABASE_CONNECT_TIMEOUT: '30' })
      try {
        expect((await server.exited).code).toBe(1)
        expect(Date.now() - started).toBeLessThan(15_000)
        const log = server.lines.join('\n')
        expect(server.logs().at(-1), log).toMatchObject({ level: 'fatal', msg: `BrokerVault cannot use the database: ${reason}. Exiting.` })
        expect(server.logs().filter((line) => line.msg === NOT_REACHABLE), log).toEqual([])
        expect(stackLines(server), log).toEqual([])
      } finally {
        await server.dispose()
      }
    } finally {
      await admin.unsafe(allow)
    }
  }, 30_000)
})
