// Scale (issue 24): a broker's cost never grows with other brokers' data. The same two brokers
// (1,000 and 100,000 properties and clients) in a small database, alone, and in a large one
// beside 998 other brokers (1,010,198 properties in all; scale-seed.mjs), each database with its
// own `node server.mjs`. Issue 26: the same holds per agency and per member, so an agent and an
// admin of a 10-member agency (10,000 properties and clients) are measured the same way: the
// agent's lists read the agency's listings and their own clients, the admin's all of both.
// For each person and page, A = the small database, B = the large one,
// interleaved, three repetitions, medians. Ratio = large req/s ÷ small req/s; goal ≥ 0.9×.
//   search           /properties?q=waterfront (prefix and parsed text, owner-scoped index)
//   client matching  /client/{id} of a client who wants a sale in "PÓRTO" or Riverside, 2+ bedrooms
//   /home            capped counts by status and stage, usage line, activity, pipeline
//   /clients         the client list, capped count
// Before measuring, each page is fetched from both databases and must show the same rows in the
// same order: the two sides do the same work, only the table around them differs.
// The seed's duration is a figure too (goal: at most 5 minutes for the large database).
//
// PostgreSQL only by default: on PGlite the large seed takes far longer than a bench run should
// (measured on the 2-core dev machine: 100,000 rows a minute, four times PostgreSQL's pace, so
// about 20 minutes for the million with its indexes). `--target=pglite --only=scale` runs it
// anyway when SCALE_PGLITE=1 is set; see README, Benchmark.
import { mkdtempSync } from 'node:fs'
import path from 'node:path'
import { startServer } from '../app-server.mjs'
import { createTargetDatabase } from '../database.mjs'
import { abTest, getPage, signInAs } from '../http.mjs'
import { SCALE_AGENCY, SCALE_BROKERS, seedScale } from '../scale-seed.mjs'
import { agencyMembers, brokerPasswordHash, insertAgency, insertBroker } from '../seed.mjs'
import { elapsed, freePort, ratio, round } from '../util.mjs'

const SEED_GOAL_SECONDS = 300

/** The pages measured, with what each must show (rows compared between the two databases). */
const PAGES = [
  { name: 'search', url: () => '/properties?q=waterfront', rows: propertyTitles, atLeast: 10 },
  { name: 'client matching', url: (broker) => `/client/${broker.matchingClientId}`, rows: matchedTitles, atLeast: 1 },
  { name: '/home', url: () => '/home', rows: homeCounts, atLeast: 6 },
  { name: '/clients', url: () => '/clients', rows: clientNames, atLeast: 10 },
]

export async function benchScale(ctx) {
  const targets = ctx.targetNames.filter((name) => name === 'postgres' || process.env.SCALE_PGLITE === '1')
  if (targets.length === 0) {
    ctx.log('scale: skipped (PostgreSQL only; SCALE_PGLITE=1 runs it on PGlite too)')
    return null
  }
  const passwordHash = await brokerPasswordHash()
  const results = {}
  for (const target of targets) {
    const small = await prepare(ctx, target, 'small', passwordHash)
    const large = await prepare(ctx, target, 'large', passwordHash)
    ctx.summary({
      section: 'scale',
      metric: `seed of ${large.properties.toLocaleString('en')} properties (${target})`,
      value: large.seedSeconds,
      reference: null,
      ratio: null,
      goal: { atMost: SEED_GOAL_SECONDS },
      unit: 's',
    })
    results[target] = { seedSeconds: { small: small.seedSeconds, large: large.seedSeconds }, properties: { small: small.properties, large: large.properties }, pages: [] }
    for (const { who, small: inSmall, large: inLarge } of measuredPeople(small, large)) {
      const broker = { small: inSmall, large: inLarge }
      const jars = {
        small: await signInAs(small.server.appUrl, broker.small.email),
        large: await signInAs(large.server.appUrl, broker.large.email),
      }
      for (const page of PAGES) {
        const urls = { small: page.url(broker.small), large: page.url(broker.large) }
        await sameRows(page, small.server.appUrl, urls.small, jars.small, large.server.appUrl, urls.large, jars.large)
        ctx.log(`scale: ${target} ${page.name}, ${who}, small vs large database`)
        const { a, b } = await abTest(
          { label: `${page.name} ${who} small db`, url: `${small.server.appUrl}${urls.small}`, cookie: jars.small.header },
          { label: `${page.name} ${who} large db`, url: `${large.server.appUrl}${urls.large}`, cookie: jars.large.header },
          { seconds: ctx.seconds, log: ctx.log },
        )
        const r = ratio(b.requestsPerSecond, a.requestsPerSecond)
        results[target].pages.push({ page: page.name, who, small: a, large: b, ratio: r })
        ctx.summary({
          section: 'scale',
          metric: `${page.name}, ${who}, req/s 1M÷small (${target})`,
          value: b.requestsPerSecond,
          reference: a.requestsPerSecond,
          ratio: r,
          goal: { atLeast: 0.9 },
          unit: 'req/s',
        })
        ctx.summary({
          section: 'scale',
          metric: `${page.name}, ${who}, p99 1M÷small (${target})`,
          value: b.latencyP99Ms,
          reference: a.latencyP99Ms,
          ratio: ratio(b.latencyP99Ms, a.latencyP99Ms),
          goal: null,
          unit: 'ms',
        })
      }
    }
    // Two servers and two big databases: let them go before the next target or section.
    await Promise.all([small.server.stop(), large.server.stop()])
  }
  return results
}

