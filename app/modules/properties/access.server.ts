import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { changeableBy, visibleTo } from '#db/visibility.server.ts'
import type { PropertyStatus, Purpose } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Not in the trash: every read of a broker's properties but the trash's own says so. */
export const liveProperty = isNull(properties.deletedAt)

/**
 * An SQL boolean for another module's query: the property in `propertyId` (an SQL expression,
 * such as a column) is live, not in the trash. A null id is not live.
 */
export function isLivePropertySql(propertyId: SQL | { name: string }): SQL {
  return sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyId} and ${properties.deletedAt} is null)`
}

/**
 * The broker's own live property (id, title, category), or null for a foreign, malformed or unknown
 * id, or one in the trash. Every property page, file and action goes through this, so a foreign
 * or trashed id is always "not found".
 * Given a transaction, the row is key-share locked until it commits: a row another module writes
 * about it (a deal, a note) never points at a property deleted in between.
 */
export function findOwnedProperty(scope: Scope, propertyId: unknown, tx?: Transaction) {
  return findLiveProperty(visibleTo(properties, scope), propertyId, tx)
}

/** A live property by id within `access` (what the member may see, or change). */
async function findLiveProperty(access: SQL, propertyId: unknown, tx?: Transaction) {
  if (!isUuid(propertyId)) return null
  const query = (tx ?? getDb())
    .select({ id: properties.id, title: properties.title, category: properties.category })
    .from(properties)
    .where(and(eq(properties.id, propertyId), access, liveProperty))
    .limit(1)
  const [row] = tx ? await query.for('key share') : await query
  return row ?? null
}

/** Titles of the broker's live properties by id; ids that are gone, trashed or foreign are simply absent. */
export async function getPropertyTitles(scope: Scope, propertyIds: readonly (string | null)[], db: Database | Transaction = getDb()) {
  const ids = [...new Set(propertyIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ id: properties.id, title: properties.title })
    .from(properties)
    .where(and(visibleTo(properties, scope), inArray(properties.id, ids), liveProperty))
  return new Map(rows.map((row) => [row.id, row.title]))
}

/** Title, status and purpose of the broker's properties by id (a deal's follow-on offer); others are absent. */
export async function getPropertyStatuses(scope: Scope, propertyIds: readonly (string | null)[]) {
  const ids = [...new Set(propertyIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map<string, { title: string; status: PropertyStatus; purpose: Purpose }>()
  const rows = await getDb()
    .select({ id: properties.id, title: properties.title, status: properties.status, purpose: properties.purpose })
    .from(properties)
    .where(and(eq(properties.ownerId, scope.memberId), inArray(properties.id, ids)))
  return new Map(rows.map(({ id, ...row }) => [id, row]))
}

/**
 * Which of these ids name the broker's properties, with their titles, in the order given (a
 * bulk action's selection): foreign, malformed, unknown and repeated ids are dropped.
 */
export async function resolveOwnedProperties(scope: Scope, propertyIds: readonly unknown[]) {
  const ids = [...new Set(propertyIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return []
  const titles = await getPropertyTitles(scope, ids)
  return ids.filter((id) => titles.has(id)).map((id) => ({ id, title: titles.get(id)! }))
}

/**
 * The broker's properties with these reference codes, as code → id (the first one made wins
 * when a broker reused a code), trashed ones included. For seeders that must not create a listing twice.
 */
export async function findPropertyIdsByReferenceCode(scope: Scope, referenceCodes: readonly string[]) {
  if (referenceCodes.length === 0) return new Map<string, string>()
  const rows = await getDb()
    .select({ id: properties.id, referenceCode: properties.referenceCode })
    .from(properties)
    .where(and(visibleTo(properties, scope), inArray(properties.referenceCode, [...referenceCodes])))
    .orderBy(asc(properties.createdAt))
  const byCode = new Map<string, string>()
  for (const row of rows) if (row.referenceCode && !byCode.has(row.referenceCode)) byCode.set(row.referenceCode, row.id)
  return byCode
}

/**
 * Every property id of the broker, trashed ones too, in the caller's transaction: the account deletion reads
 * them before the rows go, because photo and document files are stored per property. By the
 * member's id, not a Scope: the deletion spans every agency of the account.
 */
export async function listAllPropertyIds(brokerId: string, tx: Transaction): Promise<string[]> {
  const rows = await tx.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, brokerId))
  return rows.map((row) => row.id)
}

/**
 * The broker's property's address on one line ("Rua Augusta 12, Baixa, 1100-053 Lisbon,
 * Portugal"), its title when it has none, or null for a foreign or unknown id. A viewing's
 * place defaults to it.
 */
export async function getPropertyAddressLine(scope: Scope, propertyId: unknown): Promise<string | null> {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({
      title: properties.title,
      street: properties.street,
      area: properties.area,
      city: properties.city,
      postalCode: properties.postalCode,
      country: properties.country,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), visibleTo(properties, scope), liveProperty))
    .limit(1)
  if (!row) return null
  const town = [row.postalCode, row.city].filter(Boolean).join(' ')
  const line = [row.street, row.area, town, row.country].filter((part) => part && part.trim()).join(', ')
  return line || row.title
}

/** Which of these listings the member may change (their own, or any for the owner and admins). */
export async function changeablePropertyIds(scope: Scope, propertyIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(propertyIds.filter((id) => isUuid(id)))]
  if (ids.length === 0) return new Set()
  const rows = await getDb()
    .select({ id: properties.id })
    .from(properties)
    .where(and(changeableBy(properties, scope), inArray(properties.id, ids), liveProperty))
  return new Set(rows.map((row) => row.id))
}

/**
 * The property if the member may change it (their own, or any of the agency's for the owner and
 * admins), else null. A property the member sees but may not change is a 403 at the route.
 */
export function findChangeableProperty(scope: Scope, propertyId: unknown, tx?: Transaction) {
  return findLiveProperty(changeableBy(properties, scope), propertyId, tx)
}
