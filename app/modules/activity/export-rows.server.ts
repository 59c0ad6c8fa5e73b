import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { activities } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/** The activity log for the data export (the agency's, or the member's own), oldest first. */
export async function exportActivityRows(subject: ExportSubject): Promise<ExportTables> {
  const rows = await getDb().select().from(activities).where(exportedBy(activities, subject)).orderBy(asc(activities.createdAt), asc(activities.id))
  return { activities: rows }
}
