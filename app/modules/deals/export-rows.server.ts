import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { deals } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/** The broker's deals for the data export. */
export async function exportDealRows(subject: ExportSubject): Promise<ExportTables> {
  return { deals: await getDb().select().from(deals).where(exportedBy(deals, subject)).orderBy(asc(deals.createdAt), asc(deals.id)) }
}
