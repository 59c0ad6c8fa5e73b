import { and, arrayContains, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { countEachUpTo, countUpTo, LIST_COUNT_CAP, type CappedCount } from '#db/capped-count.server.ts'
import { CLIENT_STAGES, type ClientStage } from '#db/reference.ts'
import { escapeLike } from '#app/lib/sql-like.ts'
import { clients } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { searchWords } from '#app/modules/properties/filters.ts'
import { matchesParsedText, matchesPrefixWords } from '#app/modules/properties/search-sql.server.ts'
import type { ClientFilters } from './filters.ts'
import { liveClient } from './access.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export function filterConditions(scope: Scope, f: ClientFilters): SQL[] {
  // The trash is in no list, search, count or export (migration 0024).
  const conditions: SQL[] = [visibleTo(clients, scope), liveClient]
  const words = searchWords(f.q)
  if (words.length) {
    conditions.push(
      // Part of an e-mail address ("dias.pt") is no search token of its own: match it as text.
      sql`(${matchesPrefixWords(clients.search, words)} or ${matchesParsedText(clients.search, f.q ?? '')}
        or fold_text(${clients.email}) like fold_text(${`%${escapeLike(f.q ?? '')}%`}))`,
    )
  }
  if (f.stage) conditions.push(eq(clients.stage, f.stage))
  if (f.kind) conditions.push(eq(clients.kind, f.kind))
  if (f.tags.length) conditions.push(arrayContains(clients.tags, f.tags))
  if (f.ids) conditions.push(f.ids.length ? inArray(clients.id, [...f.ids]) : sql`false`)
  return conditions
}

/** One page of the broker's clients, and their number counted up to the cap (db/capped-count.server.ts). */
export async function listClients(scope: Scope, filters: ClientFilters) {
  const where = and(...filterConditions(scope, filters))
  const offset = (filters.page - 1) * filters.pageSize
  const page = getDb()
    .select({
      id: clients.id,
      fullName: clients.fullName,
      email: clients.email,
      phone: clients.phone,
      kind: clients.kind,
      stage: clients.stage,
      tags: clients.tags,
      updatedAt: clients.updatedAt,
    })
    .from(clients)
    .where(where)
    .orderBy(desc(clients.updatedAt), desc(clients.id))
    .limit(filters.pageSize)
    .offset(offset)
  const [items, total] = await Promise.all([page, countUpTo(clients, where, Math.max(LIST_COUNT_CAP, offset + filters.pageSize))])
  return { total: total.count, totalCapped: total.capped, items }
}

/** Every column of one of the broker's live clients, or null (foreign, malformed, unknown or trashed id). */
export async function getClient(scope: Scope, clientId: unknown) {
  if (!isUuid(clientId)) return null
  const [row] = await getDb()
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleTo(clients, scope), liveClient))
    .limit(1)
  if (!row) return null
  const { search: _search, ...client } = row
  return client
}
export type Client = NonNullable<Awaited<ReturnType<typeof getClient>>>

/** How many of the broker's clients are in each stage, each counted up to the lists' cap (one query). */
export function countClientsByStage(scope: Scope): Promise<Record<ClientStage, CappedCount>> {
  return countEachUpTo(clients, clients.stage, CLIENT_STAGES, and(visibleTo(clients, scope), liveClient)!, LIST_COUNT_CAP)
}

/** The broker's clients as select options (id, name), by name. */
export function listClientNames(scope: Scope, limit: number): Promise<{ id: string; fullName: string }[]> {
  return getDb()
    .select({ id: clients.id, fullName: clients.fullName })
    .from(clients)
    .where(and(visibleTo(clients, scope), liveClient))
    .orderBy(asc(clients.fullName), asc(clients.id))
    .limit(limit)
}
