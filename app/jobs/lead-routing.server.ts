import { logger } from '#app/lib/logger.server.ts'
import { LEAD_ROUTING_INTERVAL_MS, runLeadRouting } from '#app/modules/leads/routing.server.ts'

/*
 * The lead-routing sweep every LEAD_ROUTING_INTERVAL_MS where the background jobs run
 * (docs/decisions/037-lead-routing-and-replies.md): a new lead reaches its member within seconds
 * whatever code inserted it. pg-boss's cron (once a minute, app/jobs/workers.server.ts) is the
 * safety net. One sweep at a time per process; two processes' sweeps never route one lead twice
 * (each lead is locked with SKIP LOCKED).
 */

let timer: NodeJS.Timeout | undefined
let sweeping = false
let lastFailure = ''

export function startLeadRoutingTicker() {
  if (timer) return
  timer = setInterval(() => {
    if (sweeping) return
    sweeping = true
    runLeadRouting()
      .then(() => {
        lastFailure = ''
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error)
        // A database that is away fails every sweep alike: said once, not every 2 s.
        if (reason !== lastFailure) logger.error({ reason }, 'Lead routing failed; retrying')
        lastFailure = reason
      })
      .finally(() => {
        sweeping = false
      })
  }, LEAD_ROUTING_INTERVAL_MS)
  timer.unref()
}

export function stopLeadRoutingTicker() {
  clearInterval(timer)
  timer = undefined
}
