// Hook for the client-alerts bench (issue 12), written elsewhere as scripts/bench-alerts.mjs.
//
// Contract: scripts/bench-alerts.mjs exports
//   async function benchAlerts({ target, databaseUrl, pgliteDir, dataDir, brokerEmail, log })
//     → { seconds: number, budgetSeconds: number, ...anything else worth keeping }
// called once per target, last, with that target's app server STOPPED (so PGlite's folder is
// free): target is 'pglite' or 'postgres'; databaseUrl is set for postgres, pgliteDir for
// pglite; the database is migrated and holds the bench seed (brokerEmail owns 5,000 listings);
// the alerts bench may add rows. PASS when seconds ≤ budgetSeconds.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { BROKER } from '../seed.mjs'
import { ROOT, round } from '../util.mjs'

const ALERTS_FILE = path.join(ROOT, 'scripts/bench-alerts.mjs')

export async function benchAlertsHook(ctx) {
  if (!existsSync(ALERTS_FILE)) {
    ctx.log('alerts: skipped (no scripts/bench-alerts.mjs yet)')
    return { skipped: 'no scripts/bench-alerts.mjs' }
  }
  const module = await import(pathToFileURL(ALERTS_FILE).href)
  if (typeof module.benchAlerts !== 'function') {
    ctx.log('alerts: skipped (scripts/bench-alerts.mjs exports no benchAlerts function)')
    return { skipped: 'no benchAlerts export' }
  }
  const results = {}
  for (const name of ctx.targetNames) {
    const target = await ctx.target(name)
    await target.server.stop()
    const result = await module.benchAlerts({
      target: name,
      databaseUrl: target.env.DATABASE_URL,
      pgliteDir: name === 'pglite' ? path.join(target.dataDir, 'pglite') : undefined,
      dataDir: target.dataDir,
      brokerEmail: BROKER.email,
      log: ctx.log,
    })
    results[name] = result
    ctx.summary({
      section: 'alerts',
      metric: `alerts job run (${name})`,
      value: round(result.seconds, 2),
      reference: null,
      ratio: null,
      goal: { atMost: result.budgetSeconds },
      unit: 's',
    })
  }
  return results
}
