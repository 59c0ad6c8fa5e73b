import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { users, userSessions, userSubscriptions } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'
import type { Plan } from '#db/reference.ts'

/** Test fixtures straight in the database the app under test uses (one shared instance). */
export async function findUser(email: string) {
  const [user] = await getDb().select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  if (!user) throw new Error(`no user ${email}`)
  return user
}

export async function setSubscription(email: string, change: { plan?: Plan; trialEndDate?: Date | null }) {
  const user = await findUser(email)
  await getDb().update(userSubscriptions).set(change).where(eq(userSubscriptions.userId, user.id))
}

export async function expireTrial(email: string) {
  await setSubscription(email, { plan: 'free_trial', trialEndDate: new Date(Date.now() - 86_400_000) })
}

export async function sessionsOf(email: string) {
  const user = await findUser(email)
  return getDb().select().from(userSessions).where(eq(userSessions.userId, user.id))
}

export async function subscriptionOf(email: string) {
  const user = await findUser(email)
  const [row] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, user.id))
  return row
}

/** Expires every session of this user: their cookies now name sessions that cannot load. */
export async function expireSessions(email: string) {
  const user = await findUser(email)
  await getDb().update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSessions.userId, user.id))
}

/** The agency a user signed up with (their first), and the scope an owner has there. */
export async function ownerScopeOf(email: string): Promise<Scope> {
  return scopeOf((await findUser(email)).id)
}

/** The scope a member works in (their first agency, or `agencyId`), as jobs get it: scopeOfMember. */
export async function scopeOf(memberId: string, agencyId?: string): Promise<Scope> {
  const scope = await scopeOfMember(memberId, agencyId)
  if (!scope) throw new Error(`no agency for ${memberId}`)
  return scope
}
