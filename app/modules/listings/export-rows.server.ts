import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientListingItems } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's shortlist items for the data export. */
export async function exportListingRows(brokerId: string): Promise<ExportTables> {
  const rows = await getDb().select().from(clientListingItems).where(eq(clientListingItems.ownerId, brokerId)).orderBy(asc(clientListingItems.clientId), asc(clientListingItems.propertyId))
  return { client_listing_items: rows }
}
