import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientListingItems, profiles, properties, users } from '#db/schema.ts'
import { listPhotosOfProperties, listSharedDocumentsOfProperties } from '#app/modules/media/queries.server.ts'
import type { LiveShare } from './shares.server.ts'
import type { BrokerContact, SharedProperty } from '#app/modules/sharing/share-view.ts'

/**
 * The columns a client may see. Chosen one by one, so a new private column (notes, tags,
 * visibility) never reaches a share page by accident.
 */
const PUBLIC_PROPERTY_COLUMNS = {
  id: properties.id,
  title: properties.title,
  description: properties.description,
  category: properties.category,
  type: properties.type,
  purpose: properties.purpose,
  rentPeriod: properties.rentPeriod,
  status: properties.status,
  price: properties.price,
  currency: properties.currency,
  referenceCode: properties.referenceCode,
  street: properties.street,
  area: properties.area,
  city: properties.city,
  region: properties.region,
  postalCode: properties.postalCode,
  country: properties.country,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  parking: properties.parking,
  floor: properties.floor,
  yearBuilt: properties.yearBuilt,
  furnished: properties.furnished,
  builtArea: properties.builtArea,
  landArea: properties.landArea,
  areaUnit: properties.areaUnit,
  features: properties.features,
}

/**
 * The given properties of one broker as a client sees them, in the given order, with their
 * photos and the documents marked as shared. Three queries whatever the number of properties.
 */
export async function loadSharedProperties(ownerId: string, propertyIds: string[], notes = new Map<string, string>()) {
  if (propertyIds.length === 0) return []
  const db = getDb()
  const [rows, photos, documents] = await Promise.all([
    db
      .select(PUBLIC_PROPERTY_COLUMNS)
      .from(properties)
      .where(and(eq(properties.ownerId, ownerId), inArray(properties.id, propertyIds))),
    listPhotosOfProperties(ownerId, propertyIds),
    listSharedDocumentsOfProperties(ownerId, propertyIds),
  ])
  const byId = new Map(rows.map((row) => [row.id, row]))
  return propertyIds.flatMap((id): SharedProperty[] => {
    const row = byId.get(id)
    if (!row) return []
    return [
      {
        ...row,
        // Tags are the broker's own labels ("motivated seller"): never shown to clients.
        tags: [],
        note: notes.get(id) ?? '',
        photos: photos.filter((p) => p.propertyId === id).map(({ propertyId: _p, ...photo }) => photo),
        documents: documents.filter((d) => d.propertyId === id).map(({ propertyId: _p, ...doc }) => doc),
      },
    ]
  })
}

/** The contact card: what the broker chose to put in their profile, and their sign-in e-mail. */
export async function loadBrokerContact(ownerId: string): Promise<BrokerContact | null> {
  const [row] = await getDb()
    .select({
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      agencyName: profiles.agencyName,
      licenceNumber: profiles.licenceNumber,
      phone: profiles.phone,
      email: users.email,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, ownerId))
  if (!row) return null
  return { ...row, fullName: row.fullName ?? '' }
}

/** The shortlist behind a client-listing share: property ids in order and the broker's notes. */
export async function loadListingOrder(ownerId: string, clientId: string) {
  const rows = await getDb()
    .select({ propertyId: clientListingItems.propertyId, note: clientListingItems.note })
    .from(clientListingItems)
    .where(and(eq(clientListingItems.ownerId, ownerId), eq(clientListingItems.clientId, clientId)))
    .orderBy(asc(clientListingItems.position))
  return { propertyIds: rows.map((r) => r.propertyId), notes: new Map(rows.map((r) => [r.propertyId, r.note])) }
}

export type SharePageData = {
  kind: LiveShare['kind']
  properties: SharedProperty[]
  broker: BrokerContact
}

/** Everything a share page renders; null for a share whose property (or broker) has gone. */
export async function loadSharePage(share: LiveShare): Promise<SharePageData | null> {
  const order =
    share.kind === 'property' && share.propertyId
      ? { propertyIds: [share.propertyId], notes: new Map<string, string>() }
      : share.clientId
        ? await loadListingOrder(share.ownerId, share.clientId)
        : null
  if (!order) return null
  const [shared, broker] = await Promise.all([
    loadSharedProperties(share.ownerId, order.propertyIds, order.notes),
    loadBrokerContact(share.ownerId),
  ])
  if (!broker || (share.kind === 'property' && shared.length === 0)) return null
  return { kind: share.kind, properties: shared, broker }
}
