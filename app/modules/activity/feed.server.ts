import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { activities } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import type { ActivityKind } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'

export const DEFAULT_FEED_LIMIT = 20
export const MAX_FEED_LIMIT = 100
/** How much of a client's comment the feed quotes; the whole text is on the client's page. */
export const QUOTE_MAX_CHARS = 140
/** The query parameter that carries the cursor of the next (older) page. */
export const FEED_CURSOR_PARAM = 'before'

export type ActivityFilters = {
  propertyId?: string
  clientId?: string
  dealId?: string
  /** An opaque cursor from a previous page's `nextCursor`. */
  before?: string | null
  limit?: number
}

/** An entry with the ids it is filed under; whether those still exist is for their owners to say. */
export type ActivityEntry = {
  id: string
  kind: ActivityKind
  summary: string
  createdAt: Date
  dealId: string | null
  clientId: string | null
  propertyId: string | null
  /** The words of a client's comment (shortened) and who signed them; null for other entries. */
  quote: { author: string; text: string } | null
}
export type ActivityPage = { items: ActivityEntry[]; nextCursor: string | null }

type Cursor = { time: string; id: string }

// Postgres keeps microseconds and a JS Date only milliseconds: the cursor carries the
// database's own text so rows created within the same millisecond are neither skipped nor repeated.
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

function encodeCursor(cursor: Cursor) {
  return Buffer.from(`${cursor.time}|${cursor.id}`).toString('base64url')
}

/** Rejects "2025-02-30T…" and the like, which Postgres would refuse with an error. */
function isRealInstant(time: string) {
  const parsed = new Date(time)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === time.slice(0, 19)
}

export const BAD_FEED_CURSOR_MESSAGE = 'This page of activity does not exist. Go back to the newest entries.'

/** The cursor, null when absent, 'invalid' when tampered or truncated (never a query error). */
function parseFeedCursor(value: string | null | undefined): Cursor | null | 'invalid' {
  if (!value) return null
  const [time, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|')
  if (rest.length || !time || !CURSOR_TIME.test(time) || !isUuid(id) || !isRealInstant(time)) return 'invalid'
  return { time, id }
}

export type ActivityResult = { ok: true; page: ActivityPage } | { ok: false; message: string }

/**
 * The broker's activity, newest first, optionally about one property, client or deal, one page
 * per call with keyset pagination on (created_at, id): one query, steady cost on any page.
 * Null for a malformed property, client or deal id; `ok: false` for a tampered cursor.
 */
export async function readActivity(scope: Scope, filters: ActivityFilters = {}): Promise<ActivityResult | null> {
  const limit = Math.min(Math.max(Math.trunc(filters.limit ?? DEFAULT_FEED_LIMIT), 1), MAX_FEED_LIMIT)
  const cursor = parseFeedCursor(filters.before)
  const conditions: SQL[] = [eq(activities.ownerId, scope.memberId)]
  for (const [id, column] of [
    [filters.propertyId, activities.propertyId],
    [filters.clientId, activities.clientId],
    [filters.dealId, activities.dealId],
  ] as const) {
    if (id === undefined) continue
    if (!isUuid(id)) return null
    conditions.push(eq(column, id))
  }
  if (cursor === 'invalid') return { ok: false, message: BAD_FEED_CURSOR_MESSAGE }
  if (cursor) {
    conditions.push(sql`(${activities.createdAt}, ${activities.id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`)
  }
  const rows = await getDb()
    .select({
      id: activities.id,
      kind: activities.kind,
      summary: activities.summary,
      createdAt: activities.createdAt,
      dealId: activities.dealId,
      clientId: activities.clientId,
      propertyId: activities.propertyId,
      comment: sql<string | null>`${activities.data}->>'comment'`,
      authorName: sql<string | null>`coalesce(nullif(${activities.data}->>'authorName', ''), ${activities.data}->>'clientName')`,
      cursorTime: sql<string>`to_char(${activities.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(activities)
    .where(and(...conditions))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    // One extra row tells whether an older page exists.
    .limit(limit + 1)

  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const items = page.map(({ cursorTime: _cursorTime, comment, authorName, ...entry }) => ({
    ...entry,
    quote: (entry.kind === 'client_feedback' || entry.kind === 'viewing_feedback') && comment ? { author: authorName?.trim() || 'Your client', text: shorten(comment, QUOTE_MAX_CHARS) } : null,
  }))
  const nextCursor = rows.length > limit && last ? encodeCursor({ time: last.cursorTime, id: last.id }) : null
  return { ok: true, page: { items, nextCursor } }
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis when cut. */
export function shorten(text: string, max: number) {
  const flat = text.replace(/\s+/g, ' ').trim()
  const chars = [...flat]
  if (chars.length <= max) return flat
  const cut = chars.slice(0, max - 1).join('')
  const lastSpace = cut.lastIndexOf(' ')
  // A 1,000-character word has no boundary: cut it mid-word rather than show nothing.
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}
