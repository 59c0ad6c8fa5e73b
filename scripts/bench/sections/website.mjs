// The agency websites (issue 27; docs/decisions/036-enquiries-and-website.md) against the framework
// ceiling, as the share section measures share pages: a listing page (BV-00001, 20 photos, at its
// canonical address /a/{slug}/p/{id}-{title}) and a search of the agency's listings
// (/a/{slug}?purpose=sale&minBedrooms=2&sort=price_asc), each asked for by a phone's browser with
// no cookie, A/B interleaved with the bare React Router page, three repetitions, medians.
// Ratio = website req/s ÷ ceiling req/s; goal ≥ 1.0× (the share pages' class).
import { abTest, getPage } from '../http.mjs'
import { CookieJar, gzipTransferSize, ratio, round } from '../util.mjs'

export async function benchWebsite(ctx) {
  const ceiling = await ctx.ceiling()
  const results = []
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    const { websiteSlug, detailPropertyId } = target.seeded
    // The id alone answers 301 to the canonical address (with the title): measure that one.
    const bare = await fetch(`${target.appUrl}/a/${websiteSlug}/p/${detailPropertyId}`, { redirect: 'manual' })
    const canonical = bare.headers.get('location')
    if (bare.status !== 301 || !canonical) throw new Error(`GET /a/${websiteSlug}/p/${detailPropertyId}: HTTP ${bare.status}, expected 301 to the canonical address`)
    const paths = { listing: canonical, search: `/a/${websiteSlug}?purpose=sale&minBedrooms=2&sort=price_asc` }
    for (const [kind, pathname] of Object.entries(paths)) {
      const jar = new CookieJar()
      const { html } = await getPage(target.appUrl, pathname, jar)
      // The second read is the one kept in memory (the first rendered it).
      await getPage(target.appUrl, pathname, jar)
      const hasScript = /<script(?![^>]*application\/ld\+json)/.test(html)
      if (name === ctx.targetNames[0]) {
        const htmlGzip = await gzipTransferSize(`${target.appUrl}${pathname}`, jar.header)
        ctx.summary({ section: 'website', metric: `${kind} HTML, gzip${hasScript ? ' (ships a <script>!)' : ''}`, value: round(htmlGzip / 1000, 1), reference: null, ratio: null, goal: null, unit: 'kB' })
      }
      for (const connections of ctx.shareConnections) {
        ctx.log(`website: ${name} ${pathname} vs ceiling, ${connections} connections`)
        const { a, b } = await abTest(
          { label: 'ceiling', url: ceiling.url },
          { label: pathname, url: `${target.appUrl}${pathname}`, cookie: jar.header },
          { seconds: ctx.seconds, connections, log: ctx.log },
        )
        const r = ratio(b.requestsPerSecond, a.requestsPerSecond)
        results.push({ target: name, kind, path: pathname, connections, ceiling: a, website: b, ratio: r })
        ctx.summary({
          section: 'website',
          metric: `${kind} req/s, ${connections} conn (${name})`,
          value: b.requestsPerSecond,
          reference: a.requestsPerSecond,
          ratio: r,
          goal: connections === 10 ? { atLeast: 1.0 } : null,
          unit: 'req/s',
        })
      }
    }
  }
  return results
}
