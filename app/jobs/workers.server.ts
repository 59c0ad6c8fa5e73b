import { getDriver, vacuumEmbeddedDatabase } from '#db/client.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { getQueue, type PgBoss } from '#db/job-queue.server.ts'
import {
  deleteStaleResetLinks,
  issuePasswordResetLink,
  PASSWORD_RESET_QUEUE,
  PASSWORD_RESET_QUEUE_OPTIONS,
  type PasswordResetJob,
} from '#app/modules/auth/password-reset.server.ts'
import { deliverMail } from '#app/modules/mail/delivery.server.ts'
import { FILE_SWEEP_QUEUE, FILE_SWEEP_QUEUE_OPTIONS, sweepAccountFiles, type AccountFiles } from '#app/modules/media/sweep.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS } from '#app/modules/mail/outbound.server.ts'
import { deleteExpiredSessions } from '#app/modules/session/sessions.server.ts'
import { deleteExpiredChallenges } from '#app/modules/two-factor/challenges.server.ts'
import {
  FEEDBACK_NOTICE_QUEUE,
  FEEDBACK_NOTICE_QUEUE_OPTIONS,
  sendFeedbackNotice,
  type FeedbackNoticeJob,
} from '#app/modules/notices/feedback-notices.server.ts'
import { DIGEST_CRON, DIGEST_QUEUE, sendDueDigests } from '#app/modules/notices/digest.server.ts'
import { AGENDA_MAIL_CRON, AGENDA_MAIL_QUEUE, sendDueAgendaMails } from '#app/modules/agenda/morning-mail.server.ts'
import { runClientAlerts } from '#app/modules/alerts/run.server.ts'
import { ALERT_QUEUE_OPTIONS, type AlertRunJob } from '#app/modules/alerts/schedule.server.ts'
import { ALERT_CRON, ALERT_QUEUE } from '#app/modules/alerts/settings.ts'
import { emptyExpiredTrash, TRASH_CRON, TRASH_QUEUE } from '#app/modules/trash/trash.server.ts'
import { AUDIT_PURGE_CRON, AUDIT_PURGE_QUEUE, purgeOldAudit } from '#app/modules/agencies/audit.server.ts'
import { OPEN_HOUSE_THANKS_CRON, OPEN_HOUSE_THANKS_QUEUE, sendDueOpenHouseThanks } from '#app/modules/open-houses/thanks.server.ts'
import { pruneOldNotifications } from '#app/modules/notifications/notifications.server.ts'
import { LEAD_ROUTING_CRON, LEAD_ROUTING_QUEUE, runLeadRouting } from '#app/modules/leads/routing.server.ts'
import { startLeadRoutingTicker } from './lead-routing.server.ts'
import {
  DATA_EXPORT_QUEUE,
  DATA_EXPORT_QUEUE_OPTIONS,
  deleteExpiredDataExports,
  runDataExportJob,
  type DataExportJob,
} from '#app/modules/exports/data-exports.server.ts'

/**
 * One job at a time, the next fetched at once after a job that succeeded, and a poll a second
 * while the queue is empty. pg-boss 10's worker takes one job per fetch and then waits out the
 * rest of its polling interval even when more are waiting, so a queue drained at one job a
 * second per process: 26 reset requests for one address in 3 s were mailed over 26 s (9 of them
 * in the first 10 s), and a reset link queued behind an alert run's 900 mails would have waited
 * 15 minutes. A job that failed waits the interval, so a mail server that is down is not hammered.
 */
async function workUntilEmpty<Data extends object>(boss: PgBoss, queue: string, handle: (data: Data) => Promise<unknown>) {
  let workerId = ''
  workerId = await boss.work<Data>(queue, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return
    await handle(job.data)
    // Skips the wait before the next fetch (worker.js: a notified worker loops at once).
    if (workerId) boss.notifyWorker(workerId)
  })
}

const HOUSEKEEPING_QUEUE = 'housekeeping'
/** Hourly, at minute 17 (off the top of the hour when every other cron fires). */
const HOUSEKEEPING_CRON = '17 * * * *'
const VACUUM_QUEUE = 'embedded-vacuum'
/** Nightly at 03:47 server time: the vacuum holds the embedded database's one connection. */
const VACUUM_CRON = '47 3 * * *'

/**
 * Every job this app runs, wired to the module function that does it. Called by each app
 * server (JOBS_IN_PROCESS, the default) or by `npm run worker`. Each job is taken by one worker
 * only (pg-boss fetches with SKIP LOCKED); a handler that throws is retried by its queue's policy.
 */
