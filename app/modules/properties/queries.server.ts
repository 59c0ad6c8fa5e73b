import { and, arrayContains, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { getDb, queryRows } from '#db/client.server.ts'
import { formatNumber } from '#app/lib/format.ts'
import { countEachUpTo, countUpTo, LIST_COUNT_CAP, type CappedCount } from '#db/capped-count.server.ts'
import { STATUSES, type PropertyStatus } from '#db/reference.ts'
import { properties } from '#db/schema.ts'
import { escapeLike } from '#app/lib/sql-like.ts'
import { getCoverPhotos } from '#app/modules/media/queries.server.ts'
import { liveProperty } from './access.server.ts'
import { getBrokerNames } from '#app/modules/profile/profile.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { searchWords, type PropertyFilters } from './filters.ts'
import { publicSearchMatches, scopeSearchMatches, vectorMatches } from './search-sql.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { agencyStockOf, visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'


/** Whose properties a list shows: one broker's, or every broker's public, active listings. */
export type PropertyScope = Scope | 'public'

/**
 * The filters' conditions within `scope`. A broker's text search is itself the owner scope
 * (scopeSearchMatches: a tagged index that reads only this broker's matches); with `walk`, it is
 * the owner and the plain vector instead, for a walk of the broker's rows in list order (the
 * same rows). Public listings search the plain vector, whose index holds public active rows only.
 */
export function filterConditions(scope: PropertyScope, f: PropertyFilters, { walk = false } = {}): SQL[] {
  // The trash is in no list, search, count or export (migration 0024).
  const conditions: SQL[] = [liveProperty]
  const words = searchWords(f.q)
  if (scope === 'public') {
    conditions.push(PUBLIC_SCOPE)
    // Prefix words ("pent" finds penthouse) or Postgres's own reading of the text, which keeps
    // compound tokens such as the reference "PT-0042" whole, on the partial GIN index.
    if (words.length) conditions.push(publicSearchMatches(properties.id, words, f.q ?? ''))
  } else if (words.length && !walk) {
    // An agency's shared stock is searched on the agency's tagged index, a broker's on theirs.
    const agencyId = agencyStockOf(scope)
    conditions.push(scopeSearchMatches(properties.id, agencyId !== null, agencyId ?? scope.memberId, words, f.q ?? ''))
  } else {
    conditions.push(ownedBy(scope))
    if (words.length) conditions.push(vectorMatches(properties.search, words, f.q ?? ''))
  }
  if (f.city) {
    // Folded columns (migration 0020): the pattern is folded once, not every row's city.
    const pattern = `${escapeLike(f.city)}%`
    conditions.push(sql`(${properties.cityFolded} like fold_text(${pattern}) or ${properties.areaFolded} like fold_text(${pattern}))`)
  }
  if (f.tags.length) conditions.push(arrayContains(properties.tags, f.tags))
  if (f.status) conditions.push(eq(properties.status, f.status))
  if (f.type) conditions.push(eq(properties.type, f.type))
  if (f.purpose) conditions.push(eq(properties.purpose, f.purpose))
  if (f.minPrice !== undefined) conditions.push(gte(properties.price, f.minPrice))
  if (f.maxPrice !== undefined) conditions.push(lte(properties.price, f.maxPrice))
  if (f.minBedrooms !== undefined) conditions.push(gte(properties.bedrooms, f.minBedrooms))
  if (f.ids) conditions.push(f.ids.length ? inArray(properties.id, [...f.ids]) : sql`false`)
  // Within what the member sees: on the per-member indexes (properties_owner_created_idx).
  if (f.assignedTo) conditions.push(eq(properties.ownerId, f.assignedTo))
  return conditions
}

/** What a property card (app/ui/property-card.tsx) shows; its cover photo comes separately. */
export const PROPERTY_CARD_COLUMNS = {
  id: properties.id,
  title: properties.title,
  type: properties.type,
  price: properties.price,
  currency: properties.currency,
  purpose: properties.purpose,
  rentPeriod: properties.rentPeriod,
  city: properties.city,
  area: properties.area,
  status: properties.status,
  bedrooms: properties.bedrooms,
  builtArea: properties.builtArea,
  landArea: properties.landArea,
  areaUnit: properties.areaUnit,
}

const ownedBy = (scope: Scope) => visibleTo(properties, scope)
/**
 * Public listings: every broker's public properties that are active and not in the trash (the
 * status filter is moot). Literals, not parameters: the planner must see them to use the partial
 * search index even in a prepared statement's generic plan.
 */
const PUBLIC_SCOPE = sql`(${properties.visibility} = 'public' and ${properties.status} = 'active' and ${properties.deletedAt} is null)`

const ORDER = {
  newest: [desc(properties.createdAt), desc(properties.id)],
  price_asc: [sql`${properties.price} asc nulls last`, desc(properties.createdAt)],
  price_desc: [sql`${properties.price} desc nulls last`, desc(properties.createdAt)],
} as const

/** One page of properties matching `where`, in the list's order. */
function rowsOf(where: SQL | undefined, filters: PropertyFilters) {
  return getDb()
    .select({ ...PROPERTY_CARD_COLUMNS, ownerId: properties.ownerId })
    .from(properties)
    .where(where)
    .orderBy(...ORDER[filters.sort])
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize)
}

