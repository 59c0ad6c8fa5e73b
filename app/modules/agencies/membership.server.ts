import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies, agencyMembers } from '#db/schema.ts'
import { scopeFromMembership, type Role, type Scope } from '#db/tenancy.server.ts'

/**
 * The membership a session works in, for the session query (one query per request): the
 * agency the device chose if the user is still a member there, else their first agency. With
 * its owner's user id, whose subscription is the agency's plan.
 */
export function membershipLateral(userId: AnyColumn, preferredAgencyId: AnyColumn) {
  return getDb()
    .select({
      agencyId: sql<string>`${agencyMembers.agencyId}`.as('membership_agency_id'),
      role: sql<Role>`${agencyMembers.role}`.as('membership_role'),
      agencyName: sql<string>`${agencies.name}`.as('membership_agency_name'),
      agencyOwnerId: sql<string>`(select o.user_id from agency_members o where o.agency_id = ${agencyMembers.agencyId} and o.role = 'owner')`.as(
        'membership_agency_owner_id',
      ),
      members: sql<number>`(select count(*)::int from agency_members o where o.agency_id = ${agencyMembers.agencyId})`.as('membership_members'),
    })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId))
    .orderBy(sql`(${agencyMembers.agencyId} = ${preferredAgencyId}) desc nulls last`, asc(agencyMembers.joinedAt), asc(agencyMembers.agencyId))
    .limit(1)
    .as('membership')
}

/**
 * A user who belongs to no agency any more (removed from the only one they had) gets an agency
 * of one again at their next sign-in, as at sign-up: a BrokerVault account is never without one.
 */
export async function ensureOwnAgency(userId: string): Promise<string> {
  return getDb().transaction(async (tx) => {
    const [existing] = await tx.select({ agencyId: agencyMembers.agencyId }).from(agencyMembers).where(eq(agencyMembers.userId, userId)).limit(1)
    if (existing) return existing.agencyId
    const [agency] = await tx.insert(agencies).values({}).returning({ id: agencies.id })
    await tx.insert(agencyMembers).values({ agencyId: agency!.id, userId, role: 'owner' })
    return agency!.id
  })
}

/** The user's role in an agency, or null when they are not (or no longer) a member. */
export async function roleIn(agencyId: string, userId: string): Promise<Role | null> {
  const [row] = await getDb()
    .select({ role: agencyMembers.role })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId)))
    .limit(1)
  return row?.role ?? null
}

/**
 * The scope of a membership the session query read (`membershipLateral`): with
 * `scopeOfMember`, the only place a Scope is made (eslint enforces it; db/tenancy.server.ts).
 */
export function sessionScope(membership: { agencyId: string; memberId: string; role: Role; members: number }): Scope {
  return scopeFromMembership({ agencyId: membership.agencyId, memberId: membership.memberId, role: membership.role, solo: membership.members <= 1 })
}

/**
 * The scope a member works in outside a request (jobs, digests, the demo seed, scripts, tests):
 * their membership of `agencyId`, or of their first agency, read as the session reads it.
 * Null when they belong to none (or not to that agency).
 */
export async function scopeOfMember(memberId: string, agencyId?: string): Promise<Scope | null> {
  const [row] = await getDb()
    .select({
      agencyId: agencyMembers.agencyId,
      role: agencyMembers.role,
      // agency_members.agency_id spelled out: drizzle writes a lone table's columns unqualified,
      // and a bare "agency_id" in the subquery would count every membership of every agency.
      members: sql<number>`(select count(*)::int from agency_members o where o.agency_id = agency_members.agency_id)`,
    })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, memberId), agencyId ? eq(agencyMembers.agencyId, agencyId) : undefined))
    .orderBy(asc(agencyMembers.joinedAt), asc(agencyMembers.agencyId))
    .limit(1)
  return row ? sessionScope({ agencyId: row.agencyId, memberId, role: row.role, members: Number(row.members) }) : null
}
