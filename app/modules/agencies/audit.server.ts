import { desc, eq, lt } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { auditLog } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { DAY_MS } from '#app/lib/time.ts'

/** How long the audit log keeps a line. */
export const AUDIT_RETENTION_MS = 365 * DAY_MS

export type AuditEntry = { action: string; objectType: string; objectId?: string | null; summary: string }

/**
 * One line of who did what: the scope says which agency and who (only those two: a member who
 * has just joined, with no session yet, is named by the agency and their id).
 */
export async function recordAudit(scope: Pick<Scope, 'agencyId' | 'memberId'>, entry: AuditEntry, db: Database | Transaction = getDb()) {
  await db.insert(auditLog).values({
    agencyId: scope.agencyId,
    actorId: scope.memberId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    summary: entry.summary.slice(0, 500),
  })
}

/** The newest lines first, for owners and admins; null for an agent (not theirs to read). */
export async function listAudit(scope: Scope, limit = 200) {
  if (scope.role === 'agent') return null
  return getDb()
    .select({ id: auditLog.id, actorId: auditLog.actorId, action: auditLog.action, objectType: auditLog.objectType, objectId: auditLog.objectId, summary: auditLog.summary, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.agencyId, scope.agencyId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit)
}

/** Lines older than a year go (the nightly upkeep). Returns how many. */
export async function purgeOldAudit(now = new Date()) {
  const gone = await getDb().delete(auditLog).where(lt(auditLog.createdAt, new Date(now.getTime() - AUDIT_RETENTION_MS))).returning({ id: auditLog.id })
  return gone.length
}
