import { sql } from 'drizzle-orm'
import { queryRows, type Transaction } from '#db/client.server.ts'

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/**
 * Fixed-window counter in Postgres, one atomic upsert per call, so the limit holds across
 * every app server. The window restarts once it has run out.
 */
export async function consumeRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count, window_start`)
  const count = Number(row?.count ?? 1)
  const startedAt = row ? new Date(row.window_start).getTime() : Date.now()
  const retryAfterSeconds = Math.max(1, Math.ceil((startedAt + windowSeconds * 1000 - Date.now()) / 1000))
  return { allowed: count <= limit, retryAfterSeconds }
}

/** Checks several keys (per IP, per account); every key is counted, the first refusal wins. */
export async function consumeRateLimits(checks: { key: string; limit: number }[], windowSeconds: number) {
  let refused: RateLimitResult | null = null
  for (const check of checks) {
    const result = await consumeRateLimit(check.key, check.limit, windowSeconds)
    if (!result.allowed && !refused) refused = result
  }
  return refused ?? { allowed: true, retryAfterSeconds: 0 }
}

/** Gives back one counted attempt (one that turned out not to count), never below zero. */
export async function refundRateLimit(key: string): Promise<void> {
  await queryRows(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`)
}

/** Forgets every attempt counted under `key`: the next one starts a new window. */
export async function resetRateLimit(key: string): Promise<void> {
  await queryRows(sql`delete from rate_limits where key = ${key}`)
}

/**
 * Counters that name an account, by e-mail or id. Deleting the account deletes them with it
 * (deleteRateLimits), so no row keeps the e-mail of a broker who left.
 */
export const accountRateLimitKeys = {
  /** Failed sign-ins per e-mail address. */
  signIn: (email: string) => `signin:account:${email.toLowerCase()}`,
  /** Current-password checks from a session (password change, account deletion). */
  passwordCheck: (userId: string) => `password-change:${userId}`,
  /** "Forgot your password?" requests per e-mail address. */
  passwordReset: (email: string) => `reset:email:${email.trim().toLowerCase()}`,
  /** Wrong second-factor codes at sign-in per account. */
  twoFactor: (userId: string) => `two-factor:account:${userId}`,
  of: (account: { id: string; email: string }) => [
    accountRateLimitKeys.signIn(account.email),
    accountRateLimitKeys.twoFactor(account.id),
    accountRateLimitKeys.passwordCheck(account.id),
    accountRateLimitKeys.passwordReset(account.email),
  ],
}

/** Forgets these counters, in the caller's transaction. */
export async function deleteRateLimits(tx: Transaction, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  await tx.execute(sql`delete from rate_limits where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`)
}

export function describeRetryAfter(seconds: number) {
  const minutes = Math.ceil(seconds / 60)
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`
}
