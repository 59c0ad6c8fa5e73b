import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { recordAudit } from './audit.server.ts'
import { canManageMembers } from './members.server.ts'

export type AgencyIdentity = { name: string; licenceNumber: string | null; phone: string | null; email: string | null; website: string | null }

/** The agency's name and contact as share pages, brochures and mails show them. */
export async function getAgency(scope: Scope) {
  const [row] = await getDb()
    .select({
      id: agencies.id,
      name: agencies.name,
      licenceNumber: agencies.licenceNumber,
      phone: agencies.phone,
      email: agencies.email,
      website: agencies.website,
      extraSeats: agencies.extraSeats,
      seatLimit: sql<number>`agency_seat_limit(${agencies.id})`.mapWith(Number),
      seatsTaken: sql<number>`agency_seats_taken(${agencies.id})`.mapWith(Number),
    })
    .from(agencies)
    .where(eq(agencies.id, scope.agencyId))
  return row ?? null
}

/** Owner and admins name the agency and give its contact; false for an agent. */
export async function updateAgency(scope: Scope, identity: AgencyIdentity): Promise<boolean> {
  if (!canManageMembers(scope)) return false
  await getDb().update(agencies).set(identity).where(eq(agencies.id, scope.agencyId))
  await recordAudit(scope, { action: 'agency_updated', objectType: 'agency', objectId: scope.agencyId, summary: `Agency details saved (${identity.name || 'no name'})` })
  return true
}
