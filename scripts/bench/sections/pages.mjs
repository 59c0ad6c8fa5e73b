// The bench broker's own pages (5,000 listings), one load test each on every target, as the
// bench measured them before issue 14: two filtered list pages and a 20-photo detail page.
// No reference and no goal: these are the app's absolute figures, kept to follow them over time.
import { getPage, loadTest, signInAs } from '../http.mjs'
import { BROKER, SEEDED_LISTINGS } from '../seed.mjs'
import { gzipTransferSize } from '../util.mjs'

/** "waterfront" and "Porto" are chosen by bench-seed.sql to match a few hundred listings. */
const scenarios = (detailPropertyId) => [
  { name: 'list: text filter', path: '/properties?q=waterfront', kind: 'list' },
  { name: 'list: city, 2+ bedrooms, by price', path: '/properties?city=Porto&minBedrooms=2&sort=price_asc', kind: 'list' },
  { name: 'detail: 20 photos', path: `/property/${detailPropertyId}`, kind: 'detail' },
]

export async function benchPages(ctx) {
  const results = []
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    const jar = await signInAs(target.appUrl, BROKER.email)
    const { html: listHtml } = await getPage(target.appUrl, '/properties', jar)
    if (countLinks(listHtml) < 10) throw new Error('GET /properties lists fewer than 10 properties: is the session working?')
    if (!listHtml.includes(`${SEEDED_LISTINGS} / 250 properties`)) {
      ctx.log(`pages: note — /properties no longer shows "${SEEDED_LISTINGS} / 250 properties" (usage line changed?)`)
    }
    for (const scenario of scenarios(target.seeded.detailPropertyId)) {
      const matches = await checkScenario(target.appUrl, jar, scenario)
      const measured = await loadTest(`${target.appUrl}${scenario.path}`, { cookie: jar.header, seconds: ctx.seconds })
      ctx.log(`pages: ${name} ${scenario.path} → ${measured.requestsPerSecond} req/s, p99 ${measured.latencyP99Ms} ms`)
      results.push({ target: name, name: scenario.name, path: scenario.path, matches, ...measured })
      ctx.summary({ section: 'pages', metric: `${scenario.name} req/s (${name})`, value: measured.requestsPerSecond, reference: null, ratio: null, goal: null, unit: 'req/s' })
    }
    // The unfiltered list as served, asked after the load tests so Server-Timing shows a warm server.
    const { response, html } = await getPage(target.appUrl, '/properties', jar)
    results.push({
      target: name,
      name: 'unfiltered /properties as served',
      htmlBytes: Buffer.byteLength(html),
      gzipBytes: await gzipTransferSize(`${target.appUrl}/properties`, jar.header),
      serverTiming: response.headers.get('server-timing'),
    })
  }
  return results
}

/** Before measuring: the page answers 200 with what it should show (matches / photos). */
async function checkScenario(appUrl, jar, scenario) {
  const { html } = await getPage(appUrl, scenario.path, jar)
  if (scenario.kind === 'list') {
    // The count as the page words it ("310 properties"); a page without it must still list rows.
    const total = Number(html.match(/>([\d,]+)\+? propert(?:y|ies)</)?.[1]?.replaceAll(',', '') ?? 0)
    if (total > 0 && total < 50) throw new Error(`GET ${scenario.path} lists ${total} properties; the seed should give a few hundred`)
    if (countLinks(html) < 10) throw new Error(`GET ${scenario.path} lists fewer than 10 properties`)
    return total || null
  }
  const photos = new Set(html.match(/\/media\/[0-9a-f-]{36}\//g)).size
  if (photos !== 20) throw new Error(`GET ${scenario.path} shows ${photos} photos, expected 20`)
  return photos
}

const countLinks = (html) => new Set(html.match(/href="\/property\/[0-9a-f-]{36}"/g)).size