/** The cap a list counts to: 1,000, or a page past the page shown, for whoever pages that far. */
const countCap = (filters: PropertyFilters) => Math.max(LIST_COUNT_CAP, filters.page * filters.pageSize)

/**
 * One page of properties matching `where`, and their number counted up to the cap: a list of
 * 20,000 costs what a list of 1,000 does.
 */
async function pageOf(where: SQL | undefined, filters: PropertyFilters) {
  const [rows, total] = await Promise.all([rowsOf(where, filters), countUpTo(properties, where, countCap(filters))])
  return { rows, total: total.count, totalCapped: total.capped }
}

/**
 * One page of the broker's properties with their number and cover photos: three queries whatever
 * the page size. A text search counts first, from the broker's own index: up to the cap, the page
 * is read from the same matches; past it (a word most of the portfolio has), by walking the
 * broker's rows in list order until the page is full, which reads a few hundred rows instead of
 * every match (a 100,000-row broker's "waterfront": 6,190).
 */
export async function listProperties(scope: Scope, filters: PropertyFilters) {
  const where = and(...filterConditions(scope, filters))
  let page: Awaited<ReturnType<typeof pageOf>>
  if (searchWords(filters.q).length) {
    const total = await countUpTo(properties, where, countCap(filters))
    const rows = await rowsOf(total.capped ? and(...filterConditions(scope, filters, { walk: true })) : where, filters)
    page = { rows, total: total.count, totalCapped: total.capped }
  } else {
    page = await pageOf(where, filters)
  }
  const covers = await getCoverPhotos(scope, page.rows.map((r) => r.id))
  return {
    total: page.total,
    totalCapped: page.totalCapped,
    items: page.rows.map(({ ownerId, ...row }) => ({ ...row, assigneeId: ownerId, cover: covers.get(row.id) ?? null })),
  }
}

/** One page of every broker's public, active listings, with the broker's name. */
export async function listPublicProperties(filters: PropertyFilters) {
  const where = and(...filterConditions('public', { ...filters, status: undefined }))
  const { rows, total, totalCapped } = await pageOf(where, filters)
  const [covers, brokers] = await Promise.all([
    getCoverPhotos(null, rows.map((r) => r.id)),
    getBrokerNames(rows.map((r) => r.ownerId)),
  ])
  return {
    total,
    totalCapped,
    items: rows.map(({ ownerId, ...row }) => ({
      ...row,
      brokerName: brokers.get(ownerId)?.brokerName ?? null,
      agencyName: brokers.get(ownerId)?.agencyName ?? null,
      cover: covers.get(row.id) ?? null,
    })),
  }
}

