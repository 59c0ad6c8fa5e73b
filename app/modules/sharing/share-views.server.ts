import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { getDb } from '#db/client.server.ts'
import { shares, shareViews } from '#db/schema.ts'
import { appCookie } from '#app/lib/cookies.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import type { LiveShare } from './shares.server.ts'
import type { ShareKind } from '#db/reference.ts'
import { logger } from '#app/lib/logger.server.ts'

export const VISITOR_COOKIE_NAME = 'bv_visitor'
export const VISITOR_COOKIE_MAX_AGE_SECONDS = (365 * DAY_MS) / 1000
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/
const visitorCookie = () => appCookie(VISITOR_COOKIE_NAME, VISITOR_COOKIE_MAX_AGE_SECONDS)

type ViewContext = {
  request: Request
  /** The signed-in broker, if any: the owner checking their own link is not a view. */
  viewerBrokerId: string | null
  /** What was viewed, for the activity log ("Sea view flat", "the shortlist of Ana Lima"). */
  subject: string
}

/**
 * Views already written by this process today, as `day:shareId:visitorHash`: a returning visitor
 * costs no query. Bounded; cleared when the UTC day changes or it fills up (the database's
 * unique key still counts each view once, whichever server sees it).
 */
const countedToday = new Set<string>()
let countedDay = ''
const COUNTED_MAX = 100_000
/** View writes still running: a shutdown waits for them, and tests read after them. */
const pendingWrites = new Set<Promise<void>>()

/**
 * Counts a view at most once per visitor, share and day (UTC). The visitor is a random id in a
 * signed cookie; the table keeps only sha256(share id + visitor id), so rows of different
 * shares cannot be linked to one person. Link-preview bots (chat apps unfurling the URL) and
 * the owner are not counted. Returns the Set-Cookie header to send when the visitor is new.
 *
 * The page never waits for the count: the write runs after the answer is on its way (a share
 * page is what a client's phone waits for), and a failed write is logged, not shown.
 */
export async function countShareView(share: LiveShare, { request, viewerBrokerId, subject }: ViewContext) {
  if (request.method !== 'GET' || viewerBrokerId === share.ownerId || isbot(request.headers.get('User-Agent'))) {
    return { setCookie: null }
  }
  const known = await visitorCookie().parse(request.headers.get('Cookie'))
  const visitorId = typeof known === 'string' && VISITOR_ID_PATTERN.test(known) ? known : randomBytes(16).toString('base64url')
  const setCookie = visitorId === known ? null : await visitorCookie().serialize(visitorId)

  const visitorHash = createHash('sha256').update(`${share.id}:${visitorId}`).digest('hex')
  const day = new Date().toISOString().slice(0, 10)
  if (day !== countedDay || countedToday.size >= COUNTED_MAX) {
    countedToday.clear()
    countedDay = day
  }
  const key = `${day}:${visitorHash}`
  if (countedToday.has(key)) return { setCookie }
  countedToday.add(key)
  const write = recordView(share, visitorHash, day, subject).catch((error: unknown) => {
    // Not remembered, so the visitor's next view tries again.
    countedToday.delete(key)
    logger.error({ err: error, shareId: share.id }, 'Counting a share view failed')
  })
  pendingWrites.add(write)
  void write.finally(() => pendingWrites.delete(write))
  return { setCookie }
}

async function recordView(share: LiveShare, visitorHash: string, day: string, subject: string) {
  await getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(shareViews)
      .values({ shareId: share.id, visitorHash, day })
      .onConflictDoNothing()
      .returning({ shareId: shareViews.shareId })
    if (inserted.length === 0) return
    await tx
      .update(shares)
      .set({ viewCount: sql`${shares.viewCount} + 1`, lastViewedAt: sql`now()` })
      .where(eq(shares.id, share.id))
    await recordActivity(tx, share.ownerId, {
      kind: 'share_viewed',
      propertyId: share.propertyId,
      clientId: share.clientId,
      shareId: share.id,
      summary: `Share link of ${subject} opened`,
    })
  })
}

/** Resolves once every view write started so far has finished (shutdown, tests). */
export async function settleShareViews() {
  while (pendingWrites.size) await Promise.all(pendingWrites)
}

export type ShareViewCount = { shareId: string; kind: ShareKind; propertyId: string | null; clientId: string | null; views: number }

/**
 * Views per link of this broker counted on the UTC days from `sinceDay` (YYYY-MM-DD) on, most
 * viewed first: views are kept per day (one per visitor and day), so "the last day" is the UTC
 * days it touches.
 */
export async function countViewsSince(ownerId: string, sinceDay: string): Promise<ShareViewCount[]> {
  const views = sql<number>`count(*)::int`
  return getDb()
    .select({ shareId: shares.id, kind: shares.kind, propertyId: shares.propertyId, clientId: shares.clientId, views })
    .from(shareViews)
    .innerJoin(shares, eq(shares.id, shareViews.shareId))
    .where(and(eq(shares.ownerId, ownerId), gte(shareViews.day, sinceDay)))
    .groupBy(shares.id)
    .orderBy(desc(views), shares.id)
}
