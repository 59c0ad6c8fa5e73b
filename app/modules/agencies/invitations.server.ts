import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencyHasRecords } from '#db/reassign.server.ts'
import { agencies, agencyInvitations, agencyMembers } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { findUserIdByEmail, getUserEmail } from '#app/modules/auth/accounts.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { recordAudit } from './audit.server.ts'
import { canManageMembers } from './members.server.ts'

/*
 * Invitations by e-mail (issue 26): a one-time link valid 7 days, bound to the invited address.
 * An invitation holds a seat while open; the database refuses one beyond the agency's seats
 * (migration 0022's trigger locks the agency row, so concurrent invitations never overshoot).
 */

export const INVITATION_TTL_MS = 7 * DAY_MS
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type InviteResult =
  | { ok: true; invitationId: string; token: string }
  | { ok: false; reason: 'forbidden' | 'member' | 'no_seat' }

const isRaised = (error: unknown, message: string) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { message?: unknown }).message === message) return true
  }
  return false
}

/**
 * Invites an address as admin or agent and mails the link. Inviting an address that already has
 * an open invitation sends a fresh link (the old one stops working) and keeps its seat.
 */
export async function inviteMember(scope: Scope, input: { email: string; role: 'admin' | 'agent' }): Promise<InviteResult> {
  const invited = await createInvitation(scope, input)
  if (!invited.ok) return invited
  const [agency] = await getDb().select({ name: agencies.name }).from(agencies).where(eq(agencies.id, scope.agencyId))
  const agencyName = agency?.name || 'an agency'
  await sendMail({
    to: invited.email,
    subject: `You are invited to join ${agencyName} on BrokerVault`,
    paragraphs: [
      `You have been invited to join ${agencyName} on BrokerVault as ${input.role === 'admin' ? 'an admin' : 'an agent'}.`,
      'The link below works once, for 7 days. If you do not have a BrokerVault account yet, you can create one on the way.',
    ],
    action: { label: 'Accept the invitation', url: `${getEnv().APP_URL}/invite/${invited.token}` },
  })
  return { ok: true, invitationId: invited.invitationId, token: invited.token }
}

/**
 * The invitation without its mail: the link's token, for the caller to hand over. The demo
 * agency's colleagues (made-up addresses) join this way; everyone else through inviteMember.
 */
export async function createInvitation(
  scope: Scope,
  input: { email: string; role: 'admin' | 'agent' },
): Promise<(Extract<InviteResult, { ok: true }> & { email: string }) | Extract<InviteResult, { ok: false }>> {
  if (!canManageMembers(scope)) return { ok: false, reason: 'forbidden' }
  const email = input.email.trim().toLowerCase()
  const existingUser = await findUserIdByEmail(email)
  if (existingUser && (await isMemberOf(scope.agencyId, existingUser))) return { ok: false, reason: 'member' }
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS)
  let invitationId: string
  try {
    invitationId = await getDb().transaction(async (tx) => {
      // The agency row first, as the seat trigger takes it: invitations to one address posted
      // at once take turns, so the later one renews the open invitation instead of inserting a
      // second (which the open-invitation index refuses: a 500).
      await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, scope.agencyId)).for('update')
      const now = new Date()
      const toAddress = and(eq(agencyInvitations.agencyId, scope.agencyId), eq(sql`lower(${agencyInvitations.email})`, email), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt))
      // An expired, unanswered invitation holds no seat: it is closed, so that the new one is an
      // insert the seat trigger checks (renewing it in place would take a seat past the limit).
      await tx.update(agencyInvitations).set({ revokedAt: now }).where(and(toAddress, lte(agencyInvitations.expiresAt, now)))
      const [open] = await tx
        .update(agencyInvitations)
        .set({ tokenHash: hashToken(token), role: input.role, expiresAt, invitedBy: scope.memberId, createdAt: now })
        .where(toAddress)
        .returning({ id: agencyInvitations.id })
      if (open) return open.id
      const [created] = await tx
        .insert(agencyInvitations)
        .values({ agencyId: scope.agencyId, email, role: input.role, tokenHash: hashToken(token), invitedBy: scope.memberId, expiresAt })
        .returning({ id: agencyInvitations.id })
      await recordAudit(scope, { action: 'member_invited', objectType: 'invitation', objectId: created!.id, summary: `Invited ${email} as ${input.role}` }, tx)
      return created!.id
    })
  } catch (error) {
    if (isRaised(error, 'seat_limit_reached')) return { ok: false, reason: 'no_seat' }
    throw error
  }
  return { ok: true, invitationId, token, email }
}

