import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clientFeedback, shares } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/**
 * The broker's share links and the feedback clients left, for the data export. Share views
 * are left out: they are keyed hashes of visitors, and the totals are on each share.
 */
export async function exportSharingRows(subject: ExportSubject): Promise<ExportTables> {
  const db = getDb()
  const [shareRows, feedbackRows] = await Promise.all([
    db.select().from(shares).where(exportedBy(shares, subject)).orderBy(asc(shares.createdAt), asc(shares.id)),
    db.select().from(clientFeedback).where(exportedBy(clientFeedback, subject)).orderBy(asc(clientFeedback.createdAt), asc(clientFeedback.id)),
  ])
  return { shares: shareRows, client_feedback: feedbackRows }
}
