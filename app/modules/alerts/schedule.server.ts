import { getEnv } from '#app/lib/env.server.ts'
import { getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import { ALERT_QUEUE } from './settings.ts'

/**
 * `short` policy with one singleton key: while a run waits, further nudges are no-ops, so a
 * burst of edits gives one run (docs/decisions/016-notices.md explains the policy).
 */
export const ALERT_QUEUE_OPTIONS: QueueOptions = { policy: 'short', retryLimit: 2, retryDelay: 60 }
const ALERT_RUN_KEY = 'run'

/**
 * After a broker adds or changes a property: a run ALERT_DELAY_SECONDS later, so a property
 * saved as active reaches clients due a mail without waiting for the cron. The run itself
 * keeps every client to one mail a day.
 */
export async function scheduleAlertRun() {
  const queue = await getQueue(ALERT_QUEUE, ALERT_QUEUE_OPTIONS)
  await queue.send(ALERT_QUEUE, {}, { singletonKey: ALERT_RUN_KEY, startAfter: getEnv().ALERT_DELAY_SECONDS })
}
