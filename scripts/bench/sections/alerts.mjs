// Client alerts (issue 12): one run of the alerts job for 1,000 clients against 5,000 listings,
// within 10 s. scripts/bench-alerts.mjs seeds and times it on a database of its own, in a child
// process per target (the server bundle reads its configuration once per process); this
// section runs that child for each target and puts its figure in the table.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ROOT, round } from '../util.mjs'

const ALERTS_SCRIPT = path.join(ROOT, 'scripts/bench-alerts.mjs')

export async function benchAlertsHook(ctx) {
  const results = {}
  for (const name of ctx.targetNames) {
    ctx.log(`alerts: ${name}, 1,000 clients × 5,000 listings`)
    const run = spawnSync(process.execPath, [ALERTS_SCRIPT, '--child', `--target=${name}`], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    })
    const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
    if (run.status !== 0 || !line) throw new Error(`alerts bench (${name}) failed: exit ${run.status}\n${run.stdout}`)
    const result = JSON.parse(line.slice('RESULT '.length))
    results[name] = result
    ctx.log(`  ${result.seconds.toFixed(2)} s: ${result.matched} matches, ${result.mailed} mails queued`)
    ctx.summary({
      section: 'alerts',
      metric: `alerts job run, 1,000 clients × 5,000 listings (${name})`,
      value: round(result.seconds, 2),
      reference: null,
      ratio: null,
      goal: { atMost: 10 },
      unit: 's',
    })
  }
  return results
}
