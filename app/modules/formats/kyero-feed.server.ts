import { createHash } from 'node:crypto'
import { create } from 'xmlbuilder2'
import { getEnv } from '#app/lib/env.server.ts'
import { listPhotosOfProperties, photoSetVersion } from '#app/modules/media/queries.server.ts'
import { photoUrl, type PhotoForImage } from '#app/modules/media/variants.ts'
import { listOpenListings, openListingsVersion, type PropertyRow } from '#app/modules/properties/bulk.server.ts'
import { LABELS } from '#app/modules/properties/catalog.ts'

const SQFT_IN_SQM = 0.09290304
// Kyero reads a rent per month or per week; other periods are converted to the nearer of the two.
const RENT = {
  monthly: { freq: 'month', factor: 1 },
  yearly: { freq: 'month', factor: 1 / 12 },
  weekly: { freq: 'week', factor: 1 },
  daily: { freq: 'week', factor: 7 },
} as const

export type FeedVersion = { etag: string; lastModified: Date | null }
export type KyeroFeed = FeedVersion & { xml: string }

/** Feeds built lately, by broker: reused while their ETag still matches (a small LRU). */
const cache = new Map<string, KyeroFeed>()
const CACHE_ENTRIES = 200

/**
 * The version of a broker's feed: what it lists (count and latest update of the public, active
 * properties) and their photos. Two small queries; the feed itself is built only when it changed.
 */
export async function kyeroFeedVersion(brokerId: string): Promise<FeedVersion> {
  const [listings, photos] = await Promise.all([openListingsVersion(brokerId), photoSetVersion(brokerId)])
  const etag = `"${createHash('sha256').update(`${brokerId}|${listings.count}|${listings.lastUpdate}|${photos}`).digest('base64url').slice(0, 27)}"`
  return { etag, lastModified: listings.lastUpdate ? new Date(listings.lastUpdate) : null }
}

/** The broker's Kyero v3 feed at this version: from the cache when nothing listed changed since it was built. */
export async function kyeroFeed(brokerId: string, { etag, lastModified }: FeedVersion): Promise<KyeroFeed> {
  const cached = cache.get(brokerId)
  if (cached?.etag === etag) return cached
  const listings = await listOpenListings(brokerId)
  const photos = await listPhotosOfProperties(brokerId, listings.map((p) => p.id))
  const feed = { etag, lastModified, xml: buildKyeroXml(listings, photos) }
  cache.delete(brokerId)
  cache.set(brokerId, feed)
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!)
  return feed
}

// XML 1.0 allows no control characters but tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const xmlText = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')

/** "2026-11-23 16:20:00" (UTC), Kyero's date format. */
const kyeroDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')

function buildKyeroXml(listings: PropertyRow[], photos: (PhotoForImage & { propertyId: string })[]) {
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  const photosOf = new Map<string, PhotoForImage[]>()
  for (const photo of photos) photosOf.set(photo.propertyId, [...(photosOf.get(photo.propertyId) ?? []), photo])
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('root')
  root.ele('kyero').ele('feed_version').txt('3')
  for (const p of listings) {
    const node = root.ele('property')
    node.ele('id').txt(p.id)
    node.ele('date').txt(kyeroDate(p.updatedAt))
    node.ele('ref').txt(xmlText(p.referenceCode ?? p.id.slice(0, 8)))
    const rent = p.purpose === 'rent' ? RENT[p.rentPeriod ?? 'monthly'] : null
    if (p.price !== null) node.ele('price').txt(String(Math.round(p.price * (rent?.factor ?? 1))))
    node.ele('currency').txt(p.currency)
    node.ele('price_freq').txt(rent?.freq ?? 'sale')
    node.ele('type').txt((LABELS[p.type] ?? p.type).toLowerCase())
    if (p.city ?? p.area) node.ele('town').txt(xmlText((p.city ?? p.area)!))
    if (p.region) node.ele('province').txt(xmlText(p.region))
    if (p.country) node.ele('country').txt(xmlText(p.country))
    if (p.latitude !== null && p.longitude !== null) {
      const location = node.ele('location')
      location.ele('latitude').txt(String(p.latitude))
      location.ele('longitude').txt(String(p.longitude))
    }
    if (p.bedrooms !== null) node.ele('beds').txt(String(p.bedrooms))
    if (p.bathrooms !== null) node.ele('baths').txt(String(p.bathrooms))
    // Kyero's areas are square metres.
    const sqm = (area: number) => String(Math.round(p.areaUnit === 'sqft' ? area * SQFT_IN_SQM : area))
    if (p.builtArea !== null || p.landArea !== null) {
      const surface = node.ele('surface_area')
      if (p.builtArea !== null) surface.ele('built').txt(sqm(p.builtArea))
      if (p.landArea !== null) surface.ele('plot').txt(sqm(p.landArea))
    }
    node.ele('desc').ele('en').txt(xmlText(p.description.trim() || p.title))
    const images = photosOf.get(p.id) ?? []
    if (images.length) {
      const list = node.ele('images')
      // Public and active listings' photos open to anyone (canViewPhoto): these URLs need no session.
      images.forEach((photo, i) => list.ele('image', { id: String(i + 1) }).ele('url').txt(`${appUrl}${photoUrl(photo, 'large')}`))
    }
  }
  return root.end({ prettyPrint: true })
}
