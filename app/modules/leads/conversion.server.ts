import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { getAgencyMailContext } from '#app/modules/agencies/mail-context.server.ts'
import { createClientFromLeadIn, findClientCandidates, mergeLeadIntoClientIn, type LeadContact } from '#app/modules/clients/from-lead.server.ts'
import { addListingItemIn } from '#app/modules/listings/listing-mutations.server.ts'
import { LEAD_SOURCE_LABELS } from './catalog.ts'
import { callingCodeOf, normalisePhone } from './contact.ts'
import { leadsVisibleTo } from './leads.server.ts'

/*
 * A lead becomes a client (docs/decisions/037-lead-routing-and-replies.md): a new one, or one the
 * broker already has, found by the same e-mail (lower case) or the same phone (E.164, read with
 * libphonenumber-js in the agency's country) and shown for the broker to choose. The client keeps
 * the lead's source and consent; the lead's property goes on the client's shortlist. One
 * transaction: the client, its shortlist, the lead's status.
 */

export type Duplicate = { id: string; fullName: string; email: string | null; phone: string | null; matchedBy: ('email' | 'phone')[] }

/** The scope's clients who look like the lead's person, best match first. */
export async function findDuplicateClients(scope: Scope, lead: { emailNormalized: string | null; phoneE164: string | null }): Promise<Duplicate[]> {
  if (!lead.emailNormalized && !lead.phoneE164) return []
  const candidates = await findClientCandidates(scope, { email: lead.emailNormalized, phoneDigits: lead.phoneE164 })
  if (candidates.length === 0) return []
  const callingCode = lead.phoneE164 ? callingCodeOf((await getAgencyMailContext(scope.agencyId))?.phone) : undefined
  const found: Duplicate[] = []
  for (const client of candidates) {
    const matchedBy: Duplicate['matchedBy'] = []
    if (lead.emailNormalized && client.email?.trim().toLowerCase() === lead.emailNormalized) matchedBy.push('email')
    if (lead.phoneE164 && normalisePhone(client.phone, callingCode)?.e164 === lead.phoneE164) matchedBy.push('phone')
    if (matchedBy.length) found.push({ ...client, matchedBy })
  }
  return found.sort((a, b) => b.matchedBy.length - a.matchedBy.length)
}

export type ConvertTarget = { kind: 'new' } | { kind: 'merge'; clientId: string }
export type ConvertResult =
  | { status: 'converted'; clientId: string; shortlisted: boolean }
  | { status: 'not_found' }
  | { status: 'closed' }
  | { status: 'client_not_found' }

/** Converts an open lead the scope sees into a new client or into one of theirs. */
export async function convertLead(scope: Scope, leadId: unknown, target: ConvertTarget): Promise<ConvertResult> {
  if (!isUuid(leadId)) return { status: 'not_found' }
  if (target.kind === 'merge' && !isUuid(target.clientId)) return { status: 'client_not_found' }
  return getDb().transaction(async (tx): Promise<ConvertResult> => {
    const [lead] = await tx
      .select({
        status: leads.status,
        source: leads.source,
        propertyId: leads.propertyId,
        contactName: leads.contactName,
        contactEmail: leads.contactEmail,
        emailNormalized: leads.emailNormalized,
        contactPhone: leads.contactPhone,
        phoneE164: leads.phoneE164,
        message: leads.message,
        consentText: leads.consentText,
        consentedAt: leads.consentedAt,
        arrivedAt: leads.arrivedAt,
      })
      .from(leads)
      .where(and(eq(leads.id, leadId), leadsVisibleTo(scope)))
      .for('update')
    if (!lead) return { status: 'not_found' }
    if (lead.status !== 'new' && lead.status !== 'claimed') return { status: 'closed' }
    const contact: LeadContact = {
      fullName: lead.contactName ?? lead.contactEmail ?? lead.contactPhone ?? 'Unknown sender',
      email: lead.emailNormalized ?? null,
      phone: lead.phoneE164 ?? lead.contactPhone,
      source: `Lead: ${LEAD_SOURCE_LABELS[lead.source]}`,
      notes: lead.message.trim(),
      consentText: lead.consentText,
      consentedAt: lead.consentedAt,
    }
    let clientId: string
    if (target.kind === 'new') {
      clientId = await createClientFromLeadIn(tx, scope, contact)
    } else {
      const merged = await mergeLeadIntoClientIn(tx, scope, target.clientId, contact)
      if (!merged) return { status: 'client_not_found' }
      clientId = merged.id
    }
    const listed = lead.propertyId ? await addListingItemIn(tx, scope, clientId, lead.propertyId) : null
    await tx
      .update(leads)
      .set({
        status: 'converted',
        clientId,
        convertedAt: sql`now()`,
        ownerId: sql`coalesce(${leads.ownerId}, ${scope.memberId}::uuid)`,
        claimedAt: sql`coalesce(${leads.claimedAt}, now())`,
        firstStageChangeAt: sql`coalesce(${leads.firstStageChangeAt}, now())`,
        escalateAt: null,
      })
      .where(and(eq(leads.id, leadId), inArray(leads.status, ['new', 'claimed'])))
    await recordAudit(
      scope,
      {
        action: 'lead_converted',
        objectType: 'lead',
        objectId: leadId,
        summary: target.kind === 'new' ? `Made the lead from ${contact.fullName} a client` : `Joined the lead from ${contact.fullName} to an existing client`,
      },
      tx,
    )
    return { status: 'converted', clientId, shortlisted: listed?.status === 'added' || listed?.status === 'already_listed' }
  })
}
