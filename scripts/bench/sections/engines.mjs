// PGlite against Postgres: p99 latency of the same list page (/properties of the 1,000-row
// broker) at 10 connections on each target, A/B interleaved, three repetitions, medians.
// Ratio = PGlite p99 ÷ Postgres p99; goal ≤ 2× at 10 connections and at 200 (issue 24; run it
// with --connections=10,200). From 100 connections on, a run lasts at least 10 s: at 200 a
// request waits seconds, and a shorter run would cut the tail it measures.
import { abTest, signInAs } from '../http.mjs'
import { ratio } from '../util.mjs'

const PAGE = '/properties'

export async function benchEngines(ctx) {
  if (!ctx.targetNames.includes('pglite') || !ctx.targetNames.includes('postgres')) {
    ctx.log('engines: skipped (needs both targets)')
    return null
  }
  const sides = {}
  for (const name of ['pglite', 'postgres']) {
    const target = await ctx.target(name)
    const jar = await signInAs(target.appUrl, target.seeded.listBrokers.small.email)
    sides[name] = { label: `${name} ${PAGE}`, url: `${target.appUrl}${PAGE}`, cookie: jar.header }
  }
  const results = {}
  for (const connections of ctx.engineConnections) {
    ctx.log(`engines: ${PAGE} on PGlite vs Postgres, ${connections} connections`)
    const seconds = connections >= 100 ? Math.max(ctx.seconds, 10) : ctx.seconds
    const { a, b } = await abTest(sides.pglite, sides.postgres, { seconds, connections, log: ctx.log })
    const r = ratio(a.latencyP99Ms, b.latencyP99Ms)
    results[connections] = { pglite: a, postgres: b, p99Ratio: r }
    ctx.summary({
      section: 'engines',
      metric: `${PAGE} p99, ${connections} conn, PGlite÷Postgres`,
      value: a.latencyP99Ms,
      reference: b.latencyP99Ms,
      ratio: r,
      goal: connections === 10 || connections === 200 ? { atMost: 2 } : null,
      unit: 'ms',
    })
  }
  return results
}
