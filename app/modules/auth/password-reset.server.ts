import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { passwordResetTokens, users } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { HOUR_MS } from '#app/lib/time.ts'
import { isMailDeliveryDown } from '#app/modules/mail/circuit.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import { accountRateLimitKeys, consumeRateLimits } from '#app/modules/security/rate-limit.server.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import { hashPassword } from './password.server.ts'
import { getPasswordProblems } from './password-rules.ts'

export const RESET_LINK_TTL_MS = HOUR_MS
/** Windows of the limits (RATE_LIMIT_RESET_PER_IP, RATE_LIMIT_RESET_PER_EMAIL). */
const IP_WINDOW_SECONDS = 15 * 60
const EMAIL_WINDOW_SECONDS = 60 * 60
/** 32 random bytes: 43 base64url characters in the link. */
const TOKEN_BYTES = 32
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type ResetRequestResult =
  | { ok: true }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number }
  | { ok: false; reason: 'mail_down' }

/**
 * "Forgot your password?": the same answer whether or not the account exists. The request only
 * counts toward the limits and queues a job; the job looks the address up and mails the link,
 * so the answer takes the same time for a known and an unknown address.
 */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<ResetRequestResult> {
  const normalised = email.trim().toLowerCase()
  if (await isMailDeliveryDown()) return { ok: false, reason: 'mail_down' }
  const env = getEnv()
  const perIp = await consumeRateLimits([{ key: `reset:ip:${clientAddress}`, limit: env.RATE_LIMIT_RESET_PER_IP }], IP_WINDOW_SECONDS)
  if (!perIp.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: perIp.retryAfterSeconds }
  const perEmail = await consumeRateLimits([{ key: accountRateLimitKeys.passwordReset(normalised), limit: env.RATE_LIMIT_RESET_PER_EMAIL }], EMAIL_WINDOW_SECONDS)
  if (!perEmail.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: perEmail.retryAfterSeconds }
  const queue = await getQueue(PASSWORD_RESET_QUEUE, PASSWORD_RESET_QUEUE_OPTIONS)
  await queue.send(PASSWORD_RESET_QUEUE, { email: normalised } satisfies PasswordResetJob)
  return { ok: true }
}

export const PASSWORD_RESET_QUEUE = 'password-reset'
export const PASSWORD_RESET_QUEUE_OPTIONS: QueueOptions = { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 }
export type PasswordResetJob = { email: string }

/**
 * The job behind a reset request: for a known address, a new one-time link (only its hash is
 * stored) is mailed; for an unknown one nothing happens. Earlier unused links stay valid until
 * they expire or one of them is used.
 */
export async function issuePasswordResetLink({ email }: PasswordResetJob) {
  const [user] = await getDb()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1)
  if (!user) return
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  await getDb()
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS) })
  await sendMail({
    to: user.email,
    subject: 'Reset your BrokerVault password',
    paragraphs: [
      'Someone (we hope you) asked to reset the password of your BrokerVault account.',
      'The link below works once, for one hour. If you did not ask, ignore this message: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: `${getEnv().APP_URL}/reset-password/${token}` },
  })
}

/** A link that can still be used: not spent, not expired (by the database clock). */
const usable = (tokenHash: string) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`))

/** The account e-mail behind a usable link, or null for a used, expired, unknown or malformed one. */
export async function findResetLink(token: unknown): Promise<{ email: string } | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb()
    .select({ email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usable(hashToken(token)))
    .limit(1)
  return row ?? null
}

export type ResetPasswordResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid_link' }
  | { ok: false; reason: 'weak_password'; errors: string[] }

/**
 * Sets the new password through a usable link, checked by the sign-up rules. In one
 * transaction: the link and every other link of the account are spent, the hash replaced and,
 * through `endAllSessions` (the session module's), every session of the account ended.
 */
export async function resetPassword(
  token: unknown,
  newPassword: string,
  endAllSessions: (tx: Transaction, userId: string) => Promise<void>,
): Promise<ResetPasswordResult> {
  const link = await findResetLink(token)
  if (!link || typeof token !== 'string') return { ok: false, reason: 'invalid_link' }
  const problems = getPasswordProblems(newPassword, link.email, isCommonPassword)
  if (problems.length) return { ok: false, reason: 'weak_password', errors: problems }
  const passwordHash = await hashPassword(newPassword)
  return getDb().transaction(async (tx): Promise<ResetPasswordResult> => {
    // Spending the link is the lock: of two submits racing with one link, one updates it.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(hashToken(token)))
      .returning({ userId: passwordResetTokens.userId })
    if (!spent) return { ok: false, reason: 'invalid_link' }
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)))
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId))
    await endAllSessions(tx, spent.userId)
    return { ok: true, userId: spent.userId }
  })
}

/** Scheduled: forgets links spent or expired more than a day ago (they open nothing anyway). */
export async function deleteStaleResetLinks() {
  const dayAgo = sql`now() - interval '1 day'`
  await getDb()
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, dayAgo), lt(passwordResetTokens.usedAt, dayAgo)))
}
