import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientListingItems } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/** The broker's shortlist items for the data export. */
export async function exportListingRows(subject: ExportSubject): Promise<ExportTables> {
  const rows = await getDb().select().from(clientListingItems).where(exportedBy(clientListingItems, subject)).orderBy(asc(clientListingItems.clientId), asc(clientListingItems.propertyId))
  return { client_listing_items: rows }
}