/**
 * Who is measured, each as in the small and in the large database: the two brokers, then the
 * agency's agent and admin (per member, per agency: issue 26).
 */
function measuredPeople(small, large) {
  const agency = `${SCALE_AGENCY.members}-member agency`
  return [
    ...Object.keys(SCALE_BROKERS).map((size) => ({ who: `${small.brokers[size].rows.toLocaleString('en')}-row broker`, small: small.brokers[size], large: large.brokers[size] })),
    { who: `agent of a ${agency}`, small: small.agency.agent, large: large.agency.agent },
    { who: `admin of a ${agency}`, small: small.agency.admin, large: large.agency.admin },
  ]
}

/** A seeded database with its own server: small (the two brokers alone) or large (and 998 others). */
async function prepare(ctx, target, size, passwordHash) {
  const dataDir = mkdtempSync(path.join(ctx.tempDir, `scale-${target}-${size}-`))
  const since = performance.now()
  const { db, env } = await createTargetDatabase(target, { dataDir, cleanup: ctx.cleanup, suffix: `scale_${size}` })
  let seeded
  try {
    seeded = await seedScale(db, {
      large: size === 'large',
      passwordHash,
      insertBroker: (database, broker) => insertBroker(database, broker, passwordHash),
      insertAgency: (database, members) => insertAgency(database, members, passwordHash),
      agencyMembers,
      // A server has memory to spare for the index builds; PGlite's WebAssembly memory never shrinks.
      maintenanceWorkMem: target === 'postgres' ? '256MB' : null,
      log: (message) => ctx.log(`${message} (${target} ${size}, ${elapsed(since)})`),
    })
  } finally {
    await db.close()
  }
  const seedSeconds = round((performance.now() - since) / 1000, 1)
  ctx.log(`scale: ${target} ${size} database, ${seeded.properties.toLocaleString('en')} properties, seeded in ${seedSeconds} s`)
  const server = startServer({ port: await freePort(), dataDir, env: { ...env, SEED_DEMO: '0' } })
  ctx.cleanup.add(`stop the scale ${size} ${target} server`, () => server.stop())
  try {
    await server.waitUntilHealthy()
  } catch (error) {
    console.error(`--- last lines of the scale ${size} ${target} server ---\n${server.log.join('\n')}\n---`)
    throw error
  }
  return { ...seeded, server, seedSeconds }
}

/** The page answers 200 on both databases with at least `atLeast` rows, the same rows in the same order. */
async function sameRows(page, smallUrl, smallPath, smallJar, largeUrl, largePath, largeJar) {
  const small = page.rows((await getPage(smallUrl, smallPath, smallJar)).html)
  const large = page.rows((await getPage(largeUrl, largePath, largeJar)).html)
  if (small.length < page.atLeast) throw new Error(`${page.name} (${smallPath}) shows ${small.length} rows on the small database; expected ${page.atLeast}+`)
  if (JSON.stringify(small) !== JSON.stringify(large)) {
    throw new Error(`${page.name} differs between the databases:\n  small: ${small.slice(0, 5).join(' | ')}\n  large: ${large.slice(0, 5).join(' | ')}`)
  }
}

const texts = (html, pattern) => [...html.matchAll(pattern)].map((m) => m[1])

function propertyTitles(html) {
  // A card's title (the class list around leading-snug may grow; the bulk bar's h2 has no leading-snug).
  return texts(html, /<h2 class="[^"]*\bleading-snug\b[^"]*">([^<]*)<\/h2>/g)
}

/** The cards of the "Matching properties" card only (the deal form's picker lists titles too). */
function matchedTitles(html) {
  const start = html.indexOf('Matching properties')
  return start < 0 ? [] : propertyTitles(html.slice(start, html.indexOf('>Deals<', start)))
}

/** The counts by status and stage, as "Active=1,000+". */
function homeCounts(html) {
  return [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)</g)].map((m) => `${m[1]}=${m[2]}`)
}

function clientNames(html) {
  return texts(html, /href="\/client\/[0-9a-f-]{36}"[^>]*><span><span class="font-medium">([^<]*)</g)
}
