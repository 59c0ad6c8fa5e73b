import { and, asc, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/*
 * Clients in the trash (docs/decisions/032-trash-and-own-tasks.md). deleteClient
 * (mutations.server.ts) puts them here; deleting for good removes the row and what cascades from
 * it (shortlist, links, feedback, deals, viewings, tasks, notes, alerts). Clients have no files.
 */

const trashed = (scope: Scope, clientId: string) => and(eq(clients.id, clientId), changeableBy(clients, scope), isNotNull(clients.deletedAt))

/** The broker's clients in the trash, latest first. */
export async function listTrashedClients(scope: Scope, limit: number) {
  const rows = await getDb()
    .select({ id: clients.id, fullName: clients.fullName, email: clients.email, deletedAt: clients.deletedAt })
    .from(clients)
    .where(and(changeableBy(clients, scope), isNotNull(clients.deletedAt)))
    .orderBy(desc(clients.deletedAt), asc(clients.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt! }))
}

/** Takes the client out of the trash; null when there is no such trashed client. */
export async function restoreClient(scope: Scope, clientId: unknown) {
  if (!isUuid(clientId)) return null
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(trashed(scope, clientId))
      .returning({ fullName: clients.fullName })
    if (!row) return null
    await recordActivity(tx, scope.memberId, { kind: 'client_restored', clientId, summary: `Restored client ${row.fullName}` })
    return row
  })
}

/** Deletes a trashed client of the broker for good; null when there is none. */
export async function deleteClientForever(scope: Scope, clientId: unknown) {
  if (!isUuid(clientId)) return null
  return getDb().transaction(async (tx) => {
    const [row] = await tx.delete(clients).where(trashed(scope, clientId)).returning({ fullName: clients.fullName })
    if (!row) return null
    await recordActivity(tx, scope.memberId, { kind: 'client_deleted', clientId, summary: `Deleted client ${row.fullName} for good` })
    return row
  })
}

/** Every broker's clients trashed before `cutoff`, deleted for good, at most `limit` per call. Returns how many went. */
export async function purgeTrashedClients(cutoff: Date, limit = 500): Promise<number> {
  const due = await getDb()
    .select({ id: clients.id })
    .from(clients)
    .where(and(isNotNull(clients.deletedAt), lt(clients.deletedAt, cutoff)))
    .limit(limit)
  if (due.length === 0) return 0
  const gone = await getDb()
    .delete(clients)
    .where(and(inArray(clients.id, due.map((row) => row.id)), isNotNull(clients.deletedAt), lt(clients.deletedAt, cutoff)))
    .returning({ id: clients.id })
  return gone.length
}
