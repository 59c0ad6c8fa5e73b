// The bench's databases: the same small interface over PGlite and postgres.js, and the
// PostgreSQL database of its own that the bench creates, marks, and drops.
import path from 'node:path'
import postgres from 'postgres'
import { ROOT } from './util.mjs'

const MIGRATIONS_FOLDER = path.join(ROOT, 'drizzle')
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'
// Default bench database, on the TEST_DATABASE_URL server, so the test database is never touched.
const DEFAULT_BENCH_DATABASE = 'brokervault_bench'
// Written on the database the bench creates; the bench drops only a database carrying it.
const BENCH_MARK = 'brokervault bench: created and dropped by scripts/bench.mjs'
const RESERVED_DATABASES = new Set(['postgres', 'template0', 'template1'])

export async function openPglite(folder) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // unaccent: migration 0006 needs it, as the app's own PGlite does (db/client.server.ts).
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  const client = new PGlite(folder, { extensions: { unaccent } })
  await client.waitReady
  return {
    migrate: () => migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
    query: async (text, params = []) => (await client.query(text, params)).rows,
    exec: (text) => client.exec(text),
    close: () => client.close(),
  }
}

export async function openPostgres(url) {
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const { migrate } = await import('drizzle-orm/postgres-js/migrator')
  const client = postgres(url, { max: 1, onnotice: () => {} })
  return {
    migrate: () => migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
    query: (text, params = []) => client.unsafe(text, params),
    // No parameters → simple protocol: several statements in one message, one implicit transaction.
    exec: (text) => client.unsafe(text),
    close: () => client.end({ timeout: 5 }),
  }
}

/**
 * A fresh, migrated database for a target: PGlite in DATA_DIR/pglite (the bench process fills it
 * and closes it before the server opens the folder: one process per folder), or a PostgreSQL
 * database of its own. Returns the open database and the server's extra environment.
 * `suffix` names another database beside the bench's (`{bench database}_{suffix}`): the scale
 * section's small and large ones, marked and dropped the same way.
 */
export async function createTargetDatabase(target, { dataDir, cleanup, suffix = null }) {
  if (target === 'pglite') {
    const db = await openPglite(path.join(dataDir, 'pglite'))
    await db.migrate()
    return { db, env: {} }
  }
  const bench = benchDatabaseTarget()
  const { serverUrl } = bench
  const database = suffix ? `${bench.database}_${suffix}`.slice(0, 63) : bench.database
  // A run killed with SIGKILL may have left its database behind: start from nothing.
  await dropBenchDatabase(serverUrl, database)
  await onMaintenanceDb(serverUrl, async (sql) => {
    await sql.unsafe(`create database ${quoteIdent(database)}`)
    await sql.unsafe(`comment on database ${quoteIdent(database)} is '${BENCH_MARK}'`)
  })
  cleanup.add(`drop database ${database}`, () => dropBenchDatabase(serverUrl, database))
  const url = withDatabase(serverUrl, database)
  const db = await openPostgres(url)
  await db.migrate()
  return { db, env: { DATABASE_URL: url } }
}

/** BENCH_DATABASE_URL, or `brokervault_bench` on the server of TEST_DATABASE_URL. */
function benchDatabaseTarget() {
  const testUrl = new URL(process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL)
  const benchUrl = new URL(process.env.BENCH_DATABASE_URL || withDatabase(testUrl, DEFAULT_BENCH_DATABASE))
  const database = decodeURIComponent(benchUrl.pathname.replace(/^\//, ''))
  const variable = process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'TEST_DATABASE_URL'
  if (!isLocalHost(benchUrl.hostname)) {
    throw new Error(`${variable} must point at this machine; got host ${benchUrl.hostname}`)
  }
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database) || RESERVED_DATABASES.has(database)) {
    throw new Error(`BENCH_DATABASE_URL must name a database of its own (lower-case letters, digits, _); got "${database}"`)
  }
  const testDatabase = decodeURIComponent(testUrl.pathname.replace(/^\//, ''))
  if (database === testDatabase && sameServer(benchUrl, testUrl)) {
    throw new Error(`BENCH_DATABASE_URL names the test database "${database}"; the bench needs one it may drop`)
  }
  return { serverUrl: benchUrl, database }
}

function withDatabase(serverUrl, database) {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function onMaintenanceDb(serverUrl, fn) {
  const sql = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} })
  try {
    return await fn(sql)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/**
 * Drops the bench database if it exists and carries the bench's mark; refuses otherwise.
 * WITH (FORCE) (PostgreSQL 13+) ends connections a dead server might still hold.
 */
const dropBenchDatabase = (serverUrl, database) =>
  onMaintenanceDb(serverUrl, async (sql) => {
    const [found] = await sql`
      select shobj_description(oid, 'pg_database') as mark from pg_database where datname = ${database}`
    if (!found) return
    if (found.mark !== BENCH_MARK) {
      throw new Error(
        `Database "${database}" exists and was not made by the bench: not dropping it. ` +
          'Point BENCH_DATABASE_URL at a database name that does not exist yet.',
      )
    }
    await sql.unsafe(`drop database ${quoteIdent(database)} with (force)`)
  })

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`
const sameServer = (a, b) => a.hostname === b.hostname && (a.port || '5432') === (b.port || '5432')
const isLocalHost = (hostname) => ['localhost', '127.0.0.1', '[::1]', '::1', ''].includes(hostname)
