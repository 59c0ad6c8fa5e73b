import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { getEnv } from '#app/lib/env.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { startTrial } from '#app/modules/billing/subscription.server.ts'
import { createProfile } from '#app/modules/profile/profile.server.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { getPasswordProblems } from './password-rules.ts'

export type SignUpInput = { fullName: string; email: string; password: string }
export type SignUpResult =
  | { ok: true; userId: string }
  | { ok: false; field: 'email' | 'password'; errors: string[] }

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Sign in instead.'
const UNIQUE_VIOLATION = '23505'

/** Creates user, profile and a free-trial subscription in one transaction. */
export async function signUp(input: SignUpInput, now = new Date()): Promise<SignUpResult> {
  const problems = getPasswordProblems(input.password, input.email, isCommonPassword)
  if (problems.length > 0) return { ok: false, field: 'password', errors: problems }
  if (await findUserByEmail(input.email)) return { ok: false, field: 'email', errors: [DUPLICATE_EMAIL_MESSAGE] }

  const passwordHash = await hashPassword(input.password)
  const trialEndDate = new Date(now.getTime() + getEnv().TRIAL_DAYS * DAY_MS)
  try {
    const userId = await getDb().transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email.trim(), passwordHash, createdAt: now })
        .returning({ id: users.id })
      if (!user) throw new Error('insert returned no user')
      await createProfile(tx, user.id, input.fullName.trim())
      await startTrial(tx, user.id, trialEndDate)
      return user.id
    })
    return { ok: true, userId }
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, field: 'email', errors: [DUPLICATE_EMAIL_MESSAGE] }
    throw error
  }
}

/** The user id for valid credentials, else null; the same work whether or not the e-mail exists. */
export async function verifyCredentials(email: string, password: string): Promise<string | null> {
  const user = await findUserByEmail(email)
  const ok = await verifyPassword(password, user?.passwordHash ?? null)
  return ok && user ? user.id : null
}

/** Whether `password` is this account's password: a protected action asks for it again. */
export async function isAccountPassword(userId: string, password: string): Promise<boolean> {
  const [row] = await getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  return verifyPassword(password, row?.passwordHash ?? null)
}

/** The account with this e-mail (any case), or null. */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  return (await findUserByEmail(email))?.id ?? null
}

/** Sets a new password without asking for the old one: for the demo seeder only. */
export async function setPassword(userId: string, password: string) {
  await getDb().update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, userId))
}

/** The sign-in e-mail of an account (a share page shows it on the broker's card), or null. */
export async function getUserEmail(userId: string): Promise<string | null> {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.email ?? null
}

/**
 * Read-only join for the per-request session lookup, which needs the e-mail in the same query as
 * the session row: the owner says which columns and how to join, nobody else names the table.
 */
export const userJoin = {
  table: users,
  on: (userId: AnyPgColumn) => eq(users.id, userId),
  columns: { id: users.id, email: users.email },
}

async function findUserByEmail(email: string) {
  const [user] = await getDb()
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1)
  return user ?? null
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  }
  return false
}
