import { logger } from '#app/lib/logger.server.ts'
import { stopJobQueue } from '#db/job-queue.server.ts'
import { stopLeadRoutingTicker } from './lead-routing.server.ts'
import { startJobWorkers } from './workers.server.ts'

const RETRY_START_MS = 5000
let stopping = false
let retryTimer: NodeJS.Timeout | undefined

/**
 * Starts the workers without holding up the server: pg-boss creates its schema on first start
 * (seconds on the embedded database), and a database that is briefly away must not stop the
 * site from answering. Failing starts are retried every 5 s until they succeed or we stop.
 */
export function startJobWorkersInBackground() {
  stopping = false
  const attempt = () => {
    startJobWorkers().then(
      () => logger.info('Background jobs running'),
      (error: unknown) => {
        if (stopping) return
        // Mostly a database still out of reach: its message says enough, a stack every 5 s would not.
        logger.error({ reason: error instanceof Error ? error.message : String(error) }, 'Background jobs could not start; retrying in 5 s')
        retryTimer = setTimeout(attempt, RETRY_START_MS)
      },
    )
  }
  attempt()
}

/** Shutdown: no new jobs are taken; running ones get `timeoutMs` to finish (else they are retried later). */
export async function stopJobWorkers(timeoutMs: number) {
  stopping = true
  clearTimeout(retryTimer)
  stopLeadRoutingTicker()
  await stopJobQueue(timeoutMs)
}
