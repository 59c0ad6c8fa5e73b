import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencyMembers, users, userSessions, userSubscriptions } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
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
  const user = await findUser(email)
  const [row] = await getDb()
    .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, user.id))
    .orderBy(agencyMembers.joinedAt)
    .limit(1)
  if (!row) throw new Error(`no agency for ${email}`)
  return { agencyId: row.agencyId, memberId: user.id, role: row.role }
}
