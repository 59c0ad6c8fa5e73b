import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's profile row for the data export. */
export async function exportProfileRows(brokerId: string): Promise<ExportTables> {
  return { profiles: await getDb().select().from(profiles).where(eq(profiles.id, brokerId)) }
}
