// Client-alerts benchmark: one run of the alerts job for 1,000 clients against 5,000 listings
// must finish within ALERTS_BUDGET_SECONDS (issue 12), on the embedded database (PGlite) and on
// a PostgreSQL server. `npm run build && node scripts/bench-alerts.mjs`.
//
// For each target, in a child process of its own (the server bundle reads its configuration
// once per process):
//   1. a fresh database, migrated and seeded with scripts/bench-seed.sql (one broker, 5,000
//      listings) and scripts/bench-alerts-seed.sql (all listings new this week, one in ten
//      repriced down, 1,000 clients with alerts on),
//   2. the built server bundle imported with that database, its job queue started (a running
//      server has it), then the clock: `runClientAlerts()` as the worker runs it, matching,
//      claiming and queueing every client's mail,
//   3. the result checked (every client mailed once, a second run mails nobody) and the
//      database / temp folder removed, also on failure.
// PostgreSQL: BENCH_ALERTS_DATABASE_URL, default a `brokervault_bench_alerts` database on the
// TEST_DATABASE_URL server; only a database carrying the bench's comment is ever dropped.
// Options: --target=pglite|postgres (one target only). Exit code 1 when a target is over budget.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import postgres from 'postgres'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_BUNDLE = path.join(ROOT, 'build/server/index.js')
const MIGRATIONS_FOLDER = path.join(ROOT, 'drizzle')
const ALERTS_BUDGET_SECONDS = 10
const CLIENTS = 1000
const LISTINGS = 5000
const BROKER_EMAIL = 'bench-broker@brokervault.test'
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'
const BENCH_DATABASE = 'brokervault_bench_alerts'
const BENCH_MARK = 'brokervault bench: created and dropped by scripts/bench-alerts.mjs'

const { values: options } = parseArgs({ options: { target: { type: 'string' }, child: { type: 'boolean' } } })

// ---------------------------------------------------------------------------------------------
// The parent: one child per target, a summary, the exit code.

if (!options.child) {
  const targets = options.target ? [options.target] : ['pglite', 'postgres']
  const results = []
  for (const target of targets) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', `--target=${target}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    })
    const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
    if (run.status !== 0 || !line) {
      process.stdout.write(run.stdout)
      results.push({ target, ok: false, error: `exit ${run.status}` })
      continue
    }
    results.push({ target, ...JSON.parse(line.slice('RESULT '.length)) })
  }
  console.log(`\nClient alerts: one job run, ${CLIENTS} clients × ${LISTINGS} listings (budget ${ALERTS_BUDGET_SECONDS} s)`)
  for (const r of results) {
    if (r.error) console.log(`  ${r.target.padEnd(9)} FAIL  ${r.error}`)
    else console.log(`  ${r.target.padEnd(9)} ${r.ok ? 'PASS' : 'FAIL'}  ${r.seconds.toFixed(2)} s  ${r.matched} matches, ${r.mailed} mails queued`)
  }
  process.exit(results.every((r) => r.ok) ? 0 : 1)
}

// ---------------------------------------------------------------------------------------------
// The child: one target.

const seedSql = () => [readFileSync(path.join(ROOT, 'scripts/bench-seed.sql'), 'utf8'), readFileSync(path.join(ROOT, 'scripts/bench-alerts-seed.sql'), 'utf8')]

async function seed(db) {
  const [user] = await db.query(`insert into users (email, password_hash) values ($1, 'not-a-hash') returning id`, [BROKER_EMAIL])
  await db.query(`insert into profiles (id, full_name) values ($1, 'Bea Bench')`, [user.id])
  await db.query(`insert into user_subscriptions (user_id, plan) values ($1, 'professional')`, [user.id])
  for (const text of seedSql()) await db.exec(text)
  const [{ clients }] = await db.query('select count(*)::int as clients from client_alerts')
  if (clients !== CLIENTS) throw new Error(`Seed went wrong: ${clients} clients with alerts`)
}

