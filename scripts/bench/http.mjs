// HTTP as the bench speaks it: sign in like a browser, fetch pages, load-test with autocannon,
// and run A/B comparisons interleaved (A, B, A, B, …) so drift on a shared machine hits both.
import autocannon from 'autocannon'
import { BROKER } from './seed.mjs'
import { CookieJar, median, round, sleep } from './util.mjs'

export const WARMUP_SECONDS = 2
// Every request says it is a phone's browser: Node's own fetch says "node", which the app takes
// for a bot, and a bot's view is neither counted nor given a visitor cookie.
const BROWSER_USER_AGENT = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
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

function runAutocannon(url, { cookie = '', seconds, connections }) {
  // Accept-Encoding as every browser sends it: compression is part of serving a page.
  return autocannon({ url, connections, duration: seconds, headers: { cookie, 'accept-encoding': 'gzip', 'user-agent': BROWSER_USER_AGENT } })
}

/** A short unmeasured run (JIT, pools, caches), then the measured one. Any non-2xx fails the run. */
export async function loadTest(url, { cookie = '', seconds, connections = 10, warmupSeconds = WARMUP_SECONDS }) {
  if (warmupSeconds > 0) await runAutocannon(url, { cookie, seconds: warmupSeconds, connections })
  let result = await runAutocannon(url, { cookie, seconds, connections })
  if (result.requests.total === 0) {
    // Not one answer within the run (a page slower than the run, queued 10 deep): once more, twice as long.
    console.warn(`GET ${url}: no answer within ${seconds} s; measuring again for ${seconds * 2} s`)
    await sleep(MAX_SETTLE_MS)
    result = await runAutocannon(url, { cookie, seconds: seconds * 2, connections })
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
  }
}

/**
 * A/B interleaved: A, B, A, B, … one repetition at a time, so drift on a shared machine hits
 * both sides. Each side: { label, url, cookie }. Returns both sides' runs and their medians.
 */
export async function abTest(a, b, { seconds, connections = 10, repetitions = 3, log = () => {} }) {
  const runs = { a: [], b: [] }
  for (let rep = 0; rep < repetitions; rep++) {
    for (const side of ['a', 'b']) {
      const target = side === 'a' ? a : b
      // Warm-up only before the first run of each side; later runs start warm.
      const result = await loadTest(target.url, { cookie: target.cookie, seconds, connections, warmupSeconds: rep === 0 ? WARMUP_SECONDS : 0 })
      runs[side].push(result)
      // Requests the load generator gave up on at the end still run on the server and would be
      // charged to the next side: let them finish (about one p99, 1 to 5 s).
      await sleep(Math.min(MAX_SETTLE_MS, Math.max(SETTLE_MS, result.latencyP99Ms ?? MAX_SETTLE_MS)))
      log(`  ${target.label} rep ${rep + 1}: ${result.requestsPerSecond} req/s, p99 ${result.latencyP99Ms} ms`)
    }
  }
  const summarize = (list) => ({
    requestsPerSecond: round(median(list.map((r) => r.requestsPerSecond)), 1),
    latencyP99Ms: median(list.map((r) => r.latencyP99Ms)),
    runs: list.map((r) => ({ requestsPerSecond: r.requestsPerSecond, latencyP99Ms: r.latencyP99Ms })),
  })
  return { a: summarize(runs.a), b: summarize(runs.b) }
}
