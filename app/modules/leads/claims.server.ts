import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import { outsideScope, type Scope } from '#db/tenancy.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { logger } from '#app/lib/logger.server.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { getAgencyPeople } from '#app/modules/agencies/mail-context.server.ts'
import { canManageMembers, lockMemberIn } from '#app/modules/agencies/members.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { recordNotifications } from '#app/modules/notifications/notifications.server.ts'
import { leadsVisibleTo } from './leads.server.ts'

/*
 * Claiming and assigning a lead (docs/decisions/037-lead-routing-and-replies.md). A claim is one
 * UPDATE … WHERE status = 'new': of two members claiming at once, exactly one changes the row,
 * the other finds it claimed. An agent claims a lead offered to them or to nobody (first to
 * claim, or sent to everyone after its time ran out); the owner and admins any new lead.
 */

export type ClaimResult = 'claimed' | 'taken' | 'not_found'

/** Claims a new lead for the scope's member. */
export async function claimLead(scope: Scope, leadId: unknown): Promise<ClaimResult> {
  if (!isUuid(leadId)) return 'not_found'
  const claimed = await getDb()
    .update(leads)
    .set({
      status: 'claimed',
      ownerId: scope.memberId,
      claimedAt: sql`now()`,
      escalateAt: null,
      firstStageChangeAt: sql`coalesce(${leads.firstStageChangeAt}, now())`,
    })
    .where(and(eq(leads.id, leadId), eq(leads.status, 'new'), leadsVisibleTo(scope)))
    .returning({ id: leads.id, name: leads.contactName, email: leads.contactEmail })
  const row = claimed[0]
  if (row) {
    await recordAudit(scope, { action: 'lead_claimed', objectType: 'lead', objectId: row.id, summary: `Claimed the lead from ${row.name ?? row.email ?? 'an unknown sender'}` })
    return 'claimed'
  }
  // Lost the race (or came late): a colleague's lead now, which an agent no longer sees, so the
  // answer is read by agency. A lead still new here was one the scope may not claim: not found.
  const [seen] = await getDb()
    .select({ status: leads.status })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.agencyId, scope.agencyId)))
    .limit(1)
  return seen && seen.status !== 'new' ? 'taken' : 'not_found'
}

export type AssignResult = 'assigned' | 'forbidden' | 'not_found' | 'not_member' | 'closed'

/**
 * Gives an open lead to a member (the owner and admins): it is theirs, claimed, and they are told
 * in the app and by mail.
 */
export async function assignLead(scope: Scope, leadId: unknown, memberId: unknown): Promise<AssignResult> {
  if (!canManageMembers(scope)) return 'forbidden'
  if (!isUuid(leadId)) return 'not_found'
  if (!isUuid(memberId)) return 'not_member'
  const person = (await getAgencyPeople(scope.agencyId)).find((member) => member.userId === memberId)
  const result = await getDb().transaction(async (tx): Promise<AssignResult | { name: string }> => {
    const [lead] = await tx
      .select({ status: leads.status, name: leads.contactName, email: leads.contactEmail, phone: leads.contactPhone })
      .from(leads)
      .where(and(eq(leads.id, leadId), leadsVisibleTo(scope)))
      .for('update')
    if (!lead) return 'not_found'
    if (!(await lockMemberIn(tx, scope, memberId))) return 'not_member'
    if (lead.status !== 'new' && lead.status !== 'claimed') return 'closed'
    await tx
      .update(leads)
      .set({ status: 'claimed', ownerId: memberId, claimedAt: sql`coalesce(${leads.claimedAt}, now())`, escalateAt: null })
      .where(and(eq(leads.id, leadId), inArray(leads.status, ['new', 'claimed'])))
    const name = lead.name ?? lead.email ?? lead.phone ?? 'an unknown sender'
    await recordAudit(scope, { action: 'lead_assigned', objectType: 'lead', objectId: leadId, summary: `Assigned the lead from ${name} to ${person?.name ?? 'a member'}` }, tx)
    return { name }
  })
  if (typeof result === 'string') return result
  if (person && memberId !== scope.memberId) {
    // A colleague's notifications are theirs alone (row-level security): telling them is the
    // system's work, written outside the member's scope once the assignment has committed.
    const notice = { ownerId: memberId, kind: 'new_lead' as const, summary: `A lead was assigned to you: ${result.name}`, href: `/lead/${leadId}` }
    await outsideScope(() => getDb().transaction((tx) => recordNotifications(tx, [notice])))
    await sendMail({
      to: person.email,
      subject: `A lead was assigned to you: ${result.name}`,
      paragraphs: [`The lead from ${result.name} is now yours.`],
      action: { label: 'Open the lead', url: `${getEnv().APP_URL}/lead/${leadId}` },
    }).catch((error: unknown) => logger.error({ leadId, reason: error instanceof Error ? error.message : String(error) }, 'Lead assignment mail could not be queued'))
  }
  return 'assigned'
}
