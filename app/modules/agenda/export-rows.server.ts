import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { calendarFeeds, tasks, viewings } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/** The broker's viewings (with the clients' feedback), tasks and calendar feed, for the data export. */
export async function exportAgendaRows(subject: ExportSubject): Promise<ExportTables> {
  const db = getDb()
  const [viewingRows, taskRows, feedRows] = await Promise.all([
    db.select().from(viewings).where(exportedBy(viewings, subject)).orderBy(asc(viewings.startsAt), asc(viewings.id)),
    db.select().from(tasks).where(exportedBy(tasks, subject)).orderBy(asc(tasks.dueAt), asc(tasks.id)),
    db.select({ ownerId: calendarFeeds.ownerId, createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(exportedBy(calendarFeeds, subject)),
  ])
  return { viewings: viewingRows, tasks: taskRows, calendar_feeds: feedRows }
}
