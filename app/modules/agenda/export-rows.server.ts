import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { calendarFeeds, tasks, viewings } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's viewings (with the clients' feedback), tasks and calendar feed, for the data export. */
export async function exportAgendaRows(brokerId: string): Promise<ExportTables> {
  const db = getDb()
  const [viewingRows, taskRows, feedRows] = await Promise.all([
    db.select().from(viewings).where(eq(viewings.ownerId, brokerId)).orderBy(asc(viewings.startsAt), asc(viewings.id)),
    db.select().from(tasks).where(eq(tasks.ownerId, brokerId)).orderBy(asc(tasks.dueAt), asc(tasks.id)),
    db.select({ ownerId: calendarFeeds.ownerId, createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.ownerId, brokerId)),
  ])
  return { viewings: viewingRows, tasks: taskRows, calendar_feeds: feedRows }
}
