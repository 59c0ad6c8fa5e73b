import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { getDb, queryRows, type Transaction } from '#db/client.server.ts'
import { shares, shareViews } from '#db/schema.ts'
import { appCookie, fastSignedCookieHeader } from '#app/lib/cookies.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { recordActivities, type ActivityRow } from '#app/modules/activity/activity.server.ts'
import { findSessionUserIds } from '#app/modules/session/sessions.server.ts'
import type { LiveShare } from './shares.server.ts'
import type { ShareKind } from '#db/reference.ts'
import { logger } from '#app/lib/logger.server.ts'

export const VISITOR_COOKIE_NAME = 'bv_visitor'
export const VISITOR_COOKIE_MAX_AGE_SECONDS = (365 * DAY_MS) / 1000
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/
const visitorCookie = () => appCookie(VISITOR_COOKIE_NAME, VISITOR_COOKIE_MAX_AGE_SECONDS)

/*
 * Share views (docs/decisions/027-share-links-as-people-open-them.md). A view is counted at most
 * once per visitor, share and day (UTC). The visitor is a random id in a signed cookie; the table
 * keeps only sha256(share id + visitor id), so rows of different shares cannot be linked to one
 * person. Link-preview bots and the owner are not counted.
 *
 * Counting never blocks an answer and never queues on a row lock: a view is noted in memory, and
 * once a second (or at 2,000 waiting) one transaction writes them all: the view rows, each
 * share's counter once with the batch's sum, and the activity lines. A burst of 10,000 first
 * visitors on one link is then a handful of statements, not 30,000 writes behind one lock.
 */

/** Who is looking: a visitor's Cookie header, or a signed-in broker's session token. */
export type ShareVisit = {
  method: string
  cookieHeader: string | null
  userAgent: string | null
  /** What was viewed, for the activity line ("Sea view flat", "the shortlist of Ana Lima"). */
  subject: string
  /**
   * A signed-in viewer, known (the router resolved the session) or to be resolved when the batch
   * is written (a page answered from memory does no query). The owner is never counted.
   */
  viewer: { brokerId: string } | { sessionToken: string } | null
}

type ViewedShare = Pick<LiveShare, 'id' | 'ownerId' | 'propertyId' | 'clientId'>
type PendingView = { share: ViewedShare; day: string; subject: string; key: string } & (
  | { visitorHash: string }
  | { sessionToken: string }
)

export const VIEW_FLUSH_INTERVAL_MS = 1_000
const VIEW_FLUSH_AT = 2_000
const VIEW_ROWS_PER_STATEMENT = 2_000

/**
 * Views noted by this process today, as `day:visitorHash`: a returning visitor costs nothing.
 * Bounded; cleared when the UTC day changes or it fills up (the database's unique key still
 * counts each view once, whichever server sees it).
 */
const countedToday = new Set<string>()
let countedDay = ''
const COUNTED_MAX = 100_000
let pending: PendingView[] = []
let flushTimer: NodeJS.Timeout | null = null
let flushing: Promise<void> | null = null

// A returning visitor's signed cookie, verified once per process instead of an HMAC per hit.
const verifiedVisitors = new Map<string, string | null>()
const VERIFIED_MAX = 50_000

const visitorHashOf = (shareId: string, who: string) => createHash('sha256').update(`${shareId}:${who}`).digest('hex')
const today = () => new Date().toISOString().slice(0, 10)

function visitorCookieValue(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=')
    if (pair.slice(0, at).trim() === VISITOR_COOKIE_NAME) return pair.slice(at + 1).trim()
  }
  return null
}

async function knownVisitorId(cookieHeader: string | null): Promise<string | null> {
  const raw = visitorCookieValue(cookieHeader)
  if (!raw) return null
  const verified = verifiedVisitors.get(raw)
  if (verified !== undefined) return verified
  const parsed = await visitorCookie().parse(`${VISITOR_COOKIE_NAME}=${raw}`)
  const visitorId = typeof parsed === 'string' && VISITOR_ID_PATTERN.test(parsed) ? parsed : null
  if (verifiedVisitors.size >= VERIFIED_MAX) verifiedVisitors.clear()
  verifiedVisitors.set(raw, visitorId)
  return visitorId
}

function alreadyNoted(key: string) {
  const day = key.slice(0, 10)
  if (day !== countedDay || countedToday.size >= COUNTED_MAX) {
    countedToday.clear()
    countedDay = day
  }
  if (countedToday.has(key)) return true
  countedToday.add(key)
  return false
}

/**
 * The one place a share view is counted. Notes the view for the next batch and answers the
 * Set-Cookie header to send when the visitor is new (never for a signed-in broker).
 */
export async function countShareView(share: LiveShare, visit: ShareVisit): Promise<{ setCookie: string | null }> {
  if (visit.method !== 'GET' || isbot(visit.userAgent)) return { setCookie: null }
  const viewer = visit.viewer
  const day = today()
  if (viewer && 'brokerId' in viewer) {
    if (viewer.brokerId === share.ownerId) return { setCookie: null }
    note(share, day, visit.subject, { visitor: `broker:${viewer.brokerId}` })
    return { setCookie: null }
  }
  if (viewer) {
    note(share, day, visit.subject, { sessionToken: viewer.sessionToken })
    return { setCookie: null }
  }
  const known = await knownVisitorId(visit.cookieHeader)
  const visitorId = known ?? randomBytes(16).toString('base64url')
  const setCookie = known ? null : await fastSignedCookieHeader(VISITOR_COOKIE_NAME, VISITOR_COOKIE_MAX_AGE_SECONDS, visitorId)
  note(share, day, visit.subject, { visitor: visitorId })
  return { setCookie }
}

