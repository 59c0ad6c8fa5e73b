// HTTP as the bench speaks it: sign in like a browser, fetch pages, load-test with autocannon,
// and run A/B comparisons interleaved (A, B, A, B, …) so drift on a shared machine hits both.
import http from 'node:http'
import autocannon from 'autocannon'
import { BROKER } from './seed.mjs'
import { CookieJar, median, round, sleep } from './util.mjs'

export const WARMUP_SECONDS = 2
// Every request says it is a phone's browser: Node's own fetch says "node", which the app takes
// for a bot, and a bot's view is neither counted nor given a visitor cookie.
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
const SETTLE_MS = 1000
const MAX_SETTLE_MS = 5000

export async function signInAs(appUrl, email, password = BROKER.password) {
  const jar = new CookieJar()
  const response = await fetch(`${appUrl}/auth`, {
    method: 'POST',
    redirect: 'manual',
    // A same-origin form post as a browser sends it (the cross-site check reads these).
    headers: { Origin: appUrl, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'signin', email, password }),
  })
  jar.take(response)
  if (response.status !== 302 || !jar.has('bv_session')) {
    throw new Error(`sign-in as ${email} failed: HTTP ${response.status}, cookies: ${jar.header || 'none'}`)
  }
  // The first page after sign-in consumes the sign-in toast, so later pages are the steady state.
  await getPage(appUrl, '/home', jar)
  return jar
}

/** One GET with the session; the jar takes what it sets. */
export async function getPage(appUrl, pathname, jar = new CookieJar()) {
  const response = await fetch(`${appUrl}${pathname}`, { headers: { Cookie: jar.header, 'User-Agent': BROWSER_USER_AGENT }, redirect: 'manual' })
  jar.take(response)
  const html = await response.text()
  if (response.status !== 200) throw new Error(`GET ${pathname}: HTTP ${response.status} (expected 200)`)
  return { response, html }
}

/**
 * What the answers of a load test said, from their headers (cheap: no body is kept): how many
 * set a visitor cookie (a counted first view), set any other cookie, were answered with no
 * database statement (Server-Timing `db;desc="0 queries"`), came gzipped.
 */
export class ResponseTally {
  responses = 0
  ok = 0
  visitorCookies = 0
  otherCookies = 0
  zeroQueries = 0
  gzip = 0
  /** Answers by their Server-Timing statement count: { '0': n, '1': n, … } */
  queries = {}
  /** http-parser-js's header info, as autocannon's client emits it: statusCode and a flat [name, value, …] list. */
  add({ statusCode, headers }) {
    this.responses++
    if (statusCode === 200) this.ok++
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i].toLowerCase()
      const value = headers[i + 1]
      if (name === 'set-cookie') {
        if (value.startsWith('bv_visitor=')) this.visitorCookies++
        else this.otherCookies++
      } else if (name === 'server-timing') {
        const count = /db;desc="(\d+) queries"/.exec(value)?.[1] ?? 'none'
        if (count === '0') this.zeroQueries++
        this.queries[count] = (this.queries[count] ?? 0) + 1
      } else if (name === 'content-encoding' && value === 'gzip') this.gzip++
    }
  }
  get summary() {
    const { responses, ok, visitorCookies, otherCookies, zeroQueries, gzip, queries } = this
    return { responses, ok, visitorCookies, otherCookies, zeroQueries, gzip, queries }
  }
}

/**
 * One autocannon run. `amount` and `overallRate` (optional) make it a fixed burst: that many
 * requests at that rate over all connections, however long it takes. `tally` (a ResponseTally)
 * reads every answer's headers.
 */
function runAutocannon(url, { cookie = '', seconds, connections, amount, overallRate, tally }) {
  // Accept-Encoding as every browser sends it: compression is part of serving a page.
  const headers = { 'accept-encoding': 'gzip', 'user-agent': BROWSER_USER_AGENT }
  // A visitor without cookies sends no Cookie header at all (autocannon would send an empty one).
  if (cookie) headers.cookie = cookie
  const options = { url, connections, headers }
  // A burst (amount) lasts as long as its answers take; a run lasts `seconds`.
  if (amount) options.amount = amount
  else options.duration = seconds
  if (overallRate) options.overallRate = overallRate
  if (tally) options.setupClient = (client) => client.on('headers', (info) => tally.add(info))
  return autocannon(options)
}

/**
 * A short unmeasured run (JIT, pools, caches), then the measured one. Any non-2xx fails the run.
 * `during`: started after the warm-up, right before the measured run (e.g. a loop of edits), as
 * `during()` → { stop() → its result }, stopped when the run ends; its result comes back as `during`.
 * `tally` (a ResponseTally) reads the answers of both runs.
 */
