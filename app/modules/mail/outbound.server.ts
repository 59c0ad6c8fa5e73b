import { getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import type { MailRequest } from './message.ts'

/** The queue every message goes through; its worker is registered in app/jobs. */
export const MAIL_QUEUE = 'mail'
/** A failed job (every attempt of the policy spent) comes back after 30 s, 60 s, 120 s… five times. */
export const MAIL_QUEUE_OPTIONS: QueueOptions = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 }

/**
 * Queues a message; the worker sends it (SMTP or outbox). Returns at once: sending never
 * happens inside a request. A job that keeps failing is retried with backoff by the queue.
 * With `id` (a UUID naming what the mail is for) queueing twice queues it once while the job is
 * kept (pg-boss inserts with ON CONFLICT DO NOTHING): a job that retries after queueing its mail
 * does not queue it again.
 */
export async function sendMail(request: MailRequest, options: { id?: string } = {}) {
  const queue = await getQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS)
  await queue.send(MAIL_QUEUE, request, options.id ? { id: options.id } : {})
}

/** Queues many messages in one statement (a job run that mails a thousand clients). */
export async function sendMails(requests: MailRequest[]) {
  if (requests.length === 0) return
  const queue = await getQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS)
  await queue.insert(requests.map((data) => ({ name: MAIL_QUEUE, data })))
}
