import { eq, inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies, agencyMembers, auditLog } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/**
 * The broker's agencies for the data export: each agency's details, its members' roles, and —
 * for the agencies they own or administer — the audit log.
 */
export async function exportAgencyRows(brokerId: string): Promise<ExportTables> {
  const mine = await getDb().select().from(agencyMembers).where(eq(agencyMembers.userId, brokerId))
  const ids = mine.map((membership) => membership.agencyId)
  if (!ids.length) return { agencies: [], agency_members: [], audit_log: [] }
  const managed = mine.filter((membership) => membership.role !== 'agent').map((membership) => membership.agencyId)
  const [agencyRows, memberRows, auditRows] = await Promise.all([
    getDb().select().from(agencies).where(inArray(agencies.id, ids)),
    getDb().select().from(agencyMembers).where(inArray(agencyMembers.agencyId, ids)),
    managed.length ? getDb().select().from(auditLog).where(inArray(auditLog.agencyId, managed)) : Promise.resolve([]),
  ])
  return { agencies: agencyRows, agency_members: memberRows, audit_log: auditRows }
}
