import { eq } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { getPasswordProblems } from './password-rules.ts'

export type ChangePasswordResult =
  | { ok: true; signedOutDevices: number }
  | { ok: false; field: 'currentPassword' | 'newPassword'; errors: string[] }

/**
 * Checks the current password, applies the sign-up rules to the new one, then stores its hash
 * and runs `endOtherSessions` in the same transaction: whoever knew the old password on another
 * device is signed out with it. Sessions belong to the session module, so the caller supplies
 * that step and it returns how many devices it signed out.
 */
export async function changePassword(
  user: { id: string; email: string },
  input: { currentPassword: string; newPassword: string },
  endOtherSessions: (tx: Transaction) => Promise<number>,
): Promise<ChangePasswordResult> {
  const db = getDb()
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id))
  if (!(await verifyPassword(input.currentPassword, row?.passwordHash ?? null))) {
    return { ok: false, field: 'currentPassword', errors: ['Your current password is not correct'] }
  }
  const problems = getPasswordProblems(input.newPassword, user.email, isCommonPassword)
  if (input.newPassword === input.currentPassword) problems.push('Choose a password different from the current one.')
  if (problems.length) return { ok: false, field: 'newPassword', errors: problems }

  const passwordHash = await hashPassword(input.newPassword)
  const signedOutDevices = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    return endOtherSessions(tx)
  })
  return { ok: true, signedOutDevices }
}
