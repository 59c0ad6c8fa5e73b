import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { activities } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's activity log for the data export, oldest first. */
export async function exportActivityRows(brokerId: string): Promise<ExportTables> {
  const rows = await getDb().select().from(activities).where(eq(activities.ownerId, brokerId)).orderBy(asc(activities.createdAt), asc(activities.id))
  return { activities: rows }
}
