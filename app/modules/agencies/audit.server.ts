import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { countUpTo, LIST_COUNT_CAP } from '#db/capped-count.server.ts'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { auditLog } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import type { AuditKind } from './audit-kinds.ts'

/*
 * The agency's audit log (issue 26): who created, changed, shared, exported or deleted what, and
 * when. Changes to properties, clients, deals, viewings, tasks and share links are written by the
 * database in the statement that makes them (migration 0028's audit_record_change trigger: every
 * write path, bulk actions and imports included); member, invitation, seat, agency and export
 * lines are written here by the functions that do them, in their transaction where they have one.
 */

/** How long the audit log keeps a line. */
export const AUDIT_RETENTION_MS = 365 * DAY_MS
export const AUDIT_PURGE_QUEUE = 'audit-purge'
/** Daily at 04:13 server time: a line leaves within a day after its year. */
export const AUDIT_PURGE_CRON = '13 4 * * *'
export const AUDIT_PAGE_SIZE = 50

export type AuditEntry = { action: string; objectType: AuditKind; objectId?: string | null; summary: string }

/**
 * One line of who did what: the scope says which agency and who (only those two: a member who
 * has just joined, with no session yet, is named by the agency and their id; null: BrokerVault
 * itself, e.g. Stripe's webhook).
 */
export async function recordAudit(scope: Pick<Scope, 'agencyId'> & { memberId: string | null }, entry: AuditEntry, db: Database | Transaction = getDb()) {
  await db.insert(auditLog).values({
    agencyId: scope.agencyId,
    actorId: scope.memberId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    summary: entry.summary.slice(0, 500),
  })
}

/**
 * Runs `work` (statements in `tx`) without the database's line per record (migration 0028's
 * app.audit_summarised), then writes `entry` as the one line for all of it: for an import, whose
 * hundreds of rows a line each made it about twice as slow. Transaction-local: the setting ends
 * with `tx` whatever happens, and is cleared once `work` is done so later statements get lines.
 */
export async function summarisedInAudit<T>(tx: Transaction, scope: Scope, entry: AuditEntry, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('app.audit_summarised', 'on', true)`)
  const result = await work()
  await tx.execute(sql`select set_config('app.audit_summarised', '', true)`)
  await recordAudit(scope, entry, tx)
  return result
}

export type AuditFilter = { actorId?: string | null; kind?: AuditKind | null; page?: number }

/**
 * A page of lines, newest first, for owners and admins, by member and by kind; null for an agent
 * (not theirs to read). The total is counted up to LIST_COUNT_CAP ("Page 3 of 20+").
 */
export async function listAudit(scope: Scope, filter: AuditFilter = {}) {
  if (scope.role === 'agent') return null
  const page = Math.max(1, Math.floor(filter.page ?? 1))
  const where: SQL[] = [eq(auditLog.agencyId, scope.agencyId)]
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId))
  if (filter.kind) where.push(eq(auditLog.objectType, filter.kind))
  const [entries, total] = await Promise.all([
    getDb()
      .select({ id: auditLog.id, actorId: auditLog.actorId, action: auditLog.action, objectType: auditLog.objectType, objectId: auditLog.objectId, summary: auditLog.summary, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(and(...where))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    countUpTo(auditLog, and(...where), LIST_COUNT_CAP),
  ])
  return { entries, page, pageSize: AUDIT_PAGE_SIZE, total: total.count, capped: total.capped }
}

const PURGE_BATCH = 5000

/**
 * Lines older than a year go (the daily `audit-purge` job, outside any scope: every agency's).
 * In batches, so a first run over a large log never holds one long delete. Returns how many.
 */
export async function purgeOldAudit(now = new Date()) {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_MS)
  let total = 0
  for (;;) {
    const batch = getDb().select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.createdAt, cutoff)).limit(PURGE_BATCH)
    const gone = await getDb().delete(auditLog).where(inArray(auditLog.id, batch)).returning({ id: auditLog.id })
    total += gone.length
    if (gone.length < PURGE_BATCH) return total
  }
}
