// List pages at scale: /properties and /clients (no filter, default sort) for a broker owning
// 1,000 rows against one owning 20,000, A/B interleaved, three repetitions, medians.
// Ratio = req/s at 20k ÷ req/s at 1k; goal ≥ 0.9×. p99 reported alongside.
import { abTest, getPage, signInAs } from '../http.mjs'
import { ratio } from '../util.mjs'

const PAGES = ['/properties', '/clients']

export async function benchLists(ctx) {
  const results = []
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    const { small, large } = target.seeded.listBrokers
    const jars = { small: await signInAs(target.appUrl, small.email), large: await signInAs(target.appUrl, large.email) }
    for (const pathname of PAGES) {
      for (const size of ['small', 'large']) await checkListPage(target.appUrl, pathname, jars[size])
      ctx.log(`lists: ${name} ${pathname} at ${small.rows} vs ${large.rows} rows`)
      const { a, b } = await abTest(
        { label: `${pathname} ${small.rows}`, url: `${target.appUrl}${pathname}`, cookie: jars.small.header },
        { label: `${pathname} ${large.rows}`, url: `${target.appUrl}${pathname}`, cookie: jars.large.header },
        { seconds: ctx.seconds, log: ctx.log },
      )
      const r = ratio(b.requestsPerSecond, a.requestsPerSecond)
      results.push({ target: name, path: pathname, rows: { small: small.rows, large: large.rows }, small: a, large: b, ratio: r })
      ctx.summary({
        section: 'lists',
        metric: `${pathname} req/s 20k÷1k (${name})`,
        value: b.requestsPerSecond,
        reference: a.requestsPerSecond,
        ratio: r,
        goal: { atLeast: 0.9 },
        unit: 'req/s',
      })
      ctx.summary({
        section: 'lists',
        metric: `${pathname} p99 20k÷1k (${name})`,
        value: b.latencyP99Ms,
        reference: a.latencyP99Ms,
        ratio: ratio(b.latencyP99Ms, a.latencyP99Ms),
        goal: null,
        unit: 'ms',
      })
    }
  }
  return results
}

/** The page answers 200 and lists rows (a broken session would redirect). */
async function checkListPage(appUrl, pathname, jar) {
  const { html } = await getPage(appUrl, pathname, jar)
  const links = html.match(pathname === '/properties' ? /href="\/property\/[0-9a-f-]{36}"/g : /href="\/client\/[0-9a-f-]{36}"/g)
  if (!links || links.length < 10) throw new Error(`GET ${pathname} lists ${links?.length ?? 0} rows; expected a full page`)
}