export async function loadTest(url, { cookie = '', seconds, connections = 10, warmupSeconds = WARMUP_SECONDS, during, tally }) {
  if (warmupSeconds > 0) await runAutocannon(url, { cookie, seconds: warmupSeconds, connections, tally })
  const beside = during ? await during() : null
  let result
  let besideResult
  try {
    result = await runAutocannon(url, { cookie, seconds, connections, tally })
    if (result.requests.total === 0) {
      // Not one answer within the run (a page slower than the run, queued 10 deep): once more, twice as long.
      console.warn(`GET ${url}: no answer within ${seconds} s; measuring again for ${seconds * 2} s`)
      await sleep(MAX_SETTLE_MS)
      result = await runAutocannon(url, { cookie, seconds: seconds * 2, connections, tally })
    }
  } finally {
    besideResult = await beside?.stop()
  }
  // A wrong answer fails the run; a page too slow to answer within the run is a figure (0 req/s).
  if (result.non2xx > 0) {
    throw new Error(`GET ${url}: ${result.non2xx} non-2xx of ${result.requests.total} (status codes: ${JSON.stringify(result.statusCodeStats)})`)
  }
  if (result.requests.total === 0 || result.errors + result.timeouts > 0) {
    console.warn(`GET ${url}: ${result.requests.total} answers, ${result.errors} errors, ${result.timeouts} timeouts in ${seconds} s`)
  }
  return {
    requestsPerSecond: result.requests.mean,
    latencyP99Ms: result.requests.total === 0 ? null : result.latency.p99,
    latencyMeanMs: result.latency.mean,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(beside ? { during: besideResult } : {}),
  }
}

/**
 * A/B interleaved: A, B, A, B, … one repetition at a time, so drift on a shared machine hits
 * both sides. Each side: { label, url, cookie }. Returns both sides' runs and their medians.
 */
export async function abTest(a, b, options) {
  const [sa, sb] = await interleave([a, b], options)
  return { a: sa, b: sb }
}

/**
 * Any number of sides interleaved the same way: A, B, C, A, B, C, … Each side: { label, url,
 * cookie, warmup (default true: a warm-up before its first run; false when an earlier side warmed
 * the same server and page), settleMs (the least pause after its runs, default 1 s), during,
 * tally } (see loadTest). Returns each side's medians and runs,
 * in order.
 */
export async function interleave(sides, { seconds, connections = 10, repetitions = 3, log = () => {} }) {
  const runs = sides.map(() => [])
  for (let rep = 0; rep < repetitions; rep++) {
    for (const [i, side] of sides.entries()) {
      // Warm-up only before the first run of each side; later runs start warm.
      const warmupSeconds = rep === 0 && side.warmup !== false ? WARMUP_SECONDS : 0
      const result = await loadTest(side.url, { cookie: side.cookie, seconds, connections, warmupSeconds, during: side.during, tally: side.tally })
      runs[i].push(result)
      // Requests the load generator gave up on at the end still run on the server and would be
      // charged to the next side: let them finish (about one p99, 1 to 5 s; a side answered in
      // milliseconds may ask for a shorter least pause, settleMs).
      await sleep(Math.min(MAX_SETTLE_MS, Math.max(side.settleMs ?? SETTLE_MS, result.latencyP99Ms ?? MAX_SETTLE_MS)))
      log(`  ${side.label} rep ${rep + 1}: ${result.requestsPerSecond} req/s, p99 ${result.latencyP99Ms} ms`)
    }
  }
  return runs.map((list) => ({
    requestsPerSecond: round(median(list.map((r) => r.requestsPerSecond)), 1),
    latencyP99Ms: median(list.map((r) => r.latencyP99Ms)),
    runs: list.map((r) => ({ requestsPerSecond: r.requestsPerSecond, latencyP99Ms: r.latencyP99Ms, ...(r.during ? { during: r.during } : {}) })),
  }))
}

/**
 * A fixed burst: `amount` GETs at `rate` per second over `connections` connections (autocannon's
 * overallRate: each connection sends its share of a second's requests, then waits for the next
 * second), as long as it takes the server to answer them all. Resolves when every answer is in.
 */
export async function burst(url, { cookie = '', amount, rate, connections, tally }) {
  const result = await runAutocannon(url, { cookie, connections, amount, overallRate: rate, tally })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`burst GET ${url}: ${result.non2xx} non-2xx, ${result.errors} errors of ${amount} (status codes: ${JSON.stringify(result.statusCodeStats)})`)
  }
  return { seconds: result.duration, answered: result['2xx'], latencyP99Ms: result.latency.p99 }
}

/**
 * A browser-like client asking for a page over and over on `connections` keep-alive connections
 * (each waits for its answer, then asks again) while something else runs: its latencies, from
 * start() until stop(). Any answer but 200 fails it.
 */
export function latencyProbe(url, { cookie = '', connections = 2 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const headers = { 'Accept-Encoding': 'gzip', 'User-Agent': BROWSER_USER_AGENT, ...(cookie ? { Cookie: cookie } : {}) }
  const latencies = []
  const failures = []
  let running = true
  const ask = () =>
    new Promise((resolve) => {
      const started = performance.now()
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume()
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - started)
          else failures.push(`HTTP ${response.statusCode}`)
          resolve()
        })
        response.on('error', (error) => {
          failures.push(error.message)
          resolve()
        })
      })
      request.setTimeout(30_000, () => request.destroy(new Error('timed out after 30 s')))
      request.on('error', (error) => {
        failures.push(error.message)
        resolve()
      })
    })
  const loops = Array.from({ length: connections }, async () => {
    while (running) await ask()
  })
  return {
    async stop() {
      running = false
      await Promise.all(loops)
      agent.destroy()
      if (failures.length) throw new Error(`GET ${url} (probe): ${failures.length} failed answers, e.g. ${failures[0]}`)
      const sorted = latencies.sort((x, y) => x - y)
      const at = (q) => (sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)], 1) : null)
      return { samples: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) }
    },
  }
}
