import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { ClientStage } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Not in the trash: every read of a broker's clients but the trash's own says so. */
export const liveClient = isNull(clients.deletedAt)

/** An SQL boolean for another module's query: the client in `clientId` (an SQL expression or column) is not in the trash. */
export function isLiveClientSql(clientId: SQL | { name: string }): SQL {
  return sql`exists (select 1 from ${clients} where ${clients.id} = ${clientId} and ${clients.deletedAt} is null)`
}

/**
 * The broker's own live client (id, name, stage), or null for foreign, malformed, unknown and
 * trashed ids: a client in the trash has no pages, shortlist link, alerts or actions.
 * Given a transaction, the row is key-share locked until it commits: a row another module writes
 * about it (a deal, a shortlist item, a note) never points at a client deleted in between.
 */
export async function findOwnedClient(scope: Scope, clientId: unknown, tx?: Transaction) {
  if (!isUuid(clientId)) return null
  const query = (tx ?? getDb())
    .select({ id: clients.id, fullName: clients.fullName, stage: clients.stage, email: clients.email, ownerId: clients.ownerId })
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleTo(clients, scope), liveClient))
    .limit(1)
  const [row] = tx ? await query.for('key share') : await query
  return row ?? null
}

/** Names of the broker's live clients by id; ids that are gone, trashed or foreign are simply absent. */
export async function getClientNames(scope: Scope, clientIds: readonly (string | null)[], db: Database | Transaction = getDb()) {
  const ids = [...new Set(clientIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ id: clients.id, fullName: clients.fullName })
    .from(clients)
    .where(and(visibleTo(clients, scope), inArray(clients.id, ids), liveClient))
  return new Map(rows.map((row) => [row.id, row.fullName]))
}

/** Name and stage of the broker's clients by id (what a deal's follow-on changes offer); others are absent. */
export async function getClientStages(scope: Scope, clientIds: readonly (string | null)[]) {
  const ids = [...new Set(clientIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map<string, { fullName: string; stage: ClientStage }>()
  const rows = await getDb()
    .select({ id: clients.id, fullName: clients.fullName, stage: clients.stage })
    .from(clients)
    .where(and(eq(clients.ownerId, scope.memberId), inArray(clients.id, ids)))
  return new Map(rows.map((row) => [row.id, { fullName: row.fullName, stage: row.stage }]))
}

/**
 * Which of these ids name the broker's clients, with their names, in the order given (a bulk
 * action's selection): foreign, malformed, unknown and repeated ids are dropped.
 */
export async function resolveOwnedClients(scope: Scope, clientIds: readonly unknown[]) {
  const ids = [...new Set(clientIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return []
  const names = await getClientNames(scope, ids)
  return ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }))
}

/**
 * The broker's clients with these e-mail addresses (any case), as lower-case e-mail → id (the
 * first one made wins), trashed ones included. For seeders that must not create a client twice.
 */
export async function findClientIdsByEmail(scope: Scope, emails: readonly string[]) {
  if (emails.length === 0) return new Map<string, string>()
  const wanted = emails.map((email) => email.toLowerCase())
  const rows = await getDb()
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(and(visibleTo(clients, scope), inArray(sql`lower(${clients.email})`, wanted)))
    .orderBy(asc(clients.createdAt))
  const byEmail = new Map<string, string>()
  for (const row of rows) {
    const key = row.email?.toLowerCase()
    if (key && !byEmail.has(key)) byEmail.set(key, row.id)
  }
  return byEmail
}
