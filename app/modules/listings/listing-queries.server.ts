import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientListingItems } from '#db/schema.ts'
import { getPropertyCards } from '#app/modules/properties/queries.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * The client's shortlist in order, each item with what a card shows and its cover photo: three
 * queries whatever its length. The client id must be the broker's (checked by the caller with
 * findOwnedClient); the owner filter keeps a mistake from ever showing foreign rows.
 */
export async function listListingItems(scope: Scope, clientId: string) {
  const { items } = await getListingOrder(scope, clientId)
  const cards = await getPropertyCards(scope, items.map((item) => item.propertyId))
  return items.flatMap(({ propertyId, note, position }) => {
    const card = cards.get(propertyId)
    return card ? [{ ...card, note, position }] : []
  })
}
export type ListingItem = Awaited<ReturnType<typeof listListingItems>>[number]

/** One item of the shortlist (its note), or null when the property is not on it. */
export async function getListingItem(scope: Scope, clientId: string, propertyId: unknown) {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({ propertyId: clientListingItems.propertyId, note: clientListingItems.note })
    .from(clientListingItems)
    .where(
      and(
        visibleTo(clientListingItems, scope),
        eq(clientListingItems.clientId, clientId),
        eq(clientListingItems.propertyId, propertyId),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The shortlist's property ids in order, with the broker's note on each. */
export async function getListingOrder(scope: Scope, clientId: string) {
  const items = isUuid(clientId)
    ? await getDb()
        .select({ propertyId: clientListingItems.propertyId, note: clientListingItems.note, position: clientListingItems.position })
        .from(clientListingItems)
        .where(and(visibleTo(clientListingItems, scope), eq(clientListingItems.clientId, clientId)))
        .orderBy(asc(clientListingItems.position))
    : []
  return { items, propertyIds: items.map((r) => r.propertyId), notes: new Map(items.map((r) => [r.propertyId, r.note])) }
}

/**
 * An SQL boolean for a caller composing one access query (file access): the shortlist of the
 * client in `clientId` (an SQL expression) holds the property.
 */
export function shortlistHoldsSql(clientId: SQL, propertyId: string): SQL {
  return sql`exists (
    select 1 from ${clientListingItems}
    where ${clientListingItems.clientId} = ${clientId} and ${clientListingItems.propertyId} = ${propertyId}
  )`
}
