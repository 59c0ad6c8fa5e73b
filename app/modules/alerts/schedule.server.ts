import { getEnv } from '#app/lib/env.server.ts'
import { getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import { ALERT_QUEUE } from './settings.ts'

/**
 * `short` policy with one singleton key per broker: while a broker's run waits, further nudges
 * are no-ops, so a burst of edits gives one run (docs/decisions/016-notices.md explains the
 * policy). The cron's sweep carries no broker and covers them all.
 */
export const ALERT_QUEUE_OPTIONS: QueueOptions = { policy: 'short', retryLimit: 2, retryDelay: 60 }

/** A queued run: one broker's (a nudge), or every broker's (the sweep, no owner). */
export type AlertRunJob = { ownerId?: string }

/**
 * After a broker adds or changes a property: a run of that broker's clients ALERT_DELAY_SECONDS
 * later, so a property saved as active reaches clients due a mail without waiting for the
 * cron. Only that broker's: nobody else's stock changed. The run keeps every client to one
 * mail a day.
 */
export async function scheduleAlertRun(ownerId: string) {
  const queue = await getQueue(ALERT_QUEUE, ALERT_QUEUE_OPTIONS)
  const job: AlertRunJob = { ownerId }
  await queue.send(ALERT_QUEUE, job, { singletonKey: `owner:${ownerId}`, startAfter: getEnv().ALERT_DELAY_SECONDS })
}
