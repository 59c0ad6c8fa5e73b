import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'

/*
 * Leads from open-house sign-in (issue 27, item 3; docs/decisions/038-open-house-sign-in.md).
 * The open-houses module calls these inside its sign-in transaction; nothing here routes or
 * notifies: a new lead is picked up like any other (status new, nobody's yet).
 */

export type OpenHouseLeadInput = {
  agencyId: string
  propertyId: string
  name: string
  email: string | null
  emailNormalized: string | null
  phone: string | null
  phoneE164: string | null
  message: string
  consentText: string | null
  consentedAt: Date | null
}

/**
 * A new lead (source `open_house`) on the open house's listing, in the caller's transaction,
 * written outside any scope (the visitor has none): the agency is named. Returns its id.
 */
export async function insertOpenHouseLead(tx: Transaction, input: OpenHouseLeadInput): Promise<string> {
  const [row] = await tx
    .insert(leads)
    .values({
      agencyId: input.agencyId,
      source: 'open_house',
      propertyId: input.propertyId,
      contactName: input.name,
      contactEmail: input.email,
      contactPhone: input.phone,
      emailNormalized: input.emailNormalized,
      phoneE164: input.phoneE164,
      message: input.message,
      consentText: input.consentText,
      consentedAt: input.consentedAt,
    })
    .returning({ id: leads.id })
  if (!row) throw new Error('The open-house lead was not inserted')
  return row.id
}

/**
 * The same visitor signed in again at the same open house: their lead takes what they gave this
 * time (a contact they left out before, the latest answers and consent), while it is still open
 * (new or claimed); a converted or discarded lead stays as it is. False when it is not (any more).
 */
export async function refreshOpenHouseLead(tx: Transaction, leadId: string, input: OpenHouseLeadInput): Promise<boolean> {
  const updated = await tx
    .update(leads)
    .set({
      contactName: input.name,
      contactEmail: sql`coalesce(${input.email}::text, ${leads.contactEmail})`,
      contactPhone: sql`coalesce(${input.phone}::text, ${leads.contactPhone})`,
      emailNormalized: sql`coalesce(${input.emailNormalized}::text, ${leads.emailNormalized})`,
      phoneE164: sql`coalesce(${input.phoneE164}::text, ${leads.phoneE164})`,
      message: input.message,
      consentText: input.consentText ?? sql`${leads.consentText}`,
      consentedAt: input.consentedAt ?? sql`${leads.consentedAt}`,
    })
    .where(and(eq(leads.id, leadId), eq(leads.agencyId, input.agencyId), inArray(leads.status, ['new', 'claimed'])))
    .returning({ id: leads.id })
  return updated.length > 0
}
