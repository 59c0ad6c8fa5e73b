import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { deals } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's deals for the data export. */
export async function exportDealRows(brokerId: string): Promise<ExportTables> {
  return { deals: await getDb().select().from(deals).where(eq(deals.ownerId, brokerId)).orderBy(asc(deals.createdAt), asc(deals.id)) }
}
