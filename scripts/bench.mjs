// Load benchmark of the production build: `npm run bench` (= `npm run build && node scripts/bench.mjs`).
//
// For each target, the embedded database (PGlite) and a PostgreSQL server (BENCH_DATABASE_URL,
// default: a `brokervault_bench` database on the TEST_DATABASE_URL server):
//   1. a fresh database, migrated with drizzle's migrator and seeded with one broker owning
//      5,000 listings (scripts/bench-seed.sql),
//   2. `node server.mjs` as a child process, signed in through the real /auth form,
//   3. autocannon against two filtered list pages and one 20-photo detail page,
//   4. formats: a CSV export of 10,000 properties (a second seeded broker; time and the server's
//      peak RSS growth) and the preview of a 10,000-row CSV import (upload → preview page),
//   5. the server stopped with SIGTERM and the database / temp folder removed, also on failure.
// Prints a table and writes bench-results.json. Any non-2xx response fails the run.
//
// Options: --target=pglite|postgres (one target only), --duration=SECONDS (default 10),
//          --explain (print EXPLAIN ANALYZE of the list queries after seeding, on each target).
// Plain ESM JavaScript on purpose: it runs without a build step of its own.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { hash } from '@node-rs/argon2'
import autocannon from 'autocannon'
import postgres from 'postgres'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_BUNDLE = path.join(ROOT, 'build/server/index.js')
const MIGRATIONS_FOLDER = path.join(ROOT, 'drizzle')
const SEED_SQL_FILE = path.join(ROOT, 'scripts/bench-seed.sql')
const RESULTS_FILE = path.join(ROOT, 'bench-results.json')

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'
// Default bench database, on the TEST_DATABASE_URL server, so the test database is never touched.
const DEFAULT_BENCH_DATABASE = 'brokervault_bench'
// Written on the database the bench creates; the bench drops only a database carrying it.
const BENCH_MARK = 'brokervault bench: created and dropped by scripts/bench.mjs'
const RESERVED_DATABASES = new Set(['postgres', 'template0', 'template1'])

// The e-mail must match the broker lookup in scripts/bench-seed.sql.
const BROKER = { email: 'bench-broker@brokervault.test', password: 'bench-Password-2468-horse', fullName: 'Bea Bench' }
// The app's own cost (app/modules/auth/password.server.ts), so sign-in verifies as in production.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }
const SEEDED_LISTINGS = 5000

const CONNECTIONS = 10
const WARMUP_SECONDS = 2
const HEALTH_TIMEOUT_MS = 60_000
// The bench's server gets SHUTDOWN_TIMEOUT=10 (seconds) to drain; wait a little longer before SIGKILL.
const SERVER_SHUTDOWN_TIMEOUT_SECONDS = 10
const STOP_TIMEOUT_MS = 15_000
const SERVER_LOG_LINES = 60

/** The measured pages. "waterfront" and "Porto" are chosen by bench-seed.sql to match a few hundred listings. */
const scenarios = (detailPropertyId) => [
  { name: 'list: text filter', path: '/properties?q=waterfront', kind: 'list' },
  { name: 'list: city, 2+ bedrooms, by price', path: '/properties?city=Porto&minBedrooms=2&sort=price_asc', kind: 'list' },
  { name: 'detail: 20 photos', path: `/property/${detailPropertyId}`, kind: 'detail' },
  // Share pages as a client's phone sees them: anonymous, a returning visitor (the first view,
  // which counts and sets the visitor cookie, happens in the check before measuring).
  { name: 'share: property, 20 photos', path: '/preview/BenchPropertyShare0001', kind: 'share' },
  { name: 'share: client listing, 20 photos', path: '/client-listing/BenchListingShare00001', kind: 'share' },
]

const TARGETS = { pglite: preparePglite, postgres: preparePostgres }

// ---------------------------------------------------------------------------------------------
// Cleanup: every resource registers how to release it; released in reverse order, always.

