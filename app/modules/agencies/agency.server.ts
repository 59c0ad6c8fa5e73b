import { eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { recordAudit } from './audit.server.ts'
import { canManageMembers } from './members.server.ts'

export type AgencyIdentity = {
  name: string
  licenceNumber: string | null
  phone: string | null
  email: string | null
  website: string | null
  address: string | null
}

const IDENTITY_COLUMNS = {
  name: agencies.name,
  licenceNumber: agencies.licenceNumber,
  phone: agencies.phone,
  email: agencies.email,
  website: agencies.website,
  address: agencies.address,
  logoId: agencies.logoId,
}

/** What clients see of an agency: its identity and its current logo's id (null: none). */
export type AgencyIdentityWithLogo = AgencyIdentity & { logoId: string | null }

/** The agency's details for /agency: its identity, logo and seats. */
export async function getAgency(scope: Scope) {
  const [row] = await getDb()
    .select({
      id: agencies.id,
      ...IDENTITY_COLUMNS,
      seatLimit: sql<number>`agency_seat_limit(${agencies.id})`.mapWith(Number),
      seatsTaken: sql<number>`agency_seats_taken(${agencies.id})`.mapWith(Number),
    })
    .from(agencies)
    .where(eq(agencies.id, scope.agencyId))
  return row ?? null
}

/**
 * The identities of the given agencies, by id, as share pages, brochures and mails show them.
 * Pages a client opens run outside any scope and read any agency; inside a scope row-level
 * security leaves only the scope's agency (and the member's other agencies) to find.
 */
export async function getAgencyIdentities(agencyIds: readonly string[]): Promise<Map<string, AgencyIdentityWithLogo>> {
  const ids = [...new Set(agencyIds)]
  if (ids.length === 0) return new Map()
  const rows = await getDb()
    .select({ id: agencies.id, ...IDENTITY_COLUMNS })
    .from(agencies)
    .where(inArray(agencies.id, ids))
  return new Map(rows.map(({ id, ...identity }) => [id, identity]))
}

/** Owner and admins name the agency and give its contact; false for an agent. */
export async function updateAgency(scope: Scope, identity: AgencyIdentity): Promise<boolean> {
  if (!canManageMembers(scope)) return false
  await getDb().update(agencies).set(identity).where(eq(agencies.id, scope.agencyId))
  await recordAudit(scope, { action: 'agency_updated', objectType: 'agency', objectId: scope.agencyId, summary: `Agency details saved (${identity.name || 'no name'})` })
  return true
}

/**
 * Makes `logoId` the agency's logo (null: none) for an owner or admin and returns the one it
 * replaces, so the caller can delete that one's files; null for an agent. Row-locked: two
 * uploads at once each get back a different previous id, and no logo's files are forgotten.
 */
export async function replaceLogoId(scope: Scope, logoId: string | null): Promise<{ previous: string | null } | null> {
  if (!canManageMembers(scope)) return null
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ logoId: agencies.logoId }).from(agencies).where(eq(agencies.id, scope.agencyId)).for('update')
    if (!row) return null
    await tx.update(agencies).set({ logoId }).where(eq(agencies.id, scope.agencyId))
    await recordAudit(
      scope,
      { action: logoId ? 'agency_logo_saved' : 'agency_logo_removed', objectType: 'agency', objectId: scope.agencyId, summary: logoId ? 'Agency logo saved' : 'Agency logo removed' },
      tx,
    )
    return { previous: row.logoId }
  })
}

/** Whose logo this is, when it is an agency's current one (old ids are gone: 404). */
export async function findLogoAgency(logoId: string): Promise<string | null> {
  const [row] = await getDb().select({ id: agencies.id }).from(agencies).where(eq(agencies.logoId, logoId)).limit(1)
  return row?.id ?? null
}
