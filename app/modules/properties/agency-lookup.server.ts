import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'

/*
 * An agency's properties looked up for a lead (docs/decisions/035-leads-inbound-mail.md): a mail
 * arrives outside any member's scope and names its property by id or reference code, and the
 * property is the agency's stock, which every member sees. Always filtered by the agency, so a
 * code or id of another agency's listing finds nothing.
 */

export type AgencyPropertyLabel = { id: string; title: string; referenceCode: string | null }

const LIMIT = 20

/** The agency's live properties with these ids, in the order asked. */
export async function findAgencyPropertiesById(agencyId: string, propertyIds: readonly string[]): Promise<AgencyPropertyLabel[]> {
  const ids = [...new Set(propertyIds.filter(isUuid))].slice(0, LIMIT)
  if (ids.length === 0) return []
  const rows = await getDb()
    .select({ id: properties.id, title: properties.title, referenceCode: properties.referenceCode })
    .from(properties)
    .where(and(eq(properties.agencyId, agencyId), inArray(properties.id, ids), isNull(properties.deletedAt)))
  return ids.flatMap((id) => rows.filter((row) => row.id === id))
}

/**
 * The agency's live property for the first of these codes that names one, compared without case
 * ("ab-12" is "AB-12"); when a code was reused, the newest listing with it.
 */
export async function findAgencyPropertyByReference(agencyId: string, codes: readonly string[]): Promise<AgencyPropertyLabel | null> {
  const wanted = [...new Set(codes.map((code) => code.trim().toLowerCase()).filter(Boolean))].slice(0, LIMIT)
  if (wanted.length === 0) return null
  const rows = await getDb()
    .select({ id: properties.id, title: properties.title, referenceCode: properties.referenceCode })
    .from(properties)
    .where(
      and(
        eq(properties.agencyId, agencyId),
        inArray(sql`lower(${properties.referenceCode})`, wanted),
        isNull(properties.deletedAt),
      ),
    )
    .orderBy(asc(properties.createdAt))
  for (const code of wanted) {
    const matches = rows.filter((row) => row.referenceCode?.toLowerCase() === code)
    if (matches.length) return matches.at(-1)!
  }
  return null
}

/** Title and reference of the agency's properties by id (gone or trashed ones are absent). */
export async function getAgencyPropertyLabels(agencyId: string, propertyIds: readonly (string | null)[]): Promise<Map<string, AgencyPropertyLabel>> {
  const ids = [...new Set(propertyIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map()
  const rows = await getDb()
    .select({ id: properties.id, title: properties.title, referenceCode: properties.referenceCode })
    .from(properties)
    .where(and(eq(properties.agencyId, agencyId), inArray(properties.id, ids), isNull(properties.deletedAt)))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The member a live property of the agency is assigned to (its listing agent), or null. */
export async function getAgencyPropertyAgent(agencyId: string, propertyId: string | null): Promise<string | null> {
  if (!propertyId || !isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(and(eq(properties.agencyId, agencyId), eq(properties.id, propertyId), isNull(properties.deletedAt)))
    .limit(1)
  return row?.ownerId ?? null
}
