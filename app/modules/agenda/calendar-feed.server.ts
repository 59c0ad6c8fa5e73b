import { randomBytes } from 'node:crypto'
import { and, eq, gte, isNotNull, isNull, or } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { calendarFeeds, tasks, viewings } from '#db/schema.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { feedIcs, taskUid, viewingUid, type FeedEvent } from './ics.ts'
import { withNames } from './viewings.server.ts'
import { taskSubjectIsLive, viewingIsLive } from './live.server.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

/** 16 random bytes: 22 base64url characters in the address, like the portal feed. */
const TOKEN_BYTES = 16
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/
/** The feed carries the last 90 days and everything ahead; a task due event lasts 15 minutes. */
const FEED_PAST_DAYS = 90
const TASK_EVENT_MS = 15 * 60_000

export const calendarFeedPath = (token: string) => `/calendar/${token}/agenda.ics`

export async function getCalendarFeedToken(scope: Scope): Promise<string | null> {
  const [row] = await getDb().select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.ownerId, scope.memberId))
  return row?.token ?? null
}

/** A new address for the broker's calendar feed; the previous one stops working at once. */
export async function regenerateCalendarFeed(scope: Scope): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  await getDb()
    .insert(calendarFeeds)
    .values({ ownerId: scope.memberId, token })
    .onConflictDoUpdate({ target: calendarFeeds.ownerId, set: { token, createdAt: new Date() } })
  return token
}

export async function revokeCalendarFeed(scope: Scope): Promise<void> {
  await getDb().delete(calendarFeeds).where(eq(calendarFeeds.ownerId, scope.memberId))
}

/** The broker whose feed this token opens, or null (malformed, unknown or revoked). */
export async function findCalendarFeedOwner(token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb().select({ ownerId: calendarFeeds.ownerId }).from(calendarFeeds).where(eq(calendarFeeds.token, token))
  return row?.ownerId ?? null
}

/**
 * The owner's viewings and open tasks' due times as an iCalendar feed: only this broker's rows.
 * Cancelled viewings stay as STATUS:CANCELLED so subscribed calendars drop them.
 */
export async function calendarFeedIcs(ownerId: string, now = new Date()): Promise<string> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)
  const db = getDb()
  const [viewingRows, taskRows] = await Promise.all([
    db
      .select({ id: viewings.id, propertyId: viewings.propertyId, clientId: viewings.clientId, startsAt: viewings.startsAt, durationMinutes: viewings.durationMinutes, place: viewings.place, status: viewings.status, sequence: viewings.sequence, notes: viewings.notes })
      .from(viewings)
      .where(and(eq(viewings.ownerId, ownerId), gte(viewings.startsAt, since), viewingIsLive)),
    db
      .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, doneAt: tasks.doneAt })
      .from(tasks)
      .where(and(eq(tasks.ownerId, ownerId), or(isNull(tasks.doneAt), and(isNotNull(tasks.doneAt), gte(tasks.dueAt, since))), taskSubjectIsLive)),
  ])
  // The feed is opened by its secret address (no session): the rows are the owner's across
  // agencies, as above; their names are read as the owner reads them (scopeOfMember).
  const owner = await scopeOfMember(ownerId)
  const named = owner ? await withNames(owner, viewingRows) : []
  const events: FeedEvent[] = [
    ...named.map((v) => ({
      uid: viewingUid(v.id),
      sequence: v.sequence,
      start: v.startsAt,
      end: new Date(v.startsAt.getTime() + v.durationMinutes * 60_000),
      summary: `Viewing: ${v.propertyTitle} with ${v.clientName}${v.status === 'done' ? ' (done)' : v.status === 'no_show' ? ' (no-show)' : ''}`,
      location: v.place,
      description: v.notes || undefined,
      cancelled: v.status === 'canceled',
    })),
    ...taskRows.map((t) => ({
      uid: taskUid(t.id),
      sequence: 0,
      start: t.dueAt,
      end: new Date(t.dueAt.getTime() + TASK_EVENT_MS),
      summary: `${t.doneAt ? 'Done: ' : 'Task: '}${t.title}`,
    })),
  ]
  return feedIcs('BrokerVault agenda', events)
}
