import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { handOverMemberRows } from '#db/reassign.server.ts'
import { agencies, agencyMembers } from '#db/schema.ts'
import type { Role, Scope } from '#db/tenancy.server.ts'
import { userJoin } from '#app/modules/auth/accounts.server.ts'
import { handSubscriptionTo } from '#app/modules/billing/subscription.server.ts'
import { profileJoin } from '#app/modules/profile/profile.server.ts'
import { recordAudit } from './audit.server.ts'

/*
 * The agency's people (issue 26): who is in it with which role, role changes, removal with the
 * hand-over of their records, leaving, and passing ownership on. Every function takes the scope
 * and checks the role inside: a route cannot forget it.
 */

export type Member = { userId: string; fullName: string; email: string; role: Role; joinedAt: Date }

export const canManageMembers = (scope: Scope) => scope.role === 'owner' || scope.role === 'admin'

/**
 * Whom an audit line is about, read in the change's transaction: once the member has gone, the
 * log names them by no other means (its actor column says only who acted).
 */
async function emailIn(tx: Transaction, userId: string) {
  const [row] = await tx.select({ email: userJoin.columns.email }).from(userJoin.table).where(eq(userJoin.columns.id, userId))
  return row?.email ?? 'a former member'
}

/** Everyone in the scope's agency, owner first, then by name. */
export async function listMembers(scope: Scope): Promise<Member[]> {
  const rows = await getDb()
    .select({ userId: agencyMembers.userId, ...userJoin.columns, ...profileJoin.columns, role: agencyMembers.role, joinedAt: agencyMembers.joinedAt })
    .from(agencyMembers)
    .innerJoin(userJoin.table, userJoin.on(agencyMembers.userId))
    .leftJoin(profileJoin.table, profileJoin.on(agencyMembers.userId))
    .where(eq(agencyMembers.agencyId, scope.agencyId))
    .orderBy(sql`${agencyMembers.role} = 'owner' desc`, asc(agencyMembers.joinedAt))
  return rows.map((row) => ({ userId: row.userId, fullName: row.fullName ?? '', email: row.email, role: row.role, joinedAt: row.joinedAt }))
}

/** The member ids of the agency (for checking an assignee is one of them). */
export async function isMember(scope: Scope, userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: agencyMembers.userId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, userId)))
    .limit(1)
  return Boolean(row)
}

export type MemberChange = { ok: true } | { ok: false; reason: 'forbidden' | 'not_found' | 'owner' | 'successor' }

/** Owner and admins make a colleague an admin or an agent; the owner's role changes only by transfer. */
export async function changeRole(scope: Scope, userId: string, role: 'admin' | 'agent'): Promise<MemberChange> {
  if (!canManageMembers(scope)) return { ok: false, reason: 'forbidden' }
  return getDb().transaction(async (tx) => {
    const [member] = await tx.select({ role: agencyMembers.role }).from(agencyMembers).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, userId))).for('update')
    if (!member) return { ok: false, reason: 'not_found' } as const
    if (member.role === 'owner') return { ok: false, reason: 'owner' } as const
    await tx.update(agencyMembers).set({ role }).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, userId)))
    await recordAudit(scope, { action: 'member_role_changed', objectType: 'member', objectId: userId, summary: `Role of ${await emailIn(tx, userId)} changed to ${role}` }, tx)
    return { ok: true } as const
  })
}

/**
 * Removes a member: their records go to `successorId` (another member), their personal rows in
 * the agency go, and the membership ends — all in one transaction. Their sessions stop working in
 * this agency at their next request (the session reads the membership every time).
 */
export async function removeMember(scope: Scope, userId: string, successorId: string): Promise<MemberChange> {
  if (!canManageMembers(scope)) return { ok: false, reason: 'forbidden' }
  if (userId === successorId) return { ok: false, reason: 'successor' }
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ userId: agencyMembers.userId, role: agencyMembers.role })
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, scope.agencyId), sql`${agencyMembers.userId} in (${userId}, ${successorId})`))
      .for('update')
    const member = rows.find((row) => row.userId === userId)
    if (!member) return { ok: false, reason: 'not_found' } as const
    if (member.role === 'owner') return { ok: false, reason: 'owner' } as const
    // A successor who is not a member here is a foreign id, as the member would be.
    if (!rows.some((row) => row.userId === successorId)) return { ok: false, reason: 'not_found' } as const
    // Named while still a member: row-level security shows only the agency's people.
    const summary = `Removed ${await emailIn(tx, userId)} from the agency; their records went to ${await emailIn(tx, successorId)}`
    await handOverMemberRows(tx, scope.agencyId, userId, successorId)
    await tx.delete(agencyMembers).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, userId)))
    await recordAudit(scope, { action: 'member_removed', objectType: 'member', objectId: userId, summary }, tx)
    return { ok: true } as const
  })
}