export async function startJobWorkers() {
  // Mail and reset links drain back to back: a reset link must not wait behind a batch of mails.
  await workUntilEmpty<MailRequest>(await getQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS), MAIL_QUEUE, deliverMail)
  await workUntilEmpty<PasswordResetJob>(await getQueue(PASSWORD_RESET_QUEUE, PASSWORD_RESET_QUEUE_OPTIONS), PASSWORD_RESET_QUEUE, issuePasswordResetLink)

  const sweep = await getQueue(FILE_SWEEP_QUEUE, FILE_SWEEP_QUEUE_OPTIONS)
  await sweep.work<AccountFiles>(FILE_SWEEP_QUEUE, async ([job]) => {
    if (job) await sweepAccountFiles(job.data)
  })

  const notices = await getQueue(FEEDBACK_NOTICE_QUEUE, FEEDBACK_NOTICE_QUEUE_OPTIONS)
  await notices.work<FeedbackNoticeJob>(FEEDBACK_NOTICE_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await sendFeedbackNotice(job.data)
  })

  // Daily digests at 08:00 in each broker's zone: the cron only looks for who is due.
  const digest = await getQueue(DIGEST_QUEUE, { retryLimit: 2, retryDelay: 60 })
  await digest.schedule(DIGEST_QUEUE, DIGEST_CRON)
  await digest.work(DIGEST_QUEUE, async () => {
    await sendDueDigests()
  })

  // The day's tasks and viewings at 08:00 in each broker's zone (docs/decisions/021-viewings-and-tasks.md).
  const agendaMail = await getQueue(AGENDA_MAIL_QUEUE, { retryLimit: 2, retryDelay: 60 })
  await agendaMail.schedule(AGENDA_MAIL_QUEUE, AGENDA_MAIL_CRON)
  await agendaMail.work(AGENDA_MAIL_QUEUE, async () => {
    await sendDueAgendaMails()
  })

  // Open-house visitors thanked at 08:00 in the broker's zone the day after (docs/decisions/038-…).
  const openHouseThanks = await getQueue(OPEN_HOUSE_THANKS_QUEUE, { retryLimit: 2, retryDelay: 60 })
  await openHouseThanks.schedule(OPEN_HOUSE_THANKS_QUEUE, OPEN_HOUSE_THANKS_CRON)
  await openHouseThanks.work(OPEN_HOUSE_THANKS_QUEUE, async () => {
    await sendDueOpenHouseThanks()
  })

  // Client alerts: the cron sweeps; property changes nudge a run sooner (schedule.server.ts).
  // System-level, no Scope: one set-based statement matches every owner's clients across agencies.
  const alerts = await getQueue(ALERT_QUEUE, ALERT_QUEUE_OPTIONS)
  await alerts.schedule(ALERT_QUEUE, ALERT_CRON)
  await alerts.work<AlertRunJob>(ALERT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    await runClientAlerts({ ownerId: job?.data?.ownerId })
  })

  // By member id, no Scope: an account's export holds its rows in every agency it belongs to.
  const exports = await getQueue(DATA_EXPORT_QUEUE, DATA_EXPORT_QUEUE_OPTIONS)
  await exports.work<DataExportJob>(DATA_EXPORT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await runDataExportJob(job.data)
  })

  const housekeeping = await getQueue(HOUSEKEEPING_QUEUE, { retryLimit: 2, retryDelay: 60 })
  await housekeeping.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON)
  await housekeeping.work(HOUSEKEEPING_QUEUE, async () => {
    await deleteStaleResetLinks()
    await deleteExpiredSessions()
    await deleteExpiredChallenges()
    await deleteExpiredDataExports()
    await pruneOldNotifications()
  })

  // The trash: what was deleted 30 days ago goes for good, rows and files (docs/decisions/032);
  // system-level, no Scope: it sweeps every agency's trash by date.
  const trash = await getQueue(TRASH_QUEUE, { retryLimit: 2, retryDelay: 300 })
  await trash.schedule(TRASH_QUEUE, TRASH_CRON)
  await trash.work(TRASH_QUEUE, async () => {
    await emptyExpiredTrash()
  })

  // The audit log keeps a year: older lines go once a day (docs/decisions/034-agencies-and-tenancy.md).
  const auditPurge = await getQueue(AUDIT_PURGE_QUEUE, { retryLimit: 2, retryDelay: 300 })
  await auditPurge.schedule(AUDIT_PURGE_QUEUE, AUDIT_PURGE_CRON)
  await auditPurge.work(AUDIT_PURGE_QUEUE, async () => {
    await purgeOldAudit()
  })

  // Leads: every new lead routed within seconds by the ticker, escalations on time; the cron is
  // the safety net (docs/decisions/037-lead-routing-and-replies.md). System-level, no Scope.
  if (getEnv().LEAD_ROUTING) {
    const leadRouting = await getQueue(LEAD_ROUTING_QUEUE, { retryLimit: 1, retryDelay: 30 })
    await leadRouting.schedule(LEAD_ROUTING_QUEUE, LEAD_ROUTING_CRON)
    await leadRouting.work(LEAD_ROUTING_QUEUE, async () => {
      await runLeadRouting()
    })
    startLeadRoutingTicker()
  }

  // The embedded database has no autovacuum (docs/decisions/024-share-pages-without-a-query.md).
  if (getDriver() === 'pglite') {
    const vacuum = await getQueue(VACUUM_QUEUE, { retryLimit: 1, retryDelay: 600 })
    await vacuum.schedule(VACUUM_QUEUE, VACUUM_CRON)
    await vacuum.work(VACUUM_QUEUE, async () => {
      await vacuumEmbeddedDatabase()
    })
  }
}
