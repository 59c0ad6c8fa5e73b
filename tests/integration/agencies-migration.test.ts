import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { afterEach, describe, expect, it } from 'vitest'
import { hashPassword } from '#app/modules/auth/password.server.ts'
import { CookieJar, getPage, postForm, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'

/*
 * Migration 0022 on a database of the single-broker days: a fresh database (a new one on the
 * Postgres server, or a PGlite folder of its own) is migrated up to 0021 with drizzle's migrator
 * on a copy of drizzle/ without 0022, given a broker with a session, a property, a client and a
 * share through SQL, then migrated to the end. The broker owns an agency of one, every row
 * carries it, and the app (a server process on that database) shows the broker their data.
 */

const MIGRATIONS = path.resolve('drizzle')
const PASSWORD = 'correct-horse-battery-staple'

type Journal = { entries: { idx: number; tag: string }[] }

/** drizzle/ as it was before 0022: the SQL files and the journal without it and what came after. */
async function migrationsBefore0022(into: string) {
  await cp(MIGRATIONS, into, { recursive: true })
  const journalPath = path.join(into, 'meta/_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal
  const dropped = journal.entries.filter((entry) => entry.idx >= 22)
  expect(dropped[0]?.tag).toBe('0022_agencies_and_row_level_security')
  journal.entries = journal.entries.filter((entry) => entry.idx < 22)
  await writeFile(journalPath, JSON.stringify(journal, null, 2))
  for (const entry of dropped) await rm(path.join(into, `${entry.tag}.sql`))
}

type Rows = <T>(query: ReturnType<typeof sql>) => Promise<T[]>

/** A new, empty database on the driver of the running project. */
type FreshDatabase = {
  migrate: (migrationsFolder: string) => Promise<void>
  rows: Rows
  /** What a server process needs to open it. */
  env: Record<string, string>
  close: () => Promise<void>
  dispose: () => Promise<void>
}

async function freshDatabase(folder: string): Promise<FreshDatabase> {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const name = `bv_migration_${randomBytes(5).toString('hex')}`
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const client = postgres(url.href, { max: 1, onnotice: () => {} })
    const db = drizzlePostgres({ client })
    return {
      migrate: (migrationsFolder: string) => migratePostgres(db, { migrationsFolder }),
      rows: (async (query) => (await db.execute(query)) as never) as Rows,
      env: { DATABASE_URL: url.href },
      close: async () => {
        await client.end({ timeout: 5 })
      },
      dispose: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`)
        await admin.end({ timeout: 5 })
      },
    }
  }
  const dir = path.join(folder, 'pglite')
  const client = new PGlite(dir, { extensions: { unaccent } })
  const db = drizzlePglite({ client })
  return {
    migrate: (migrationsFolder: string) => migratePglite(db, { migrationsFolder }),
    rows: (async (query) => (await db.execute(query)).rows as never) as Rows,
    env: { PGLITE_DIR: dir },
    close: () => client.close(),
    dispose: async () => undefined,
  }
}

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

describe('migration 0022 on an existing single-broker database', () => {
  it('makes the broker the owner of an agency of one, gives every row its agency_id, and the app shows the same data', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'bv-migration-'))
    cleanup.push(() => rm(folder, { recursive: true, force: true }))
    const before = path.join(folder, 'drizzle-before-0022')
    await migrationsBefore0022(before)
    const database = await freshDatabase(folder)
    cleanup.push(database.dispose)
    let open = true
    cleanup.push(async () => {
      if (open) await database.close()
    })

    await database.migrate(before)
    const [columns] = await database.rows<{ n: number }>(sql`select count(*)::int as n from information_schema.columns where column_name = 'agency_id'`)
    expect(columns?.n).toBe(0)

    // The single-broker days: a broker, their profile, trial, a session, a property, a client and a share.
    const email = `legacy-${randomBytes(4).toString('hex')}@example.com`
    const [broker] = await database.rows<{ id: string }>(
      sql`insert into users (email, password_hash) values (${email}, ${await hashPassword(PASSWORD)}) returning id::text`,
    )
    const brokerId = broker!.id
    await database.rows(sql`insert into profiles (id, full_name, agency_name, phone) values (${brokerId}, 'Lena Legacy', 'Legacy Homes', '+351 210 000 000')`)
    await database.rows(sql`insert into user_subscriptions (user_id, plan, trial_end_date) values (${brokerId}, 'free_trial', now() + interval '10 days')`)
    await database.rows(
      sql`insert into user_sessions (user_id, session_id, device_info, expires_at) values (${brokerId}, ${'0'.repeat(64)}, '{"userAgent":"old","timestamp":"2026-01-01T00:00:00.000Z"}', now() + interval '1 day')`,
    )
    const [property] = await database.rows<{ id: string }>(
      sql`insert into properties (owner_id, category, type, purpose, title, status) values (${brokerId}, 'residential', 'apartment', 'sale', 'Legacy loft', 'active') returning id::text`,
    )
    const [client] = await database.rows<{ id: string }>(sql`insert into clients (owner_id, full_name) values (${brokerId}, 'Carlos Legacy') returning id::text`)
    const shareId = randomBytes(16).toString('base64url').slice(0, 22)
    await database.rows(sql`insert into shares (id, owner_id, kind, property_id) values (${shareId}, ${brokerId}, 'property', ${property!.id})`)

    await database.migrate(MIGRATIONS)

    const agencies = await database.rows<{ agency_id: string; role: string; name: string; phone: string | null; members: number }>(sql`
      select m.agency_id::text, m.role, a.name, a.phone, (select count(*)::int from agency_members o where o.agency_id = m.agency_id) as members
      from agency_members m join agencies a on a.id = m.agency_id where m.user_id = ${brokerId}`)
    expect(agencies).toEqual([{ agency_id: expect.any(String), role: 'owner', name: 'Legacy Homes', phone: '+351 210 000 000', members: 1 }])
    const agencyId = agencies[0]!.agency_id
    for (const table of ['properties', 'clients', 'shares', 'user_sessions']) {
      const rows = await database.rows<{ agency_id: string | null }>(sql`select agency_id::text from ${sql.identifier(table)}`)
      expect(rows, table).toEqual([{ agency_id: agencyId }])
    }
    // Every tenant table's agency_id is filled and required from now on.
    const nullable = await database.rows<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'agency_id' and is_nullable = 'YES' and table_name <> 'user_sessions'`)
    expect(nullable).toEqual([])
    await database.close()
    open = false

    // The app on that database: the broker signs in and finds everything where it was.
    const server: ServerProcess = await startServerProcess(database.env)
    cleanup.push(() => server.dispose())
    await server.waitUntilHealthy()
    const jar = new CookieJar()
    const signedIn = await postForm(server.url, '/auth', { intent: 'signin', email, password: PASSWORD }, jar)
    expect(signedIn.status).toBe(302)
    const page = async (pathname: string) => {
      const response = await getPage(server.url, pathname, jar)
      expect(response.status, pathname).toBe(200)
      return (await response.text()).replace(/<!-- -->/g, '')
    }
    expect(await page('/properties')).toContain('Legacy loft')
    expect(await page('/clients')).toContain('Carlos Legacy')
    expect(await page(`/property/${property!.id}`)).toContain('Legacy loft')
    expect(await page(`/client/${client!.id}`)).toContain('Carlos Legacy')
    const agencyPage = await page('/agency')
    expect(agencyPage).toContain('Legacy Homes')
    expect(agencyPage.match(/data-testid="member"/g)).toHaveLength(1)
    expect((await getPage(server.url, `/preview/${shareId}`, new CookieJar())).status).toBe(200)
  }, 120_000)
})
