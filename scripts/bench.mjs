// Benchmark of the production build, every figure of issue 14 side by side in one run:
// `npm run bench` (= `npm run build && node scripts/bench.mjs`).
//
// Sections (scripts/bench/sections/), in the order they run:
//   memory   `npm start` on a fresh embedded database: idle RSS after the demo seed; cold start
//   js       gzipped JS of a first load of /home and /properties
//   share    share pages (20 photos) against a bare React Router page built by the bench (ceiling)
//   website  an agency website's listing page and search against the same bare page (issue 27)
//   phone    the share page against a static copy of itself in Chromium: phone, 4× CPU, slow 4G
//   lists    /properties and /clients at 20,000 rows against 1,000 rows
//   agency   an agent's /properties in a 10-member agency of 20,000 listings against a solo
//            broker's with the same rows (issue 26)
//   engines  p99 of a list page on PGlite against Postgres
//   pages    the bench broker's filtered lists and 20-photo detail page (absolute figures)
//   formats  CSV export of 10,000 listings, preview of a 10,000-row import
//   traffic  share links as people open them: first visitors, a burst of 10,000, tracking
//            parameters, the broker's preview, edits under load, against the ceiling, a raw
//            node:http server and the returning visitor (issue 24)
//   alerts   scripts/bench-alerts.mjs, when it exists (see sections/alerts.mjs for the contract)
//   inbound  1,000 inbound mails read, filed as leads and routed, in a child process per target
//            (scripts/bench/inbound-child.mjs; issue 27)
//   scale    search, client matching, /home and /clients of a 1,000-row and a 100,000-row broker,
//            and of an agent and an admin of a 10-member agency, in a database of a million
//            listings against the same people in a small one
//            (PostgreSQL; it seeds both databases itself, see sections/scale.mjs)
// A/B comparisons are interleaved (A, B, A, B, …), three repetitions, medians. Every target gets
// a fresh database (PGlite in a temp DATA_DIR; Postgres: BENCH_DATABASE_URL, default a
// `brokervault_bench` database on the TEST_DATABASE_URL server) seeded set-based (seed.mjs),
// and its own `node server.mjs`; everything is stopped and removed at the end, also on failure.
// Prints a summary table (PASS/FAIL against the goals) and writes bench-results.json.
//
// Options: --only=share,phone,…   run these sections only (default: all)
//          --target=pglite|postgres   one target only (engines needs both)
//          --duration=SECONDS     per measured load-test run (default 5)
//          --connections=10,50    load levels for share and engines (default 10; goals at 10)
//          --explain              EXPLAIN ANALYZE of the list queries after seeding
// Plain ESM JavaScript on purpose: it runs without a build step of its own.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServer } from './bench/app-server.mjs'
import { buildCeiling, startCeiling, writeCeilingPhotos } from './bench/ceiling.mjs'
import { createTargetDatabase } from './bench/database.mjs'
import { judge, markdownSummary, printSummary } from './bench/report.mjs'
import { explainListQueries, makePhotoFiles, seedAll } from './bench/seed.mjs'
import { benchAgency } from './bench/sections/agency.mjs'
import { benchAlertsHook } from './bench/sections/alerts.mjs'
import { benchEngines } from './bench/sections/engines.mjs'
import { benchFormats } from './bench/sections/formats.mjs'
import { benchInbound } from './bench/sections/inbound.mjs'
import { benchJs } from './bench/sections/js.mjs'
import { benchLists } from './bench/sections/lists.mjs'
import { benchMemory } from './bench/sections/memory.mjs'
import { benchPages } from './bench/sections/pages.mjs'
import { benchPhone } from './bench/sections/phone.mjs'
import { benchScale } from './bench/sections/scale.mjs'
import { benchShare } from './bench/sections/share.mjs'
import { benchTraffic } from './bench/sections/traffic.mjs'
import { benchWebsite } from './bench/sections/website.mjs'
import { Cleanup, elapsed, freePort, ROOT, SERVER_BUNDLE, treeRssKib } from './bench/util.mjs'

const RESULTS_FILE = path.join(ROOT, 'bench-results.json')
const SECTIONS = {
  memory: benchMemory,
  js: benchJs,
  share: benchShare,
  website: benchWebsite,
  phone: benchPhone,
  lists: benchLists,
  agency: benchAgency,
  engines: benchEngines,
  pages: benchPages,
  formats: benchFormats,
  // After the sections that look at the share page (its caption is edited) and before alerts (which stops the servers).
  traffic: benchTraffic,
  alerts: benchAlertsHook,
  inbound: benchInbound,
  scale: benchScale,
}
const TARGETS = ['pglite', 'postgres']

const cleanup = new Cleanup()
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    interrupted = true
    console.error(`\n${signal}: stopping the servers and removing the bench data…`)
    await cleanup.run()
    process.exit(130)
  })
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      target: { type: 'string' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      explain: { type: 'boolean' },
    },
  })
  const seconds = Number(values.duration)
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) throw new Error('--duration must be 1 to 60 seconds')
  const sections = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(SECTIONS)
  const unknown = sections.filter((s) => !(s in SECTIONS))
  if (unknown.length) throw new Error(`--only: unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`)
  const targetNames = values.target ? [values.target] : TARGETS
  if (!targetNames.every((n) => TARGETS.includes(n))) throw new Error(`--target must be one of ${TARGETS.join(', ')}`)
  const connections = values.connections.split(',').map(Number)
  if (!connections.every((n) => Number.isInteger(n) && n > 0 && n <= 500)) throw new Error('--connections: a list of numbers, e.g. 10,50')
  return { seconds, sections, targetNames, connections, explain: Boolean(values.explain) }
}