/** A member (not the owner) leaves: their records go to the owner, their profile goes with them. */
export async function leaveAgency(scope: Scope): Promise<MemberChange> {
  if (scope.role === 'owner') return { ok: false, reason: 'owner' }
  return getDb().transaction(async (tx) => {
    const [owner] = await tx.select({ userId: agencyMembers.userId }).from(agencyMembers).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.role, 'owner')))
    if (!owner) return { ok: false, reason: 'not_found' } as const
    await handOverMemberRows(tx, scope.agencyId, scope.memberId, owner.userId)
    await recordAudit(scope, { action: 'member_left', objectType: 'member', objectId: scope.memberId, summary: `${await emailIn(tx, scope.memberId)} left the agency` }, tx)
    await tx.delete(agencyMembers).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, scope.memberId)))
    return { ok: true } as const
  })
}

/**
 * The owner hands the agency to another member, who becomes owner; the old owner stays as an
 * admin. The plan is the agency's, so the subscription rows change hands with it.
 */
export async function transferOwnership(scope: Scope, newOwnerId: string): Promise<MemberChange> {
  if (scope.role !== 'owner') return { ok: false, reason: 'forbidden' }
  if (newOwnerId === scope.memberId) return { ok: false, reason: 'successor' }
  return getDb().transaction(async (tx) => {
    const [next] = await tx.select({ userId: agencyMembers.userId }).from(agencyMembers).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, newOwnerId))).for('update')
    if (!next) return { ok: false, reason: 'not_found' } as const
    await tx.update(agencyMembers).set({ role: 'admin' }).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, scope.memberId)))
    await tx.update(agencyMembers).set({ role: 'owner' }).where(and(eq(agencyMembers.agencyId, scope.agencyId), eq(agencyMembers.userId, newOwnerId)))
    await handSubscriptionTo(tx, scope.memberId, newOwnerId)
    await recordAudit(scope, { action: 'ownership_transferred', objectType: 'member', objectId: newOwnerId, summary: `Ownership transferred to ${await emailIn(tx, newOwnerId)}` }, tx)
    return { ok: true } as const
  })
}

/** The agencies a user belongs to, for the switcher (their first listed first). */
export async function listMyAgencies(userId: string) {
  return getDb()
    .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role, name: agencies.name })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId))
    .orderBy(asc(agencyMembers.joinedAt))
}

/** Agencies this user owns with colleagues in them: their account cannot go before ownership passes on. */
export async function agenciesOwnedWithColleagues(userId: string, db: Database | Transaction = getDb()) {
  return db
    .select({ agencyId: agencies.id, name: agencies.name })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(and(eq(agencyMembers.userId, userId), eq(agencyMembers.role, 'owner'), sql`(select count(*) from agency_members o where o.agency_id = ${agencyMembers.agencyId}) > 1`))
}

/**
 * A deleted account's place in agencies of others, in the deleting transaction: their records
 * there go to each agency's owner first, so nothing of an agency is lost with the person.
 */
export async function handOverToOwners(tx: Transaction, userId: string) {
  // The outer column spelled out: drizzle writes a lone table's columns unqualified, and inside
  // the subquery a bare "agency_id" would be the subquery's own (every owner, not this one's).
  const memberships = await tx
    .select({ agencyId: agencyMembers.agencyId, ownerId: sql<string | null>`(select o.user_id from agency_members o where o.agency_id = agency_members.agency_id and o.role = 'owner')` })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, userId), ne(agencyMembers.role, 'owner')))
  for (const membership of memberships) {
    if (membership.ownerId) await handOverMemberRows(tx, membership.agencyId, userId, membership.ownerId)
  }
}

/**
 * The agencies a deleted account owned alone go with every row of them (rows cascade from the
 * agency). Returns their ids: their files (the logo) are swept after the commit.
 */
export async function deleteOwnedAgencies(tx: Transaction, userId: string): Promise<string[]> {
  const owned = await tx
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, userId), eq(agencyMembers.role, 'owner')))
  for (const { agencyId } of owned) await tx.delete(agencies).where(eq(agencies.id, agencyId))
  return owned.map((agency) => agency.agencyId)
}
