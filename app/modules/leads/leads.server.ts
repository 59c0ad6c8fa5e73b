import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import type { LeadStatus } from '#db/reference.ts'
import { seesWholeAgency, type Scope } from '#db/tenancy.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { getAgencyPropertyLabels } from '#app/modules/properties/agency-lookup.server.ts'
import type { LeadView } from './catalog.ts'

/*
 * The leads inbox (docs/decisions/035-leads-inbound-mail.md). Who sees which lead, in one place:
 * owners and admins every lead of the agency; an agent the leads nobody has yet and their own
 * (a colleague's lead is not found). Whoever sees a lead may discard it as spam and bring it
 * back. Row-level security keeps every query inside the agency as well.
 */

export const LEADS_PAGE_SIZE = 50
const EXCERPT_CHARS = 160

const STATUSES_OF_VIEW: Record<LeadView, readonly LeadStatus[] | null> = {
  open: ['new', 'claimed'],
  new: ['new'],
  claimed: ['claimed'],
  converted: ['converted'],
  discarded: ['discarded'],
  all: null,
}

/** The leads the scope may see (and discard or restore). */
export function leadsVisibleTo(scope: Scope): SQL {
  const agency = eq(leads.agencyId, scope.agencyId)
  if (scope.solo || seesWholeAgency(scope)) return agency
  return and(agency, or(isNull(leads.ownerId), eq(leads.ownerId, scope.memberId))) as SQL
}

export type LeadListItem = {
  id: string
  source: (typeof leads.$inferSelect)['source']
  status: LeadStatus
  contactName: string | null
  contactEmail: string | null
  contactPhone: string | null
  excerpt: string
  subject: string | null
  arrivedAt: Date
  property: { id: string; title: string; referenceCode: string | null } | null
}

/** A page of the inbox, newest first (`page` from 1). */
export async function listLeads(scope: Scope, view: LeadView, page: number): Promise<{ items: LeadListItem[]; hasMore: boolean }> {
  const statuses = STATUSES_OF_VIEW[view]
  const rows = await getDb()
    .select({
      id: leads.id,
      source: leads.source,
      status: leads.status,
      contactName: leads.contactName,
      contactEmail: leads.contactEmail,
      contactPhone: leads.contactPhone,
      excerpt: sql<string>`left(${leads.message}, ${EXCERPT_CHARS + 1})`,
      subject: leads.mailSubject,
      arrivedAt: leads.arrivedAt,
      propertyId: leads.propertyId,
    })
    .from(leads)
    .where(and(leadsVisibleTo(scope), statuses ? inArray(leads.status, [...statuses]) : undefined))
    .orderBy(desc(leads.arrivedAt), desc(leads.id))
    .limit(LEADS_PAGE_SIZE + 1)
    .offset((page - 1) * LEADS_PAGE_SIZE)
  const shown = rows.slice(0, LEADS_PAGE_SIZE)
  const properties = await getAgencyPropertyLabels(scope.agencyId, shown.map((row) => row.propertyId))
  return {
    items: shown.map(({ propertyId, excerpt, ...row }) => ({
      ...row,
      excerpt: excerptOf(excerpt),
      property: propertyId ? (properties.get(propertyId) ?? null) : null,
    })),
    hasMore: rows.length > LEADS_PAGE_SIZE,
  }
}

/** The first words of a message on one line, for the inbox. */
function excerptOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim()
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS - 1)}…` : line
}

/** One lead with everything it holds, or null when the scope may not see it (or no such lead). */
export async function getLead(scope: Scope, leadId: unknown) {
  if (!isUuid(leadId)) return null
  const [row] = await getDb()
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(scope)))
    .limit(1)
  if (!row) return null
  const property = row.propertyId ? ((await getAgencyPropertyLabels(scope.agencyId, [row.propertyId])).get(row.propertyId) ?? null) : null
  return { ...row, property }
}

export type LeadChange = 'done' | 'not_found' | 'unchanged'

/** Discards a new or claimed lead as spam; a converted or already discarded one stays as it is. */
export async function discardLead(scope: Scope, leadId: unknown): Promise<LeadChange> {
  if (!isUuid(leadId)) return 'not_found'
  return getDb().transaction(async (tx) => {
    const [lead] = await tx.select({ status: leads.status, name: leads.contactName, email: leads.contactEmail }).from(leads).where(and(eq(leads.id, leadId), leadsVisibleTo(scope))).for('update')
    if (!lead) return 'not_found'
    if (lead.status !== 'new' && lead.status !== 'claimed') return 'unchanged'
    await tx.update(leads).set({ status: 'discarded', discardedAt: sql`now()`, discardedBy: scope.memberId }).where(eq(leads.id, leadId))
    await recordAudit(scope, { action: 'lead_discarded', objectType: 'lead', objectId: leadId, summary: `Discarded the lead from ${lead.name ?? lead.email ?? 'an unknown sender'} as spam` }, tx)
    return 'done'
  })
}

/** Brings a discarded lead back: new again, or claimed when someone has it. */
export async function restoreLead(scope: Scope, leadId: unknown): Promise<LeadChange> {
  if (!isUuid(leadId)) return 'not_found'
  return getDb().transaction(async (tx) => {
    const [lead] = await tx.select({ status: leads.status, name: leads.contactName, email: leads.contactEmail }).from(leads).where(and(eq(leads.id, leadId), leadsVisibleTo(scope))).for('update')
    if (!lead) return 'not_found'
    if (lead.status !== 'discarded') return 'unchanged'
    await tx
      .update(leads)
      .set({ status: sql`case when ${leads.ownerId} is null then 'new'::lead_status else 'claimed'::lead_status end`, discardedAt: null, discardedBy: null })
      .where(eq(leads.id, leadId))
    await recordAudit(scope, { action: 'lead_restored', objectType: 'lead', objectId: leadId, summary: `Brought back the lead from ${lead.name ?? lead.email ?? 'an unknown sender'}` }, tx)
    return 'done'
  })
}
