import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientFeedback, shares } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/**
 * The broker's share links and the feedback clients left, for the data export. Share views
 * are left out: they are keyed hashes of visitors, and the totals are on each share.
 */
export async function exportSharingRows(brokerId: string): Promise<ExportTables> {
  const db = getDb()
  const [shareRows, feedbackRows] = await Promise.all([
    db.select().from(shares).where(eq(shares.ownerId, brokerId)).orderBy(asc(shares.createdAt), asc(shares.id)),
    db.select().from(clientFeedback).where(eq(clientFeedback.ownerId, brokerId)).orderBy(asc(clientFeedback.createdAt), asc(clientFeedback.id)),
  ])
  return { shares: shareRows, client_feedback: feedbackRows }
}