/** What every section gets: options, lazily prepared targets and ceiling, a log and the summary. */
function createContext(options) {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'brokervault-bench-'))
  cleanup.add(`remove ${tempDir}`, () => rm(tempDir, { recursive: true, force: true }))
  const rows = []
  const targets = new Map()
  let ceiling = null
  let photoFiles = null
  const wantsPhotoFiles = options.sections.includes('phone') || options.sections.includes('share') || options.sections.includes('website')
  const started = performance.now()
  const log = (message) => console.log(`[${elapsed(started).padStart(7)}] ${message}`)

  async function prepareTarget(name) {
    const dataDir = mkdtempSync(path.join(tempDir, `${name}-`))
    const since = performance.now()
    const { db, env } = await createTargetDatabase(name, { dataDir, cleanup })
    let seeded
    try {
      // Real photo files only for the sections that download them; encoded (sharp's threads) while the rows go in.
      if (wantsPhotoFiles) photoFiles ??= makePhotoFiles()
      seeded = await seedAll(db, { dataDir, photoFiles, agency: options.sections.includes('agency') })
      if (options.explain) await explainListQueries(db, seeded.brokerId)
    } finally {
      await db.close()
    }
    log(`${name}: seeded in ${elapsed(since)}`)
    const server = startServer({ port: await freePort(), dataDir, env: { ...env, SEED_DEMO: '0' } })
    cleanup.add(`stop the ${name} server`, () => server.stop())
    try {
      await server.waitUntilHealthy()
    } catch (error) {
      console.error(`--- last lines of the ${name} server ---\n${server.log.join('\n')}\n---`)
      throw error
    }
    log(`${name}: server healthy at ${server.appUrl}`)
    return { name, dataDir, env, seeded, server, appUrl: server.appUrl }
  }

  return {
    ...options,
    tempDir,
    cleanup,
    shareConnections: options.connections,
    engineConnections: options.connections,
    log,
    /** Registers a resource a section starts (a reference server) to release on exit, also after a signal. */
    onCleanup: (label, fn) => cleanup.add(label, fn),
    summary: (row) => rows.push(judge(row)),
    rows,
    targets,
    /** The target's server, started (and its database seeded) on first use. */
    target(name) {
      if (!targets.has(name)) targets.set(name, prepareTarget(name))
      return targets.get(name)
    },
    ceiling() {
      ceiling ??= (async () => {
        const folder = path.join(tempDir, 'ceiling')
        await buildCeiling(folder)
        // The photo files the targets serve, as plain static files of the ceiling (share's photo figure).
        if (wantsPhotoFiles) writeCeilingPhotos(folder, await (photoFiles ??= makePhotoFiles()))
        const server = await startCeiling(folder, await freePort())
        cleanup.add('stop the ceiling server', () => server.stop())
        log(`ceiling: bare React Router page built and served at ${server.url}`)
        return server
      })()
      return ceiling
    },
  }
}

async function main() {
  const options = parseOptions()
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
    durationSeconds: options.seconds,
    connections: options.connections,
    targets: options.targetNames,
    sections: {},
    summary: [],
  }
  if (report.loadAverageAtStart[0] > report.cpus / 2) {
    console.warn(`Note: load average ${report.loadAverageAtStart[0]} on ${report.cpus} CPUs; other work will skew the numbers.`)
  }
  const ctx = createContext(options)
  const started = performance.now()
  try {
    for (const section of Object.keys(SECTIONS).filter((s) => options.sections.includes(s))) {
      const since = performance.now()
      report.sections[section] = await SECTIONS[section](ctx)
      ctx.log(`${section}: done in ${elapsed(since)}`)
    }
    // The bench targets' servers after all their load: how much memory they hold by now.
    for (const [name, pending] of ctx.targets) {
      const target = await pending
      if (!target.server.running) continue
      const { kib } = treeRssKib(target.server.pid)
      report.sections[`rss-after-load-${name}`] = { rssMB: Math.round((kib * 1024) / 1e6) }
      ctx.summary({ section: 'memory', metric: `server RSS after the run's load (${name})`, value: Math.round((kib * 1024) / 1e6), reference: null, ratio: null, goal: null, unit: 'MB' })
    }
  } catch (error) {
    for (const [name, pending] of ctx.targets) {
      const target = await pending.catch(() => null)
      if (target?.server.log.length) console.error(`--- last lines of the ${name} server ---\n${target.server.log.join('\n')}\n---`)
    }
    throw error
  } finally {
    await cleanup.run()
  }
  report.summary = ctx.rows
  report.totalSeconds = Math.round((performance.now() - started) / 1000)
  printSummary(ctx.rows)
  console.log(
    `\nA/B interleaved, 3 repetitions, medians; ${options.seconds} s per run after a 2 s warm-up; Accept-Encoding: gzip. ` +
      `Load average at start ${report.loadAverageAtStart.join(' ')} on ${report.cpus} CPUs; total ${report.totalSeconds} s.`,
  )
  report.markdown = markdownSummary(ctx.rows)
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`Written to ${path.relative(ROOT, RESULTS_FILE)}`)
  if (ctx.rows.some((r) => r.result === 'FAIL')) console.log('Some goals are not met (FAIL above).')
}

main().catch((error) => {
  // After a signal the failures are only the consequence of the cleanup pulling the servers away.
  if (interrupted) return
  console.error('\nBENCHMARK FAILED:', error instanceof Error ? error.message : error)
  if (error instanceof Error && error.stack) console.error(error.stack.split('\n').slice(1, 4).join('\n'))
  process.exitCode = 1
})