async function preparePglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  const folder = path.join(dataDir, 'pglite')
  const client = new PGlite(folder, { extensions: { unaccent } })
  await client.waitReady
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
    await seed({ query: async (text, params = []) => (await client.query(text, params)).rows, exec: (text) => client.exec(text) })
  } finally {
    await client.close()
  }
  return { PGLITE_DIR: folder }
}

function benchUrl() {
  const url = new URL(process.env.BENCH_ALERTS_DATABASE_URL || (() => {
    const u = new URL(process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL)
    u.pathname = `/${BENCH_DATABASE}`
    return u.toString()
  })())
  const database = decodeURIComponent(url.pathname.slice(1))
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database) || ['postgres', 'template0', 'template1', 'test'].includes(database)) {
    throw new Error(`The alerts bench needs a database of its own; got "${database}"`)
  }
  return { url, database }
}

async function onMaintenance(url, fn) {
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const sql = postgres(maintenance.toString(), { max: 1, onnotice: () => {} })
  try {
    return await fn(sql)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

async function dropBenchDatabase(url, database) {
  await onMaintenance(url, async (sql) => {
    const [row] = await sql`select shobj_description(oid, 'pg_database') as mark from pg_database where datname = ${database}`
    if (!row) return
    if (row.mark !== BENCH_MARK) throw new Error(`Refusing to drop "${database}": it is not the alerts bench's database`)
    await sql.unsafe(`drop database "${database}" with (force)`)
  })
}

async function preparePostgres(cleanup) {
  const { url, database } = benchUrl()
  await dropBenchDatabase(url, database)
  await onMaintenance(url, async (sql) => {
    await sql.unsafe(`create database "${database}"`)
    await sql.unsafe(`comment on database "${database}" is '${BENCH_MARK}'`)
  })
  cleanup.push(() => dropBenchDatabase(url, database))
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const { migrate } = await import('drizzle-orm/postgres-js/migrator')
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} })
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
    await seed({ query: (text, params = []) => client.unsafe(text, params), exec: (text) => client.unsafe(text) })
  } finally {
    await client.end({ timeout: 5 })
  }
  return { DATABASE_URL: url.toString() }
}

const cleanup = []
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brokervault-bench-alerts-'))
cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
try {
  const databaseEnv = options.target === 'postgres' ? await preparePostgres(cleanup) : await preparePglite(dataDir)
  Object.assign(process.env, {
    NODE_ENV: 'production',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'bench-alerts-secret-0123456789',
    DATA_DIR: dataDir,
    JOBS_IN_PROCESS: '0',
    SEED_DEMO: '0',
    ...databaseEnv,
  })
  const build = await import(pathToFileURL(SERVER_BUNDLE).href)
  const { prepareServer, getJobQueue, runClientAlerts, closeServerResources } = build.entry.module
  cleanup.push(() => closeServerResources())
  await prepareServer()
  await getJobQueue()

  const started = performance.now()
  const run = await runClientAlerts()
  const seconds = (performance.now() - started) / 1000
  const again = await runClientAlerts()
  // Most clients fit something (the seed's spread leaves about one in ten with nothing new).
  if (run.mails.length < CLIENTS * 0.8 || run.mails.length > CLIENTS) throw new Error(`expected a mail for most of the ${CLIENTS} clients, got ${run.mails.length}`)
  if (again.mails.length !== 0 || again.matched !== 0) throw new Error(`a second run found ${again.matched} matches and mailed ${again.mails.length}`)
  const ok = seconds < ALERTS_BUDGET_SECONDS
  console.log(`${options.target}: ${seconds.toFixed(2)} s for ${run.matched} matches and ${run.mails.length} mails (${ok ? 'PASS' : 'FAIL'}, budget ${ALERTS_BUDGET_SECONDS} s)`)
  console.log(`RESULT ${JSON.stringify({ ok, seconds, matched: run.matched, mailed: run.mails.length })}`)
} finally {
  for (const step of cleanup.reverse()) {
    try {
      await step()
    } catch (error) {
      console.error('cleanup:', error)
    }
  }
}
