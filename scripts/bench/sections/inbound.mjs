// Inbound mail (issue 27, docs/decisions/037-lead-routing-and-replies.md): 1,000 mails read,
// filed as leads and routed, within 30 s. scripts/bench/inbound-child.mjs seeds and times it on
// a database of its own, in a child process per target (the server bundle reads its
// configuration once per process); this section runs it and puts its figure in the table.
// `node scripts/bench.mjs --only=inbound` after `npm run build`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ROOT, round } from '../util.mjs'

const CHILD = path.join(ROOT, 'scripts/bench/inbound-child.mjs')
const BUDGET_SECONDS = 30

export async function benchInbound(ctx) {
  const results = {}
  for (const name of ctx.targetNames) {
    ctx.log(`inbound: ${name}, 1,000 mails read, filed and routed`)
    const run = spawnSync(process.execPath, [CHILD, `--target=${name}`], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
    const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
    if (run.status !== 0 || !line) throw new Error(`inbound bench (${name}) failed: exit ${run.status}\n${run.stdout}`)
    const result = JSON.parse(line.slice('RESULT '.length))
    results[name] = result
    ctx.log(`  filed in ${result.filedSeconds.toFixed(2)} s, routed by ${result.seconds.toFixed(2)} s`)
    ctx.summary({
      section: 'inbound',
      metric: `1,000 inbound mails parsed, filed and routed (${name})`,
      value: round(result.seconds, 2),
      reference: null,
      ratio: null,
      goal: { atMost: BUDGET_SECONDS },
      unit: 's',
    })
  }
  return results
}
