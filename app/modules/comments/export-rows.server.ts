import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { comments } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's notes for the data export. */
export async function exportCommentRows(brokerId: string): Promise<ExportTables> {
  return { comments: await getDb().select().from(comments).where(eq(comments.ownerId, brokerId)).orderBy(asc(comments.createdAt), asc(comments.id)) }
}