async function isMemberOf(agencyId: string, userId: string) {
  const [row] = await getDb().select({ userId: agencyMembers.userId }).from(agencyMembers).where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId))).limit(1)
  return Boolean(row)
}

/** Open invitations of the agency (owner and admins see them; an agent gets none). */
export async function listOpenInvitations(scope: Scope) {
  if (!canManageMembers(scope)) return []
  return getDb()
    .select({ id: agencyInvitations.id, email: agencyInvitations.email, role: agencyInvitations.role, expiresAt: agencyInvitations.expiresAt, createdAt: agencyInvitations.createdAt })
    .from(agencyInvitations)
    .where(and(eq(agencyInvitations.agencyId, scope.agencyId), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt), gt(agencyInvitations.expiresAt, new Date())))
    .orderBy(asc(agencyInvitations.createdAt))
}

/** Revokes an open invitation: its link stops working and its seat is free. */
export async function revokeInvitation(scope: Scope, invitationId: string): Promise<boolean> {
  if (!canManageMembers(scope)) return false
  const [row] = await getDb()
    .update(agencyInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(agencyInvitations.id, invitationId), eq(agencyInvitations.agencyId, scope.agencyId), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt)))
    .returning({ id: agencyInvitations.id, email: agencyInvitations.email })
  if (row) await recordAudit(scope, { action: 'invitation_revoked', objectType: 'invitation', objectId: row.id, summary: `Invitation to ${row.email} revoked` })
  return Boolean(row)
}

export type OpenInvitation = { id: string; agencyId: string; agencyName: string; email: string; role: 'admin' | 'agent'; expiresAt: Date }

/** The invitation behind a link, while it can still be accepted; null otherwise. */
export async function findOpenInvitation(token: string): Promise<OpenInvitation | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb()
    .select({ id: agencyInvitations.id, agencyId: agencyInvitations.agencyId, agencyName: agencies.name, email: agencyInvitations.email, role: agencyInvitations.role, expiresAt: agencyInvitations.expiresAt })
    .from(agencyInvitations)
    .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
    .where(and(eq(agencyInvitations.tokenHash, hashToken(token)), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt), gt(agencyInvitations.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

export type AcceptResult = { ok: true; agencyId: string } | { ok: false; reason: 'gone' | 'other_address' }

/**
 * Accepts an invitation for a signed-in user whose address it was sent to: they join with the
 * invited role, in one transaction with the invitation spent. A user whose own agency is an
 * agency of one with nothing in it (a new account made to accept) leaves that empty agency.
 */
export async function acceptInvitation(token: string, userId: string): Promise<AcceptResult> {
  const invitation = await findOpenInvitation(token)
  if (!invitation) return { ok: false, reason: 'gone' }
  const email = await getUserEmail(userId)
  if (!email || email.trim().toLowerCase() !== invitation.email.toLowerCase()) return { ok: false, reason: 'other_address' }
  return getDb().transaction(async (tx) => {
    const [spent] = await tx
      .update(agencyInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(agencyInvitations.id, invitation.id), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt)))
      .returning({ id: agencyInvitations.id })
    if (!spent) return { ok: false, reason: 'gone' } as const
    const own = await tx
      // agency_members.agency_id spelled out: drizzle writes a lone table's columns unqualified,
      // and a bare "agency_id" in the subquery would count every membership of every agency.
      .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role, members: sql<number>`(select count(*)::int from agency_members o where o.agency_id = agency_members.agency_id)` })
      .from(agencyMembers)
      .where(eq(agencyMembers.userId, userId))
    await tx.insert(agencyMembers).values({ agencyId: invitation.agencyId, userId, role: invitation.role }).onConflictDoNothing()
    for (const agency of own) {
      if (agency.role === 'owner' && agency.members === 1 && !(await agencyHasRecords(tx, agency.agencyId))) {
        await tx.delete(agencies).where(eq(agencies.id, agency.agencyId))
      }
    }
    await recordAudit(
      { agencyId: invitation.agencyId, memberId: userId },
      { action: 'member_joined', objectType: 'member', objectId: userId, summary: `${invitation.email} joined as ${invitation.role}` },
      tx,
    )
    return { ok: true, agencyId: invitation.agencyId } as const
  })
}
