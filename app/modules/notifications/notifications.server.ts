import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { getDb, queryRows, type Transaction } from '#db/client.server.ts'
import { notifications } from '#db/schema.ts'
import type { NotificationKind } from '#db/reference.ts'

/**
 * Notifications in the app (docs/decisions/033-notifications-drag-and-profile-sections.md):
 * written in the transaction of the event they tell of, counted with the session, marked read
 * when the broker's /notifications page shows them.
 */

/** The header counts unread notifications up to this many ("99+"): the count's cost is bounded. */
export const UNREAD_COUNT_CAP = 100
/** One page of /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 30
/** How much of a client's comment a notification quotes; the whole text is on the linked page. */
export const DETAIL_MAX_CHARS = 140

export type NotificationInput = {
  ownerId: string
  kind: NotificationKind
  summary: string
  /** A same-site path: the page about it. */
  href: string
  detail?: string
}

const shorten = (text: string) => (text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS - 1)}…` : text)

/** Notifies many brokers at once, in one statement inside the caller's transaction (same commit or none). */
export async function recordNotifications(tx: Transaction, rows: readonly NotificationInput[]) {
  if (rows.length === 0) return
  await tx.insert(notifications).values(
    rows.map((row) => ({ ownerId: row.ownerId, kind: row.kind, summary: row.summary, href: row.href, detail: shorten(row.detail?.trim() ?? '') })),
  )
}

/**
 * The broker's unread count as a column of another query (the session's: the header shows it
 * without a query of its own), counted up to UNREAD_COUNT_CAP on the partial unread index.
 */
export function unreadCountColumn(userId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${notifications} where ${notifications.ownerId} = ${userId} and ${notifications.readAt} is null limit ${sql.raw(String(UNREAD_COUNT_CAP))}) as unread)`.mapWith(Number)
}

export type NotificationItem = {
  id: string
  kind: NotificationKind
  summary: string
  detail: string
  href: string
  createdAt: Date
  /** Unread until this page showed it: the page marks it. */
  unread: boolean
}
export type NotificationPage = { items: NotificationItem[]; hasOlder: boolean; markedRead: number }

/**
 * One page of the broker's notifications, newest first, and every unread one of them marked
 * read in the same transaction: seen is read. Items keep `unread: true` for this showing.
 */
export async function showNotifications(ownerId: string, page = 1, now = new Date()): Promise<NotificationPage> {
  const offset = (Math.max(1, Math.trunc(page)) - 1) * NOTIFICATIONS_PAGE_SIZE
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .select({
        id: notifications.id,
        kind: notifications.kind,
        summary: notifications.summary,
        detail: notifications.detail,
        href: notifications.href,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.ownerId, ownerId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE + 1)
      .offset(offset)
    const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE)
    const unreadIds = shown.filter((row) => row.readAt === null).map((row) => row.id)
    if (unreadIds.length) {
      await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.ownerId, ownerId), inArray(notifications.id, unreadIds), isNull(notifications.readAt)))
    }
    return {
      items: shown.map(({ readAt, ...row }) => ({ ...row, unread: readAt === null })),
      hasOlder: rows.length > NOTIFICATIONS_PAGE_SIZE,
      markedRead: unreadIds.length,
    }
  })
}

/** Marks every notification of the broker read ("Mark all as read"); returns how many were unread. */
export async function markAllNotificationsRead(ownerId: string, now = new Date()): Promise<number> {
  const marked = await getDb()
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.ownerId, ownerId), isNull(notifications.readAt)))
    .returning({ id: notifications.id })
  return marked.length
}

/** Read notifications are kept this long, unread ones a year: the page is news, not an archive. */
export const READ_NOTIFICATION_DAYS = 90
export const UNREAD_NOTIFICATION_DAYS = 365
const PRUNE_BATCH = 5000

/**
 * The housekeeping job's share: deletes notifications past their time, in batches of
 * PRUNE_BATCH rows so a large backlog never holds one long statement. Returns how many went.
 */
export async function pruneOldNotifications(now = new Date()): Promise<number> {
  const readBefore = new Date(now.getTime() - READ_NOTIFICATION_DAYS * 86_400_000)
  const unreadBefore = new Date(now.getTime() - UNREAD_NOTIFICATION_DAYS * 86_400_000)
  let total = 0
  for (;;) {
    const gone = await queryRows<{ id: string }>(sql`
      delete from ${notifications} where ${notifications.id} in (
        select ${notifications.id} from ${notifications}
        where (${notifications.readAt} is not null and ${notifications.createdAt} < ${readBefore.toISOString()}::timestamptz)
           or ${notifications.createdAt} < ${unreadBefore.toISOString()}::timestamptz
        limit ${PRUNE_BATCH})
      returning ${notifications.id}`)
    total += gone.length
    if (gone.length < PRUNE_BATCH) return total
  }
}
