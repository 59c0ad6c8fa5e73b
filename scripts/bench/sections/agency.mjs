// Agencies (issue 26): an agent's /properties in a 10-member agency holding 20,000 listings
// against a solo broker's /properties with the same 20,000 rows (seed.mjs copies them into the
// agency, assigned round its members). The solo broker's list reads by owner (the per-broker
// indexes); the agent's reads the agency's stock by agency (properties_agency_created_idx) with
// row-level security on. A = solo, B = agent, interleaved, three repetitions, medians.
// Ratio = agent req/s ÷ solo req/s; goal ≥ 0.9×. p99 reported alongside.
// Before measuring, both pages must list the same rows in the same order.
import { abTest, getPage, signInAs } from '../http.mjs'
import { ratio } from '../util.mjs'

export async function benchAgency(ctx) {
  const results = []
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    const { solo, agent, rows, members } = target.seeded.agency
    const jars = { solo: await signInAs(target.appUrl, solo.email), agent: await signInAs(target.appUrl, agent.email) }
    await sameRows(target.appUrl, jars.solo, jars.agent)
    ctx.log(`agency: ${name} /properties, agent of a ${members}-member agency vs a solo broker, ${rows} rows`)
    const { a, b } = await abTest(
      { label: `/properties solo ${rows}`, url: `${target.appUrl}/properties`, cookie: jars.solo.header },
      { label: `/properties agent ${rows}`, url: `${target.appUrl}/properties`, cookie: jars.agent.header },
      { seconds: ctx.seconds, log: ctx.log },
    )
    const r = ratio(b.requestsPerSecond, a.requestsPerSecond)
    results.push({ target: name, rows, members, solo: a, agent: b, ratio: r })
    ctx.summary({
      section: 'agency',
      metric: `/properties req/s agent of ${members}÷solo, ${rows.toLocaleString('en')} rows (${name})`,
      value: b.requestsPerSecond,
      reference: a.requestsPerSecond,
      ratio: r,
      goal: { atLeast: 0.9 },
      unit: 'req/s',
    })
    ctx.summary({
      section: 'agency',
      metric: `/properties p99 agent of ${members}÷solo (${name})`,
      value: b.latencyP99Ms,
      reference: a.latencyP99Ms,
      ratio: ratio(b.latencyP99Ms, a.latencyP99Ms),
      goal: null,
      unit: 'ms',
    })
  }
  return results
}

// A property card's title (app/ui/property-card.tsx), whatever other classes it carries.
const titlesOf = (html) => [...html.matchAll(/<h2 class="[^"]*\bfont-semibold leading-snug\b[^"]*">([^<]*)<\/h2>/g)].map((m) => m[1])

/** Both lists answer 200 with a full page, the same listings in the same order: the same work. */
async function sameRows(appUrl, soloJar, agentJar) {
  const solo = titlesOf((await getPage(appUrl, '/properties', soloJar)).html)
  const agent = titlesOf((await getPage(appUrl, '/properties', agentJar)).html)
  if (solo.length < 10) throw new Error(`/properties lists ${solo.length} rows for the solo broker; expected a full page`)
  if (JSON.stringify(solo) !== JSON.stringify(agent)) {
    throw new Error(`/properties differs between the solo broker and the agent:\n  solo:  ${solo.slice(0, 5).join(' | ')}\n  agent: ${agent.slice(0, 5).join(' | ')}`)
  }
}