/** Cards (with cover photos) of some of the broker's properties by id: a shortlist's items. */
export async function getPropertyCards(scope: Scope, propertyIds: readonly string[]) {
  const rows = propertyIds.length
    ? await getDb()
        .select(PROPERTY_CARD_COLUMNS)
        .from(properties)
        .where(and(visibleTo(properties, scope), inArray(properties.id, [...propertyIds]), liveProperty))
    : []
  const covers = await getCoverPhotos(scope, rows.map((r) => r.id))
  return new Map(rows.map((row) => [row.id, { ...row, cover: covers.get(row.id) ?? null }]))
}

/** Every column of one of the broker's live properties, or null (foreign, malformed, unknown or trashed id). */
export async function getProperty(scope: Scope, propertyId: unknown) {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), visibleTo(properties, scope), liveProperty))
    .limit(1)
  if (!row) return null
  const { search: _search, cityFolded: _city, areaFolded: _area, ...property } = row
  return property
}
export type Property = NonNullable<Awaited<ReturnType<typeof getProperty>>>

/** `countText` is the count as screens show it: "1,000+" past the cap. */
export type PropertyUsage = { count: number; countText: string; limit: number; canAdd: boolean }

/** The usage line counts up to this many: four times the biggest plan's limit. */
export const USAGE_COUNT_CAP = 1000

/**
 * The broker's live property count against the plan (the trash takes no place), and whether one more fits: the seed's
 * get_user_property_count and can_add_property, in one query that stops counting at the cap
 * (a 20,000-row portfolio costs what a 1,000-row one does). Count 0 and can_add false on error.
 * The limit itself is enforced by the insert trigger; this only informs the screens.
 */
export async function getPropertyUsage(scope: Scope, limit: number): Promise<PropertyUsage> {
  try {
    const [row] = await queryRows<{ count: number; can_add: boolean }>(sql`
      select c.n as count,
        coalesce((
          select c.n < plan_property_limit(s.plan) and subscription_is_usable(s.plan, s.trial_end_date, s.status, s.past_due_since)
          from user_subscriptions s where s.user_id = ${scope.memberId}
        ), false) as can_add
      from (select count(*)::int as n from (select 1 from properties where owner_id = ${scope.memberId} and deleted_at is null limit ${USAGE_COUNT_CAP + 1}) owned) c`)
    const count = Math.min(Number(row?.count ?? 0), USAGE_COUNT_CAP)
    const countText = Number(row?.count ?? 0) > USAGE_COUNT_CAP ? `${formatNumber(USAGE_COUNT_CAP)}+` : formatNumber(count)
    return { count, countText, limit, canAdd: row?.can_add === true }
  } catch (error) {
    logger.error({ err: error, brokerId: scope.memberId }, 'Property usage lookup failed')
    return { count: 0, countText: '0', limit, canAdd: false }
  }
}


/** The owner of a public, active listing (any broker's), or null: for /public-properties/{id}. */
export async function getPublicPropertyOwner(propertyId: unknown): Promise<string | null> {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(and(eq(properties.id, propertyId), PUBLIC_SCOPE))
    .limit(1)
  return row?.ownerId ?? null
}

/** How many of the broker's properties are in each status, each counted up to the lists' cap (one query). */
export function countPropertiesByStatus(scope: Scope): Promise<Record<PropertyStatus, CappedCount>> {
  return countEachUpTo(properties, properties.status, STATUSES, and(ownedBy(scope), liveProperty)!, LIST_COUNT_CAP)
}

/** The broker's properties as select options (id, title), by title. */
export function listPropertyTitles(scope: Scope, limit: number): Promise<{ id: string; title: string }[]> {
  return getDb()
    .select({ id: properties.id, title: properties.title })
    .from(properties)
    .where(and(ownedBy(scope), liveProperty))
    .orderBy(asc(properties.title), asc(properties.id))
    .limit(limit)
}
