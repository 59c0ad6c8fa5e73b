import { and, asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import type { PropertyFilters } from './filters.ts'
import { filterConditions } from './queries.server.ts'
import { liveProperty } from './access.server.ts'
import { countOf } from '#app/lib/format.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

// The search vector and the folded places are derived from the other columns: never exported nor imported.
const { search: _search, cityFolded: _city, areaFolded: _area, ...rowColumns } = getTableColumns(properties)
export type PropertyRow = Omit<typeof properties.$inferSelect, 'search' | 'cityFolded' | 'areaFolded'>
/** What an import writes: every column but the ids, owner and derived ones. */
export type ImportedProperty = Omit<typeof properties.$inferInsert, 'id' | 'ownerId' | 'search' | 'updatedAt'>

/**
 * The broker's properties matching the list filters, in batches read by keyset (id order), so
 * an export of any size holds one batch in memory and no query gets slower page after page.
 */
export async function* propertyBatches(scope: Scope, filters: PropertyFilters, batchSize = 1000): AsyncGenerator<PropertyRow[]> {
  const conditions = filterConditions(scope, filters)
  let after: string | null = null
  for (;;) {
    const rows: PropertyRow[] = await getDb()
      .select(rowColumns)
      .from(properties)
      .where(and(...conditions, after === null ? undefined : gt(properties.id, after)))
      .orderBy(asc(properties.id))
      .limit(batchSize)
    if (rows.length) yield rows
    if (rows.length < batchSize) return
    after = rows.at(-1)!.id
  }
}

/** Which of these reference codes the broker's live properties already use (compared without case). */
export async function existingReferenceCodes(scope: Scope, codes: string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes.map((c) => c.toLowerCase()))]
  if (!wanted.length) return new Set()
  const found = new Set<string>()
  // Chunked: a 10,000-row file is one query per 1,000 codes, not one per row.
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await getDb()
      .select({ code: sql<string>`lower(${properties.referenceCode})` })
      .from(properties)
      .where(and(visibleTo(properties, scope), liveProperty, inArray(sql`lower(${properties.referenceCode})`, wanted.slice(i, i + 1000))))
    for (const row of rows) found.add(row.code)
  }
  return found
}

const usageSql = (scope: Scope) =>
  sql`select get_user_property_count(${scope.memberId}) as count, can_add_property(${scope.memberId}) as can_add`

/**
 * How many more properties the plan allows (0 with an expired trial), through the same SQL
 * functions as the insert trigger: in the import's transaction (`tx`) or for the preview.
 * The trigger still has the last word.
 */
export async function freePropertySlots(scope: Scope, planLimit: number, tx?: Transaction): Promise<number> {
  const result = (await (tx ?? getDb()).execute(usageSql(scope))) as unknown
  // postgres.js returns the rows themselves, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { count: number; can_add: boolean }[]
  const row = rows[0]
  if (!row || row.can_add !== true) return 0
  return Math.max(0, planLimit - Number(row.count))
}

const INSERT_CHUNK = 500

/** Inserts the rows (in chunks of one statement each) and one activity line, in the caller's transaction. */
export async function insertImportedProperties(tx: Transaction, scope: Scope, rows: ImportedProperty[], fileName: string) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(properties).values(rows.slice(i, i + INSERT_CHUNK).map((row) => ({ ...row, ownerId: scope.memberId })))
  }
  await recordActivity(tx, scope.memberId, {
    kind: 'property_created',
    summary: `Imported ${countOf(rows.length, 'property', 'properties')} from ${fileName}`,
    data: { imported: rows.length },
  })
}

export function isPropertyLimitError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { message?: unknown }).message === 'property_limit_reached') return true
  }
  return false
}

/** A broker's listings open to everyone (public and active): what a portal feed publishes. */
// The portal feed's set (formats/kyero-feed): opened by its secret address, outside any agency's
// scope, so by the feed's owner rather than a Scope.
const openListings = (ownerId: string) => and(eq(properties.ownerId, ownerId), eq(properties.visibility, 'public'), eq(properties.status, 'active'), liveProperty)

/**
 * What changes whenever a listed property changes, joins or leaves the set: their number and
 * the latest update (a property that turns private or sold lowers the count).
 */
export async function openListingsVersion(brokerId: string): Promise<{ count: number; lastUpdate: string | null }> {
  // In microseconds (ISO 8601), as stored: a JavaScript Date would round to milliseconds.
  const [row] = await getDb()
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      lastUpdate: sql<string | null>`to_char(max(${properties.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(properties)
    .where(openListings(brokerId))
  return { count: row?.count ?? 0, lastUpdate: row?.lastUpdate ?? null }
}

/** The broker's public, active listings, newest first, with every column. */
export function listOpenListings(brokerId: string): Promise<PropertyRow[]> {
  return getDb().select(rowColumns).from(properties).where(openListings(brokerId)).orderBy(sql`${properties.createdAt} desc`, asc(properties.id))
}