class Cleanup {
  #steps = []
  #running = null
  add(label, fn) {
    this.#steps.push({ label, fn })
  }
  /** Runs once: a signal arriving during the normal cleanup waits for it (the server must be gone before its data). */
  run() {
    this.#running ??= this.#runSteps()
    return this.#running
  }
  async #runSteps() {
    for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
      try {
        await step.fn()
      } catch (error) {
        console.error(`cleanup: ${step.label} failed:`, error)
      }
    }
  }
}

let activeCleanup = null
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    interrupted = true
    console.error(`\n${signal}: stopping the server and removing the bench data…`)
    await activeCleanup?.run()
    process.exit(130)
  })
}

// ---------------------------------------------------------------------------------------------
// Databases: the same small interface over PGlite and postgres.js.

async function openPglite(folder) {
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

async function openPostgres(url) {
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

/** The broker with a real argon2id hash, then the set-based listings; answers what the benchmark needs. */
async function seed(db) {
  const passwordHash = await hash(BROKER.password, ARGON2_OPTIONS)
  const [user] = await db.query('insert into users (email, password_hash) values ($1, $2) returning id', [
    BROKER.email,
    passwordHash,
  ])
  await db.query('insert into profiles (id, full_name, agency_name) values ($1, $2, $3)', [
    user.id,
    BROKER.fullName,
    'Bench Realty',
  ])
  await db.query(`insert into user_subscriptions (user_id, plan) values ($1, 'professional')`, [user.id])
  await db.exec(readFileSync(SEED_SQL_FILE, 'utf8'))

  const [{ listings }] = await db.query('select count(*)::int as listings from properties where owner_id = $1', [user.id])
  const [detail] = await db.query(
    `select p.id, count(ph.id)::int as photos from properties p join property_photos ph on ph.property_id = p.id
     where p.reference_code = 'BV-00001' group by p.id`,
  )
  if (listings !== SEEDED_LISTINGS || detail?.photos !== 20) {
    throw new Error(`Seed went wrong: ${listings} listings, ${detail?.photos} photos on BV-00001`)
  }
  await seedFormatsBroker(db, passwordHash, user.id)
  return { brokerId: user.id, listings, detailPropertyId: detail.id }
}

// Formats (CSV export, import preview): a second broker owning 10,000 listings, two copies of
// the seed's 5,000 (another reference code each), so the list pages above keep their numbers.
const FORMATS_BROKER = { email: 'bench-formats@brokervault.test', fullName: 'Fran Formats' }
const FORMATS_LISTINGS = 10_000

async function seedFormatsBroker(db, passwordHash, fromBrokerId) {
  const [user] = await db.query('insert into users (email, password_hash) values ($1, $2) returning id', [FORMATS_BROKER.email, passwordHash])
  await db.query('insert into profiles (id, full_name) values ($1, $2)', [user.id, FORMATS_BROKER.fullName])
  await db.query(`insert into user_subscriptions (user_id, plan) values ($1, 'professional')`, [user.id])
  // Beyond any plan's limit, like the main seed: the trigger is off for this insert only.
  await db.exec(`
    begin;
    alter table properties disable trigger properties_enforce_plan_limit;
    insert into properties (owner_id, category, type, purpose, rent_period, title, description, reference_code, price, currency,
      street, area, city, region, postal_code, country, built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at, updated_at)
    select '${user.id}', category, type, purpose, rent_period, title, description, reference_code || '-' || copy, price, currency,
      street, area, city, region, postal_code, country, built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
      features, tags, status, visibility, created_at, updated_at
    from properties cross join generate_series(1, 2) as copy where owner_id = '${fromBrokerId}';
    alter table properties enable trigger properties_enforce_plan_limit;
    analyze properties;
    commit;`)
  const [{ n }] = await db.query('select count(*)::int as n from properties where owner_id = $1', [user.id])
  if (n !== FORMATS_LISTINGS) throw new Error(`Formats seed went wrong: ${n} listings`)
}

// PGlite: the bench process fills DATA_DIR/pglite and closes it before the server opens the
// same folder (PGlite allows one process per folder).
async function preparePglite({ dataDir, explain }) {
  const db = await openPglite(path.join(dataDir, 'pglite'))
  try {
    await db.migrate()
    const seeded = await seed(db)
    if (explain) await explainListQueries(db, seeded.brokerId)
    return { ...seeded, env: {} }
  } finally {
    await db.close()
  }
}

// PostgreSQL: a database of its own (BENCH_DATABASE_URL), created through the server's
// `postgres` maintenance database and marked as the bench's with a comment. Only a database
// carrying that mark is ever dropped: a URL naming anybody else's database stops the run.
async function preparePostgres({ cleanup, explain }) {
  const { serverUrl, database } = benchDatabaseTarget()
  // A run killed with SIGKILL may have left its database behind: start from nothing.
  await dropBenchDatabase(serverUrl, database)
  await onMaintenanceDb(serverUrl, async (sql) => {
    await sql.unsafe(`create database ${quoteIdent(database)}`)
    await sql.unsafe(`comment on database ${quoteIdent(database)} is '${BENCH_MARK}'`)
  })
  cleanup.add(`drop database ${database}`, () => dropBenchDatabase(serverUrl, database))

  const url = withDatabase(serverUrl, database)
  const db = await openPostgres(url)
  try {
    await db.migrate()
    const seeded = await seed(db)
    if (explain) await explainListQueries(db, seeded.brokerId)
    return { ...seeded, env: { DATABASE_URL: url } }
  } finally {
    await db.close()
  }
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

/**
 * --explain: the plans of the two benchmarked list queries. The SQL mirrors what listProperties
 * (app/modules/properties/queries.server.ts) sends, with the values inlined.
 */
async function explainListQueries(db, brokerId) {
  const columns = `id, title, type, purpose, rent_period, price, currency, city, area, status, bedrooms, count(*) over()`
  const queries = {
    'q=waterfront': `select ${columns} from properties
      where owner_id = '${brokerId}' and (search @@ to_tsquery('simple', 'waterfront:*')
        or search @@ websearch_to_tsquery('simple', 'waterfront'))
      order by created_at desc, id desc limit 24 offset 0`,
    'city=Porto&minBedrooms=2&sort=price_asc': `select ${columns} from properties
      where owner_id = '${brokerId}' and (city ilike 'Porto%' or area ilike 'Porto%') and bedrooms >= 2
      order by price asc nulls last, created_at desc limit 24 offset 0`,
    'unfiltered /properties': `select ${columns} from properties where owner_id = '${brokerId}'
      order by created_at desc, id desc limit 24 offset 0`,
  }
  for (const [name, text] of Object.entries(queries)) {
    const rows = await db.query(`explain (analyze, costs off) ${text}`)
    console.log(`\nEXPLAIN ANALYZE ${name}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`)
  }
}

// ---------------------------------------------------------------------------------------------
// The app server as a child process.

/** A port nobody listens on, asked from the OS the way server.mjs listens (all interfaces). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

function startServer({ port, dataDir, env: extraEnv }) {
  const appUrl = `http://localhost:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // One sign-in per target only, but a shared machine's earlier runs must not lock us out.
    RATE_LIMIT_SIGNIN_PER_IP: '1000',
    SHUTDOWN_TIMEOUT: String(SERVER_SHUTDOWN_TIMEOUT_SECONDS),
    ...extraEnv,
  }
  // The caller's shell must not redirect the app elsewhere (PGlite target: no DATABASE_URL).
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL
  for (const name of ['PGLITE_DIR', 'SEED_DEMO', 'TRUST_PROXY', 'S3_BUCKET']) delete env[name]

  const child = spawn(process.execPath, ['server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  // Kept quiet unless something fails; then the last lines explain why.
  const log = []
  const keep = (chunk) => {
    log.push(...chunk.toString().split('\n').filter(Boolean))
    log.splice(0, Math.max(0, log.length - SERVER_LOG_LINES))
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))

  return {
    appUrl,
    log,
    pid: child.pid,
    async waitUntilHealthy() {
      const deadline = Date.now() + HEALTH_TIMEOUT_MS
      let stopped = null
      exited.then((result) => (stopped = result))
      while (Date.now() < deadline) {
        if (stopped) {
          const hint = existsSync(SERVER_BUNDLE) ? '' : ` — ${path.relative(ROOT, SERVER_BUNDLE)} is gone (a build running?)`
          throw new Error(`server exited before it was healthy (code ${stopped.code}, signal ${stopped.signal})${hint}`)
        }
        const status = await fetch(`${appUrl}/healthz`).then((r) => r.status, () => 0)
        if (status === 200) return
        await sleep(250)
      }
      throw new Error(`GET /healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`)
    },
    /** SIGTERM and wait for the graceful exit; SIGKILL only when it hangs. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      if (await within(exited, STOP_TIMEOUT_MS)) return
      console.error(`server did not exit ${STOP_TIMEOUT_MS / 1000} s after SIGTERM: killing it`)
      child.kill('SIGKILL')
      await within(exited, 5000)
    },
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** True when the promise settles within ms. */
const within = (promise, ms) => {
  let timer
  return Promise.race([
    promise.then(() => true),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer))
}

// ---------------------------------------------------------------------------------------------
// HTTP: sign in like a browser, check the pages, measure.

/** Cookies by name, as a browser keeps them: later Set-Cookie values replace, Max-Age=0 deletes. */
class CookieJar {
  #cookies = new Map()
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
  has(name) {
    return this.#cookies.has(name)
  }
  get header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

function signIn(appUrl) {
  return signInAs(appUrl, BROKER.email)
}

async function signInAs(appUrl, email) {
  const jar = new CookieJar()
  const response = await fetch(`${appUrl}/auth`, {
    method: 'POST',
    redirect: 'manual',
    // A same-origin form post as a browser sends it (the cross-site check reads these).
    headers: { Origin: appUrl, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'signin', email, password: BROKER.password }),
  })
  jar.take(response)
  if (response.status !== 302 || !jar.has('bv_session')) {
    throw new Error(`sign-in failed: HTTP ${response.status}, cookies: ${jar.header || 'none'}`)
  }
  return jar
}

/** One GET with the session; the jar takes what it sets (the sign-in toast is consumed once). */
async function getPage(appUrl, pathname, jar) {
  const response = await fetch(`${appUrl}${pathname}`, { headers: { Cookie: jar.header }, redirect: 'manual' })
  jar.take(response)
  const html = await response.text()
  if (response.status !== 200) throw new Error(`GET ${pathname}: HTTP ${response.status} (expected 200)`)
  return { response, html }
}

/** Right after sign-in: the session works and the usage line shows the whole seed. */
async function checkSignedIn(appUrl, jar) {
  const { html } = await getPage(appUrl, '/properties', jar)
  if (!html.includes('properties') || !html.includes(`${SEEDED_LISTINGS} / 250 properties`)) {
    throw new Error(`GET /properties does not show "${SEEDED_LISTINGS} / 250 properties"`)
  }
}

/** The unfiltered list as served, asked after the load tests so Server-Timing shows a warm server. */
async function inspectListPage(appUrl, jar) {
  const { response, html } = await getPage(appUrl, '/properties', jar)
  return {
    htmlBytes: Buffer.byteLength(html),
    gzipBytes: await gzipTransferSize(`${appUrl}/properties`, jar.header),
    serverTiming: response.headers.get('server-timing'),
  }
}

/** Bytes on the wire with Accept-Encoding: gzip (fetch would decompress, so plain http). */
function gzipTransferSize(url, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk) => (bytes += chunk.length))
      response.on('end', () => {
        const encoding = response.headers['content-encoding']
        if (response.statusCode !== 200 || encoding !== 'gzip') {
          reject(new Error(`gzip GET ${url}: HTTP ${response.statusCode}, Content-Encoding ${encoding ?? 'none'}`))
        } else resolve(bytes)
      })
      response.on('error', reject)
    })
    request.setTimeout(30_000, () => request.destroy(new Error(`gzip GET ${url}: timed out`)))
    request.on('error', reject)
  })
}

