import {
  BrokenCircuitError,
  circuitBreaker,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleAll,
  handleWhen,
  retry,
  wrap,
  type GeneratorFn,
} from 'cockatiel'
import { getEnv } from '#app/lib/env.server.ts'
import { recordMailCircuit } from './circuit.server.ts'
import { renderMail, type MailRequest } from './message.ts'
import { getMailTransport, type MailTransport } from './transport.server.ts'

/** The seed's policy: 3 attempts, 1 s doubling, at most 10 s, plus up to 1 s of jitter. */
export const MAIL_ATTEMPTS = 3
export const MAIL_FIRST_DELAY_MS = 1000
export const MAIL_MAX_DELAY_MS = 10_000
export const MAIL_JITTER_MS = 1000
/** Consecutive failed attempts that open the breaker, and how long it then stays open. */
export const MAIL_BREAKER_FAILURES = 5
export const MAIL_BREAKER_OPEN_MS = 60_000

/** Doubling from the first delay, capped, then up to MAIL_JITTER_MS added at random. */
const cappedDoublingWithJitter: GeneratorFn<number> = (attempt = 0, options) => [
  Math.min(options.maxDelay, options.initialDelay * options.exponent ** attempt) + Math.random() * MAIL_JITTER_MS,
  attempt + 1,
]

function buildPolicy() {
  const breaker = circuitBreaker(handleAll, {
    halfOpenAfter: MAIL_BREAKER_OPEN_MS,
    breaker: new ConsecutiveBreaker(MAIL_BREAKER_FAILURES),
  })
  breaker.onBreak(() => void recordMailCircuit(new Date(Date.now() + MAIL_BREAKER_OPEN_MS)).catch(() => {}))
  breaker.onReset(() => void recordMailCircuit(null).catch(() => {}))
  // Retry outside the breaker: every attempt counts toward the 5, and an open breaker is final.
  const retryPolicy = retry(
    handleWhen((error) => !(error instanceof BrokenCircuitError)),
    {
      maxAttempts: MAIL_ATTEMPTS - 1,
      backoff: new ExponentialBackoff({
        generator: cappedDoublingWithJitter,
        initialDelay: MAIL_FIRST_DELAY_MS,
        maxDelay: MAIL_MAX_DELAY_MS,
        exponent: 2,
      }),
    },
  )
  return wrap(retryPolicy, breaker)
}

let policy: ReturnType<typeof buildPolicy> | undefined

/**
 * Renders and sends one message under the retry policy and the breaker. Only the job queue
 * calls this: a request never waits on a mail server. Throws when every attempt failed (the
 * job is then retried later by the queue) or while the breaker is open.
 */
export async function deliverMail(request: MailRequest, transport: MailTransport = getMailTransport()) {
  policy ??= buildPolicy()
  const mail = renderMail(request, getEnv().CONTACT_EMAIL)
  await policy.execute(() => transport.send(mail))
}

/** Tests: a fresh breaker (closed, no failures counted). */
export function resetMailPolicyForTests() {
  policy = undefined
}
