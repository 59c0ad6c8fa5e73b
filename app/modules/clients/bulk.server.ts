import { and, asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import type { ClientFilters } from './filters.ts'
import { filterConditions } from './queries.server.ts'
import { liveClient } from './access.server.ts'
import { countOf } from '#app/lib/format.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

// The search vector is derived from the other columns: never exported nor imported.
const { search: _search, ...rowColumns } = getTableColumns(clients)
export type ClientRow = Omit<typeof clients.$inferSelect, 'search'>
/** What an import writes: every column but the ids, owner and derived ones. */
export type ImportedClient = Omit<typeof clients.$inferInsert, 'id' | 'ownerId' | 'search' | 'updatedAt'>

/** The broker's clients matching the list filters, in keyset batches (id order): flat memory. */
export async function* clientBatches(scope: Scope, filters: ClientFilters, batchSize = 1000): AsyncGenerator<ClientRow[]> {
  const conditions = filterConditions(scope, filters)
  let after: string | null = null
  for (;;) {
    const rows: ClientRow[] = await getDb()
      .select(rowColumns)
      .from(clients)
      .where(and(...conditions, after === null ? undefined : gt(clients.id, after)))
      .orderBy(asc(clients.id))
      .limit(batchSize)
    if (rows.length) yield rows
    if (rows.length < batchSize) return
    after = rows.at(-1)!.id
  }
}

/** One of the broker's live clients with every column, or null (foreign, malformed, unknown or trashed id). */
export async function getClientRow(scope: Scope, clientId: unknown): Promise<ClientRow | null> {
  if (!isUuid(clientId)) return null
  const [row] = await getDb()
    .select(rowColumns)
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleTo(clients, scope), liveClient))
  return row ?? null
}

/** Which of these e-mail addresses the broker's live clients already have (compared without case). */
export async function existingClientEmails(scope: Scope, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))]
  const found = new Set<string>()
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await getDb()
      .select({ email: sql<string>`lower(${clients.email})` })
      .from(clients)
      .where(and(visibleTo(clients, scope), liveClient, inArray(sql`lower(${clients.email})`, wanted.slice(i, i + 1000))))
    for (const row of rows) found.add(row.email)
  }
  return found
}

const INSERT_CHUNK = 500

/** Inserts the rows (chunked statements) and one activity line, in the caller's transaction. */
export async function insertImportedClients(tx: Transaction, scope: Scope, rows: ImportedClient[], fileName: string) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(clients).values(rows.slice(i, i + INSERT_CHUNK).map((row) => ({ ...row, ownerId: scope.memberId })))
  }
  await recordActivity(tx, scope.memberId, {
    kind: 'client_created',
    summary: `Imported ${countOf(rows.length, 'client', 'clients')} from ${fileName}`,
    data: { imported: rows.length },
  })
}