/** A share page's budget: gzip bytes of its HTML plus its stylesheets, and no script at all. */
async function sharePageSizes(appUrl, pathname, jar) {
  const { html } = await getPage(appUrl, pathname, jar)
  if (html.includes('<script')) throw new Error(`GET ${pathname} ships a <script>`)
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1])
    .filter(Boolean)
  if (stylesheets.length === 0) throw new Error(`GET ${pathname} links no stylesheet`)
  const htmlGzip = await gzipTransferSize(`${appUrl}${pathname}`, jar.header)
  let cssGzip = 0
  for (const href of stylesheets) cssGzip += await gzipTransferSize(`${appUrl}${href}`, '')
  return { htmlGzip, cssGzip, totalGzip: htmlGzip + cssGzip }
}

/** Before measuring: the page answers 200 with what it should show (matches / photos). */
async function checkScenario(appUrl, jar, scenario) {
  const { html } = await getPage(appUrl, scenario.path, jar)
  if (scenario.kind === 'list') {
    const total = Number(html.match(/>(\d+) propert(?:y|ies)</)?.[1] ?? 0)
    if (total < 50) throw new Error(`GET ${scenario.path} lists ${total} properties; the seed should give a few hundred`)
    return { matches: total }
  }
  const photos = new Set(html.match(/\/media\/[0-9a-f-]{36}\//g)).size
  if (photos !== 20) throw new Error(`GET ${scenario.path} shows ${photos} photos, expected 20`)
  return { matches: photos }
}

function loadTest(url, cookie, seconds) {
  // Accept-Encoding as every browser sends it: compression is part of serving a page.
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie, 'accept-encoding': 'gzip' } })
}

