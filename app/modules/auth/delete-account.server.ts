import { eq } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { deleteJobsMentioning } from '#db/job-queue.server.ts'
import { accountRateLimitKeys, deleteRateLimits } from '#app/modules/security/rate-limit.server.ts'
import { verifyPassword } from './password.server.ts'

/** `collected` is null when another request deleted the account first (a double submit). */
export type DeleteAccountResult<T> = { ok: true; collected: T | null } | { ok: false; field: 'password'; errors: string[] }

/**
 * Deletes the account in one transaction, after checking its password: the user row is locked
 * (nothing new can be written for it meanwhile), `beforeDelete` runs with the transaction (the
 * caller's steps that belong to modules above auth: collect what the file sweep needs, end the
 * sessions) and its result is returned; the account's rate-limit counters, the background jobs
 * that name it and the user row go last. Every other table of the account cascades from users (ON DELETE CASCADE on each
 * owner_id / user_id), so the whole account commits or nothing does.
 */
export async function deleteAccount<T>(
  user: { id: string; email: string },
  password: string,
  beforeDelete: (tx: Transaction) => Promise<T>,
): Promise<DeleteAccountResult<T>> {
  const db = getDb()
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))
  if (!(await verifyPassword(password, row?.passwordHash ?? null))) {
    return { ok: false, field: 'password', errors: ['Your password is not correct'] }
  }
  const collected = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)).for('update')
    if (!locked) return null
    const result = await beforeDelete(tx)
    await deleteRateLimits(tx, accountRateLimitKeys.of({ id: user.id, email: locked.email }))
    // Queued or finished jobs that name the account (a mail to it, a reset link, an export).
    await deleteJobsMentioning(tx, [user.id, locked.email])
    await tx.delete(users).where(eq(users.id, user.id))
    return result
  })
  return { ok: true, collected }
}
