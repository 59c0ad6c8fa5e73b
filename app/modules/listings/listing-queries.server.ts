import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientListingItems, properties } from '#db/schema.ts'
import { getCoverPhotos } from '#app/modules/media/queries.server.ts'
import { PROPERTY_CARD_COLUMNS } from '#app/modules/properties/queries.server.ts'
import { isUuid } from '#app/lib/ids.ts'

/**
 * The client's shortlist in order, each item with what a card shows and its cover photo: two
 * queries whatever its length. The client id must be the broker's (checked by the caller with
 * findOwnedClient); the owner filter keeps a mistake from ever showing foreign rows.
 */
export async function listListingItems(brokerId: string, clientId: string) {
  const rows = await getDb()
    .select({
      ...PROPERTY_CARD_COLUMNS,
      note: clientListingItems.note,
      position: clientListingItems.position,
    })
    .from(clientListingItems)
    .innerJoin(properties, eq(properties.id, clientListingItems.propertyId))
    .where(and(eq(clientListingItems.ownerId, brokerId), eq(clientListingItems.clientId, clientId)))
    .orderBy(asc(clientListingItems.position))
  const covers = await getCoverPhotos(brokerId, rows.map((row) => row.id))
  return rows.map((row) => ({ ...row, cover: covers.get(row.id) ?? null }))
}
export type ListingItem = Awaited<ReturnType<typeof listListingItems>>[number]

/** One item of the shortlist (its note), or null when the property is not on it. */
export async function getListingItem(brokerId: string, clientId: string, propertyId: unknown) {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({ propertyId: clientListingItems.propertyId, note: clientListingItems.note })
    .from(clientListingItems)
    .where(
      and(
        eq(clientListingItems.ownerId, brokerId),
        eq(clientListingItems.clientId, clientId),
        eq(clientListingItems.propertyId, propertyId),
      ),
    )
    .limit(1)
  return row ?? null
}
