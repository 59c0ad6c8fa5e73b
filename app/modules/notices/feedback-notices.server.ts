import { getDb, type Transaction } from '#db/client.server.ts'
import { deleteJobsByKey, getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { getUserEmail } from '#app/modules/auth/accounts.server.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { getNoticeMode } from '#app/modules/profile/profile.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { takeUnnotifiedFeedback, type PendingFeedback } from '#app/modules/sharing/feedback.server.ts'
import { listShareIdsOf, type LiveShare } from '#app/modules/sharing/shares.server.ts'
import { feedbackLine } from './lines.ts'
import { logger } from '#app/lib/logger.server.ts'
import { countOf } from '#app/lib/format.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

/** Feedback older than this that was never reported is not news any more: no notice brings it up. */
export const NOTICE_LOOKBACK_MS = DAY_MS

/**
 * One job per share waiting at a time: the 'short' policy keeps a single job per singleton key
 * in the created state, so feedback during the window joins the job already waiting, and
 * feedback after it started waits for a new one (docs/decisions/016-notices.md).
 */
export const FEEDBACK_NOTICE_QUEUE = 'feedback-notice'
export const FEEDBACK_NOTICE_QUEUE_OPTIONS: QueueOptions = { policy: 'short', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 }

export type FeedbackNoticeJob = { ownerId: string; shareId: string }

/**
 * Called after a client's feedback is saved: when the broker wants batched notices, a notice of
 * this share is due at the end of the window (NOTICE_BATCH_SECONDS) unless one is waiting
 * already. Never fails the client's post: the feedback is saved and shown in the app anyway.
 */
export async function scheduleFeedbackNotice(share: LiveShare): Promise<void> {
  try {
    if ((await getNoticeMode(share.ownerId)) !== 'batched') return
    const queue = await getQueue(FEEDBACK_NOTICE_QUEUE, FEEDBACK_NOTICE_QUEUE_OPTIONS)
    const job: FeedbackNoticeJob = { ownerId: share.ownerId, shareId: share.id }
    await queue.send(FEEDBACK_NOTICE_QUEUE, job, { singletonKey: share.id, startAfter: getEnv().NOTICE_BATCH_SECONDS })
  } catch (error) {
    logger.warn({ err: error, shareId: share.id }, 'Feedback notice not scheduled')
  }
}

/**
 * The job: every un-reported feedback of the share, in one mail, marked notified in the same
 * transaction that reads it. The mail is queued after the commit (on the embedded database the
 * queue shares the one connection the transaction holds); a crash between the two loses that
 * notice, never duplicates it, and the feedback stays in the app.
 */
export async function sendFeedbackNotice({ ownerId, shareId }: FeedbackNoticeJob, now = new Date()): Promise<MailRequest | null> {
  if ((await getNoticeMode(ownerId)) !== 'batched') return null
  const taken = await getDb().transaction((tx) =>
    takeUnnotifiedFeedback(tx, ownerId, { shareId, since: new Date(now.getTime() - NOTICE_LOOKBACK_MS), now }),
  )
  if (taken.length === 0) return null
  const to = await getUserEmail(ownerId)
  if (!to) return null
  // A job acting for one broker: their scope in their first agency (scopeOfMember), so the names
  // are read as their pages read them. The feedback itself is theirs across agencies (by owner).
  const scope = await scopeOfMember(ownerId)
  if (!scope) return null
  const mail = await composeFeedbackNotice(scope, to, taken)
  await sendMail(mail)
  return mail
}

/** Client names and property titles for a set of feedback rows, and the line of each. */
export async function describeFeedback(scope: Scope, rows: readonly PendingFeedback[]) {
  const [titles, clientNames] = await Promise.all([
    getPropertyTitles(scope, rows.map((row) => row.propertyId)),
    getClientNames(scope, rows.map((row) => row.clientId)),
  ])
  const clientName = (clientId: string) => clientNames.get(clientId) ?? 'Your client'
  const line = (row: PendingFeedback) =>
    feedbackLine(row.authorName || clientName(row.clientId), titles.get(row.propertyId) ?? 'a property', row.reaction, row.comment)
  return { clientName, line }
}

/** "10 minutes", "3 seconds": the batching window in words. */
export function describeWindow(seconds: number): string {
  if (seconds < 60) return countOf(seconds, 'second', 'seconds')
  const minutes = Math.round(seconds / 60)
  return countOf(minutes, 'minute', 'minutes')
}

/**
 * For account deletion, in its transaction: the broker's notices still waiting (or done and
 * kept by the queue) name the broker's shares, and nothing of a deleted account may remain.
 */
export async function forgetNoticesOf(ownerId: string, tx: Transaction) {
  await deleteJobsByKey(tx, FEEDBACK_NOTICE_QUEUE, await listShareIdsOf(ownerId, tx))
}

async function composeFeedbackNotice(scope: Scope, to: string, rows: PendingFeedback[]): Promise<MailRequest> {
  const { clientName, line } = await describeFeedback(scope, rows)
  const clientId = rows[0]!.clientId
  const client = clientName(clientId)
  return {
    to,
    subject: `Feedback from ${client} on your shortlist`,
    paragraphs: [
      `${client} reacted to the shortlist you shared:`,
      rows.map(line).join('\n'),
      `At most one of these e-mails per shortlist every ${describeWindow(getEnv().NOTICE_BATCH_SECONDS)}. Change this on your profile.`,
    ],
    action: { label: 'Open the shortlist', url: `${getEnv().APP_URL}/client/${clientId}/listing` },
  }
}
