import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { comments } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/** Notes for the data export (the agency's, or those the member wrote). */
export async function exportCommentRows(subject: ExportSubject): Promise<ExportTables> {
  return { comments: await getDb().select().from(comments).where(exportedBy(comments, subject)).orderBy(asc(comments.createdAt), asc(comments.id)) }
}
