import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { agencies, agencyMembers, auditLog } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'

/**
 * The agency for the data export: its details; every member's role and the whole audit log for
 * an export of the whole agency; the member's own membership and the lines of what they did for
 * a member's own export.
 */
export async function exportAgencyRows(subject: ExportSubject): Promise<ExportTables> {
  const db = getDb()
  const members = subject.wholeAgency
    ? eq(agencyMembers.agencyId, subject.agencyId)
    : and(eq(agencyMembers.agencyId, subject.agencyId), eq(agencyMembers.userId, subject.memberId))
  const lines = subject.wholeAgency
    ? eq(auditLog.agencyId, subject.agencyId)
    : and(eq(auditLog.agencyId, subject.agencyId), eq(auditLog.actorId, subject.memberId))
  const [agencyRows, memberRows, auditRows] = await Promise.all([
    db.select().from(agencies).where(eq(agencies.id, subject.agencyId)),
    db.select().from(agencyMembers).where(members).orderBy(asc(agencyMembers.joinedAt)),
    db.select().from(auditLog).where(lines).orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ])
  return { agencies: agencyRows, agency_members: memberRows, audit_log: auditRows }
}

/**
 * The people an export carries (account, profile): every member of the agency, the exporter
 * first, or the member alone; and whose subscription rows go with it: the agency's plan (its
 * owner's), or the member's own.
 */
export async function exportPeople(subject: ExportSubject): Promise<{ people: string[]; planHolders: string[] }> {
  const rows = await getDb()
    .select({ userId: agencyMembers.userId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(eq(agencyMembers.agencyId, subject.agencyId))
    .orderBy(asc(agencyMembers.joinedAt))
  const owner = rows.find((row) => row.role === 'owner')?.userId
  if (!subject.wholeAgency) return { people: [subject.memberId], planHolders: [subject.memberId] }
  const others = rows.map((row) => row.userId).filter((id) => id !== subject.memberId)
  return { people: [subject.memberId, ...others], planHolders: owner ? [owner] : [] }
}

/**
 * What "Export my data" means for a user outside a request (tests, the job): their first
 * agency, as the session picks it, whole when they own or administer it.
 */
export async function exportSubjectOf(userId: string, agencyId?: string): Promise<ExportSubject | null> {
  const [row] = await getDb()
    .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(agencyId ? and(eq(agencyMembers.userId, userId), eq(agencyMembers.agencyId, agencyId)) : eq(agencyMembers.userId, userId))
    .orderBy(asc(agencyMembers.joinedAt), asc(agencyMembers.agencyId))
    .limit(1)
  return row ? { agencyId: row.agencyId, memberId: userId, wholeAgency: row.role !== 'agent' } : null
}