/**
 * Notes a view unless this process noted it today. The key is the plain ids (cheap for the
 * returning visitor, answered from memory); the hash the table keeps is made only for a new view.
 */
function note(live: LiveShare, day: string, subject: string, identity: { visitor: string } | { sessionToken: string }) {
  const who = 'visitor' in identity ? `visitor:${identity.visitor}` : `session:${identity.sessionToken}`
  const key = `${day}:${live.id}:${who}`
  if (alreadyNoted(key)) return
  const share: ViewedShare = { id: live.id, ownerId: live.ownerId, propertyId: live.propertyId, clientId: live.clientId }
  const viewer = 'visitor' in identity ? { visitorHash: visitorHashOf(live.id, identity.visitor) } : { sessionToken: identity.sessionToken }
  pending.push({ share, day, subject, key, ...viewer })
  if (pending.length >= VIEW_FLUSH_AT) void flushShareViews()
  else flushTimer ??= setTimeout(() => void flushShareViews(), VIEW_FLUSH_INTERVAL_MS)
}

/** Writes every view noted so far; one batch at a time. Resolves when they are written (or given up). */
export async function flushShareViews(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer)
  flushTimer = null
  if (flushing) await flushing
  if (pending.length === 0) return
  const batch = pending
  pending = []
  flushing = writeViews(batch)
    .catch((error: unknown) => {
      // Not remembered, so each visitor's next view tries again.
      for (const view of batch) countedToday.delete(view.key)
      logger.error({ err: error, views: batch.length }, 'Counting share views failed')
    })
    .finally(() => {
      flushing = null
    })
  await flushing
}

type ResolvedView = PendingView & { visitorHash: string }

/** Signed-in viewers behind session tokens: their broker id, and the owner's own look dropped. */
async function resolveSessions(batch: PendingView[]): Promise<ResolvedView[]> {
  const tokens = [...new Set(batch.flatMap((view) => ('sessionToken' in view ? [view.sessionToken] : [])))]
  const users = tokens.length ? await findSessionUserIds(tokens) : new Map<string, string>()
  const seen = new Set<string>()
  return batch.flatMap((view): ResolvedView[] => {
    if ('visitorHash' in view) return [view]
    const brokerId = users.get(view.sessionToken)
    // A stale session, or the owner previewing their own link: not a view.
    if (!brokerId || brokerId === view.share.ownerId) return []
    const visitorHash = visitorHashOf(view.share.id, `broker:${brokerId}`)
    const key = `${view.day}:${visitorHash}`
    if (seen.has(key)) return []
    seen.add(key)
    return [{ ...view, visitorHash }]
  })
}

async function writeViews(batch: PendingView[]) {
  const views = await resolveSessions(batch)
  for (let start = 0; start < views.length; start += VIEW_ROWS_PER_STATEMENT) {
    const chunk = views.slice(start, start + VIEW_ROWS_PER_STATEMENT)
    await getDb().transaction((tx) => writeViewChunk(tx, chunk))
  }
}

async function writeViewChunk(tx: Transaction, views: ResolvedView[]) {
  const rows = sql.join(
    views.map((view) => sql`(${view.share.id}, ${view.visitorHash}, ${view.day}::date)`),
    sql`, `,
  )
  // A link deleted meanwhile has no row to count on: the join leaves its views out.
  const inserted = await queryRows<{ share_id: string; visitor_hash: string }>(
    sql`
      insert into share_views (share_id, visitor_hash, day)
      select v.share_id, v.visitor_hash, v.day from (values ${rows}) as v(share_id, visitor_hash, day)
      join shares s on s.id = v.share_id
      on conflict do nothing
      returning share_id, visitor_hash`,
    tx,
  )
  if (inserted.length === 0) return
  const counted = new Set(inserted.map((row) => `${row.share_id}:${row.visitor_hash}`))
  const newViews = views.filter((view) => counted.has(`${view.share.id}:${view.visitorHash}`))
  const perShare = new Map<string, number>()
  for (const view of newViews) perShare.set(view.share.id, (perShare.get(view.share.id) ?? 0) + 1)
  // Who holds each link now: a view noted before its member was removed from the agency is told
  // to the successor, in the link's agency (the removed member's lines have no agency to go to).
  const holders = new Map<string, { ownerId: string; agencyId: string }>()
  // Shares in a fixed order, so two servers' batches never wait on each other's locks in a cycle.
  for (const [shareId, count] of [...perShare].sort(([a], [b]) => a.localeCompare(b))) {
    const [holder] = await tx
      .update(shares)
      .set({ viewCount: sql`${shares.viewCount} + ${count}`, lastViewedAt: sql`now()` })
      .where(eq(shares.id, shareId))
      .returning({ ownerId: shares.ownerId, agencyId: shares.agencyId })
    if (holder) holders.set(shareId, holder)
  }
  const activity: ActivityRow[] = newViews.map((view) => ({
    ...(holders.get(view.share.id) ?? { ownerId: view.share.ownerId }),
    kind: 'share_viewed',
    propertyId: view.share.propertyId,
    clientId: view.share.clientId,
    shareId: view.share.id,
    summary: `Share link of ${view.subject} opened`,
  }))
  await recordActivities(tx, activity)
}

/** Resolves once every view noted so far is written (shutdown, tests). */
export async function settleShareViews() {
  while (pending.length || flushing) await flushShareViews()
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
