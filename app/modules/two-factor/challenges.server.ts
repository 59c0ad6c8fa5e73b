import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { twoFactorChallenges } from '#db/schema.ts'
import { MINUTE_MS } from '#app/lib/time.ts'

/** How long a broker has, after the password, to enter the second factor. */
export const CHALLENGE_TTL_MS = 5 * MINUTE_MS
/** Wrong codes one half-finished sign-in may take before the password is asked again. */
export const CHALLENGE_MAX_FAILURES = 5

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const isChallengeToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)

/** The password was right: a half-signed-in state for this account; returns the cookie's token. */
export async function createChallenge(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await getDb()
    .insert(twoFactorChallenges)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) })
  return token
}

const live = (token: string) =>
  and(eq(twoFactorChallenges.tokenHash, hashToken(token)), gt(twoFactorChallenges.expiresAt, sql`now()`))

/** The account behind a live challenge, or null (unknown, expired or ended). */
export async function findChallenge(token: string): Promise<{ userId: string } | null> {
  const [row] = await getDb().select({ userId: twoFactorChallenges.userId }).from(twoFactorChallenges).where(live(token)).limit(1)
  return row ?? null
}

/** Counts a wrong code; at the limit the challenge ends. Says whether it has ended. */
export async function recordChallengeFailure(token: string): Promise<{ ended: boolean }> {
  const [row] = await getDb()
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(live(token))
    .returning({ failedAttempts: twoFactorChallenges.failedAttempts })
  if (row && row.failedAttempts < CHALLENGE_MAX_FAILURES) return { ended: false }
  await endChallenge(token)
  return { ended: true }
}

/** Spends the challenge (the sign-in is complete or abandoned); true if it was still live. */
export async function endChallenge(token: string): Promise<boolean> {
  const removed = await getDb()
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, hashToken(token)))
    .returning({ expiresAt: twoFactorChallenges.expiresAt })
  return removed.some((row) => row.expiresAt.getTime() > Date.now())
}

/** "Sign out everywhere" also ends every half-finished sign-in of the account. */
export async function endAllChallenges(userId: string) {
  await getDb().delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId))
}

/** Scheduled: forgets challenges that expired more than a day ago. */
export async function deleteExpiredChallenges() {
  await getDb().delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now() - interval '1 day'`))
}
