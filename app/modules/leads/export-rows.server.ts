import { asc, eq, inArray, or } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'
import { listMyAgencies } from '#app/modules/agencies/members.server.ts'

/**
 * Leads for "Export my data": those assigned to the broker, and every lead of the agencies they
 * own or administer (as the audit log is exported). The inbound address's token is not
 * exported: it is a secret, and /leads shows it.
 */
export async function exportLeadRows(brokerId: string): Promise<ExportTables> {
  const managed = (await listMyAgencies(brokerId)).filter((membership) => membership.role !== 'agent').map((membership) => membership.agencyId)
  const rows = await getDb()
    .select()
    .from(leads)
    .where(managed.length ? or(eq(leads.ownerId, brokerId), inArray(leads.agencyId, managed)) : eq(leads.ownerId, brokerId))
    .orderBy(asc(leads.arrivedAt), asc(leads.id))
  return { leads: rows }
}
