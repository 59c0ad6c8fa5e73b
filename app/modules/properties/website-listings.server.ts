import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { countUpTo } from '#db/capped-count.server.ts'
import { getCoverPhotos } from '#app/modules/media/queries.server.ts'
import type { PropertyFilters } from './filters.ts'
import { filterConditions, PROPERTY_CARD_COLUMNS } from './queries.server.ts'

/*
 * An agency's website (docs/decisions/036-enquiries-and-website.md): its public, active
 * listings, as /public-properties decides (visibility public, status active, not in the trash),
 * read outside any scope like every page the public opens. Always filtered by the agency.
 */

/** A website listing is exactly what /public-properties shows, of one agency. */
const openOf = (agencyId: string) =>
  sql`(${properties.agencyId} = ${agencyId} and ${properties.visibility} = 'public' and ${properties.status} = 'active' and ${properties.deletedAt} is null)`

const ORDER = {
  newest: [desc(properties.createdAt), desc(properties.id)],
  price_asc: [sql`${properties.price} asc nulls last`, desc(properties.createdAt), desc(properties.id)],
  price_desc: [sql`${properties.price} desc nulls last`, desc(properties.createdAt), desc(properties.id)],
} as const

/** One page of the agency's open listings matching the filters, counted up to the lists' cap, with covers. */
export async function listWebsiteListings(agencyId: string, filters: PropertyFilters) {
  const where = and(eq(properties.agencyId, agencyId), ...filterConditions('public', { ...filters, status: undefined, tags: [], assignedTo: undefined }))
  const cap = Math.max(1000, filters.page * filters.pageSize)
  const [rows, total] = await Promise.all([
    getDb()
      .select(PROPERTY_CARD_COLUMNS)
      .from(properties)
      .where(where)
      .orderBy(...ORDER[filters.sort])
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    countUpTo(properties, where, cap),
  ])
  const covers = await getCoverPhotos(null, rows.map((row) => row.id))
  return { total: total.count, totalCapped: total.capped, items: rows.map((row) => ({ ...row, cover: covers.get(row.id) ?? null })) }
}
export type WebsiteListingCard = Awaited<ReturnType<typeof listWebsiteListings>>['items'][number]

export type WebsiteListingState =
  | { open: true; id: string; ownerId: string; title: string; createdAt: Date; updatedAt: Date }
  | { open: false; id: string; title: string; type: string; purpose: string; price: number | null; city: string | null }

/**
 * One of the agency's properties by id: open (public, active, live) with its owner, or closed
 * (sold, rented, withdrawn, made private, in the trash) with what the similar listings are
 * chosen by. Null for an id that was never the agency's (or is gone from the database).
 */
export async function findWebsiteListing(agencyId: string, propertyId: string): Promise<WebsiteListingState | null> {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      title: properties.title,
      type: properties.type,
      purpose: properties.purpose,
      price: properties.price,
      city: properties.city,
      createdAt: properties.createdAt,
      updatedAt: properties.updatedAt,
      open: sql<boolean>`${openOf(agencyId)}`,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.agencyId, agencyId)))
    .limit(1)
  if (!row) return null
  if (row.open) return { open: true, id: row.id, ownerId: row.ownerId, title: row.title, createdAt: row.createdAt, updatedAt: row.updatedAt }
  return { open: false, id: row.id, title: row.title, type: row.type, purpose: row.purpose, price: row.price === null ? null : Number(row.price), city: row.city }
}

/**
 * The agency's open listings most like `like` (same purpose, then type, then city, then the
 * nearest price), for a listing that is gone; the newest ones when there is nothing to compare.
 */
export async function similarWebsiteListings(
  agencyId: string,
  like: { id?: string; type?: string; purpose?: string; price?: number | null; city?: string | null } = {},
  limit = 4,
) {
  const rows = await getDb()
    .select(PROPERTY_CARD_COLUMNS)
    .from(properties)
    .where(and(openOf(agencyId), like.id ? sql`${properties.id} <> ${like.id}` : undefined))
    .orderBy(
      sql`(${properties.purpose}::text = ${like.purpose ?? ''}) desc`,
      sql`(${properties.type}::text = ${like.type ?? ''}) desc`,
      sql`(lower(coalesce(${properties.city}, '')) = lower(${like.city ?? ''})) desc`,
      ...(like.price ? [sql`abs(coalesce(${properties.price}, 0) - ${like.price}) asc`] : []),
      desc(properties.createdAt),
      desc(properties.id),
    )
    .limit(limit)
  const covers = await getCoverPhotos(null, rows.map((row) => row.id))
  return rows.map((row) => ({ ...row, cover: covers.get(row.id) ?? null }))
}

/** Sitemaps hold at most this many addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000

/** Every open listing of the agency (id, title, last change), newest first: its sitemap. */
export function listSitemapListings(agencyId: string) {
  return getDb()
    .select({ id: properties.id, title: properties.title, updatedAt: properties.updatedAt })
    .from(properties)
    .where(openOf(agencyId))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(SITEMAP_MAX_URLS - 1)
}

/** The agencies with at least one open listing (the sitemap index), at most `limit`. */
export async function agenciesWithOpenListings(limit: number): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ agencyId: properties.agencyId })
    .from(properties)
    .where(sql`${properties.visibility} = 'public' and ${properties.status} = 'active' and ${properties.deletedAt} is null`)
    .limit(limit)
  return rows.map((row) => row.agencyId)
}
