import { and, eq, inArray } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'

/**
 * The broker's own client (id, name, stage), or null for foreign, malformed and unknown ids.
 * Given a transaction, the row is key-share locked until it commits: a row another module writes
 * about it (a deal, a shortlist item, a note) never points at a client deleted in between.
 */
export async function findOwnedClient(brokerId: string, clientId: unknown, tx?: Transaction) {
  if (!isUuid(clientId)) return null
  const query = (tx ?? getDb())
    .select({ id: clients.id, fullName: clients.fullName, stage: clients.stage, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerId, brokerId)))
    .limit(1)
  const [row] = tx ? await query.for('key share') : await query
  return row ?? null
}

/** Names of the broker's clients by id; ids that are gone or foreign are simply absent. */
export async function getClientNames(brokerId: string, clientIds: readonly (string | null)[], db: Database | Transaction = getDb()) {
  const ids = [...new Set(clientIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ id: clients.id, fullName: clients.fullName })
    .from(clients)
    .where(and(eq(clients.ownerId, brokerId), inArray(clients.id, ids)))
  return new Map(rows.map((row) => [row.id, row.fullName]))
}