async function measure(appUrl, jar, scenario, seconds) {
  const url = `${appUrl}${scenario.path}`
  // Short unmeasured run first: JIT, the pool's connections and the database caches warm up.
  await loadTest(url, jar.header, WARMUP_SECONDS)
  const result = await loadTest(url, jar.header, seconds)
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0 || result.requests.total === 0) {
    throw new Error(
      `GET ${scenario.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `of ${result.requests.total} (status codes: ${JSON.stringify(result.statusCodeStats)})`,
    )
  }
  return {
    requestsPerSecond: result.requests.mean,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: result.latency.mean,
    requests: result.requests.total,
    non2xx: result.non2xx,
  }
}

// ---------------------------------------------------------------------------------------------
// Formats: CSV export of 10,000 listings (time, peak RSS growth of the server while it streams)
// and the preview of a 10,000-row import (upload → checked rows → preview page).

const EXPORT_BUDGET_MS = 5000
const PREVIEW_BUDGET_MS = 10_000

/** The server's resident memory in KiB (Linux /proc), or null elsewhere. */
function rssKib(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  } catch {
    return null
  }
}

async function benchFormats(server) {
  const jar = await signInAs(server.appUrl, FORMATS_BROKER.email)
  // Export: read the stream to its end, sampling the server's memory every 20 ms meanwhile.
  const rssBefore = rssKib(server.pid)
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    const now = rssKib(server.pid)
    if (now !== null && (rssPeak === null || now > rssPeak)) rssPeak = now
  }, 20)
  const exportStarted = performance.now()
  let bytes = 0
  let lines = 0
  try {
    const response = await fetch(`${server.appUrl}/properties/export.csv`, { headers: { Cookie: jar.header } })
    if (response.status !== 200) throw new Error(`GET /properties/export.csv: HTTP ${response.status}`)
    for await (const chunk of response.body) {
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) lines++
    }
  } finally {
    clearInterval(sampler)
  }
  const exportMs = Math.round(performance.now() - exportStarted)
  // Rows: line ends minus the header's (descriptions hold no line breaks in the seed).
  if (lines - 1 !== FORMATS_LISTINGS) throw new Error(`export has ${lines - 1} rows, expected ${FORMATS_LISTINGS}`)

  // Import preview: 10,000 new rows (other reference codes) from a spreadsheet-like CSV.
  const csv = ['ListingId;Title;PropertyType;PropertySubType;ListPrice;StandardStatus;City;BedroomsTotal']
  for (let i = 0; i < FORMATS_LISTINGS; i++) csv.push(`IMP-${i};Imported flat ${i};Residential;Apartment;${100000 + i};Active;Porto;${i % 5}`)
  const form = new FormData()
  form.set('file', new Blob([csv.join('\r\n')], { type: 'text/csv' }), 'bench.csv')
  const previewStarted = performance.now()
  const upload = await fetch(`${server.appUrl}/properties/import`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: jar.header, Origin: server.appUrl, 'Sec-Fetch-Site': 'same-origin' },
    body: form,
  })
  const location = upload.headers.get('Location')
  if (upload.status !== 302 || !location?.startsWith('/imports/')) throw new Error(`import upload: HTTP ${upload.status} ${await upload.text()}`)
  const { html } = await getPage(server.appUrl, location, jar)
  const previewMs = Math.round(performance.now() - previewStarted)
  if (!html.includes(`${FORMATS_LISTINGS} rows read`)) throw new Error('the import preview does not show 10000 rows read')

  const result = {
    exportRows: lines - 1,
    exportBytes: bytes,
    exportMs,
    exportWithinBudget: exportMs < EXPORT_BUDGET_MS,
    exportRssGrowthMiB: rssBefore === null || rssPeak === null ? null : Number(((rssPeak - rssBefore) / 1024).toFixed(1)),
    previewRows: FORMATS_LISTINGS,
    previewMs,
    previewWithinBudget: previewMs < PREVIEW_BUDGET_MS,
  }
  if (!result.exportWithinBudget || !result.previewWithinBudget) {
    console.warn(`Formats over budget: export ${exportMs} ms (budget ${EXPORT_BUDGET_MS}), preview ${previewMs} ms (budget ${PREVIEW_BUDGET_MS})`)
  }
  return result
}

// ---------------------------------------------------------------------------------------------
// One target, start to finish.

async function benchTarget(name, { seconds, explain }) {
  const cleanup = new Cleanup()
  activeCleanup = cleanup
  let server = null
  const started = performance.now()
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brokervault-bench-'))
    cleanup.add(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }))

    const prepared = await TARGETS[name]({ dataDir, cleanup, explain })
    console.log(`${name}: seeded ${prepared.listings} listings in ${elapsed(started)}`)

    server = startServer({ port: await freePort(), dataDir, env: prepared.env })
    cleanup.add('stop the server', () => server.stop())
    await server.waitUntilHealthy()
    console.log(`${name}: server healthy at ${server.appUrl} after ${elapsed(started)}`)

    const jar = await signIn(server.appUrl)
    await checkSignedIn(server.appUrl, jar)
    const formats = await benchFormats(server)
    console.log(`${name}: formats ${JSON.stringify(formats)}`)
    const results = []
    for (const scenario of scenarios(prepared.detailPropertyId)) {
      const scenarioJar = scenario.kind === 'share' ? new CookieJar() : jar
      const { matches } = await checkScenario(server.appUrl, scenarioJar, scenario)
      const measured = await measure(server.appUrl, scenarioJar, scenario, seconds)
      const sizes = scenario.kind === 'share' ? await sharePageSizes(server.appUrl, scenario.path, scenarioJar) : null
      console.log(`${name}: ${scenario.path} → ${measured.requestsPerSecond} req/s, p99 ${measured.latencyP99Ms} ms`)
      results.push({ name: scenario.name, path: scenario.path, matches, ...measured, ...(sizes && { sizes }) })
    }
    const listPage = await inspectListPage(server.appUrl, jar)
    return { target: name, listings: prepared.listings, propertiesPage: listPage, scenarios: results, formats }
  } catch (error) {
    if (server?.log.length) console.error(`--- last lines of the ${name} server ---\n${server.log.join('\n')}\n---`)
    throw error
  } finally {
    await cleanup.run()
    activeCleanup = null
    console.log(`${name}: done and cleaned up after ${elapsed(started)}`)
  }
}

const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`

// ---------------------------------------------------------------------------------------------
// Report.

function printReport(report) {
  const header = ['target', 'scenario', 'path', 'matches', 'req/s (mean)', 'p99 ms', 'requests']
  const rows = report.targets.flatMap((t) =>
    t.scenarios.map((s) => [t.target, s.name, s.path, s.matches, s.requestsPerSecond, s.latencyP99Ms, s.requests]),
  )
  const table = [header, ...rows].map((row) => row.map(String))
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => (i >= 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ')
  console.log(`\n${line(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const row of table.slice(1)) console.log(line(row))
  console.log(
    `\n${CONNECTIONS} connections, ${report.durationSeconds} s per page after ${WARMUP_SECONDS} s warm-up, ` +
      `Accept-Encoding: gzip; load average at start ${report.loadAverageAtStart.join(' ')} on ${report.cpus} CPUs`,
  )
  for (const t of report.targets) {
    for (const s of t.scenarios.filter((scenario) => scenario.sizes)) {
      const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
      console.log(
        `${t.target}: ${s.path} gzip HTML ${kib(s.sizes.htmlGzip)} + CSS ${kib(s.sizes.cssGzip)} = ${kib(s.sizes.totalGzip)} (budget 30 KiB), no <script>`,
      )
    }
    const f = t.formats
    console.log(
      `${t.target}: CSV export of ${f.exportRows} properties ${f.exportMs} ms (budget ${EXPORT_BUDGET_MS}), ` +
        `${(f.exportBytes / 1048576).toFixed(1)} MiB, server peak RSS growth ${f.exportRssGrowthMiB ?? '?'} MiB; ` +
        `import preview of ${f.previewRows} rows ${f.previewMs} ms (budget ${PREVIEW_BUDGET_MS})`,
    )
    const p = t.propertiesPage
    console.log(
      `${t.target}: /properties HTML ${(p.htmlBytes / 1024).toFixed(1)} KiB, gzip ${(p.gzipBytes / 1024).toFixed(1)} KiB; ` +
        `Server-Timing: ${p.serverTiming ?? '(none)'}`,
    )
  }
}

async function main() {
  const { values } = parseArgs({
    options: { target: { type: 'string' }, duration: { type: 'string', default: '10' }, explain: { type: 'boolean' } },
  })
  const seconds = Number(values.duration)
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) throw new Error('--duration must be 1 to 60 seconds')
  const names = values.target ? [values.target] : Object.keys(TARGETS)
  if (!names.every((n) => n in TARGETS)) throw new Error(`--target must be one of ${Object.keys(TARGETS).join(', ')}`)

  if (!existsSync(SERVER_BUNDLE)) {
    console.error(`Missing ${path.relative(ROOT, SERVER_BUNDLE)}: run \`npm run build\` first (or \`npm run bench\`).`)
    process.exit(1)
  }

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    // Other work on the machine skews every number: kept with the results, warned about below.
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
    connections: CONNECTIONS,
    durationSeconds: seconds,
    warmupSeconds: WARMUP_SECONDS,
    targets: [],
  }
  if (report.loadAverageAtStart[0] > report.cpus / 2) {
    console.warn(`Note: load average ${report.loadAverageAtStart[0]} on ${report.cpus} CPUs; other work will skew the numbers.`)
  }
  for (const name of names) report.targets.push(await benchTarget(name, { seconds, explain: values.explain }))
  printReport(report)
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nWritten to ${path.relative(ROOT, RESULTS_FILE)}`)
}

main().catch((error) => {
  // After a signal the failures are only the consequence of the cleanup pulling the server away.
  if (interrupted) return
  console.error('\nBENCHMARK FAILED:', error instanceof Error ? error.message : error)
  if (error instanceof Error && error.stack) console.error(error.stack.split('\n').slice(1, 4).join('\n'))
  process.exitCode = 1
})
