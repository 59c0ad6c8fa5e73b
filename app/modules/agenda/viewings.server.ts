import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { viewings } from '#db/schema.ts'
import type { ViewingStatus } from '#db/reference.ts'
import { isUuid } from '#app/lib/ids.ts'
import { instantFromWallClock } from '#app/lib/zoned-time.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient, getClientNames } from '#app/modules/clients/access.server.ts'
import { setClientStageIn, type StageChange } from '#app/modules/clients/mutations.server.ts'
import { findOwnedProperty, getPropertyAddressLine, getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { describeLocal } from './format.ts'
import type { ClockStyle } from '#app/lib/when.ts'
import { viewingIsLive } from './live.server.ts'
import { mailViewingChange } from './viewing-mail.server.ts'
import { STAGES_BEFORE_VIEWING, type ViewingForm } from './schemas.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type FieldErrors = Record<string, string[]>
/** ok with whether the client was mailed (no e-mail address: nothing to send); field errors; null: not found. */
export type ViewingResult = { ok: true; id: string; mailed: boolean } | { ok: false; fieldErrors: FieldErrors } | null

/** 16 random bytes, like share links: the feedback page's address is the only key to it. */
const FEEDBACK_TOKEN_BYTES = 16
export const FEEDBACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/

const WHEN_ERROR: FieldErrors = { date: ['Enter a real date.'] }

/** `mailClient: false`: the client is not told (the demo agency's clients are made up). */
export type ViewingMailOption = { mailClient?: boolean }

/**
 * Schedules a viewing of the broker's property with the broker's client at a wall-clock time
 * in the broker's zone; the place defaults to the property's address. The client is invited
 * by e-mail (.ics, METHOD:REQUEST) after the commit. Null when the property or client is not
 * the broker's.
 */
export async function createViewing(scope: Scope, input: ViewingForm, timeZone: string, { mailClient = true }: ViewingMailOption = {}): Promise<ViewingResult> {
  const startsAt = instantFromWallClock(input.date, input.time, timeZone)
  if (!startsAt) return { ok: false, fieldErrors: WHEN_ERROR }
  const place = input.place || (await getPropertyAddressLine(scope, input.propertyId))
  if (place === null) return null
  const id = await getDb().transaction(async (tx) => {
    const property = await findOwnedProperty(scope, input.propertyId, tx)
    const client = await findOwnedClient(scope, input.clientId, tx)
    if (!property || !client) return null
    const [row] = await tx
      .insert(viewings)
      .values({ ownerId: scope.memberId, propertyId: property.id, clientId: client.id, startsAt, durationMinutes: input.durationMinutes, place, notes: input.notes ?? '' })
      .returning({ id: viewings.id })
    await recordActivity(tx, scope.memberId, {
      kind: 'viewing_scheduled',
      propertyId: property.id,
      clientId: client.id,
      summary: `Viewing of ${property.title} with ${client.fullName} scheduled`,
    })
    return row!.id
  })
  if (!id) return null
  return { ok: true, id, mailed: mailClient && (await mailViewingChange(scope, id, 'request')) }
}

export type ViewingChange = Omit<ViewingForm, 'propertyId' | 'clientId'>

/**
 * Moves or edits a scheduled viewing: SEQUENCE goes up and the client gets the updated
 * invitation (same UID). Only scheduled viewings change; null when it is not the broker's.
 */
export async function updateViewing(scope: Scope, viewingId: unknown, input: ViewingChange, timeZone: string): Promise<ViewingResult> {
  if (!isUuid(viewingId)) return null
  const startsAt = instantFromWallClock(input.date, input.time, timeZone)
  if (!startsAt) return { ok: false, fieldErrors: WHEN_ERROR }
  const current = await getViewing(scope, viewingId)
  if (!current) return null
  if (current.status !== 'scheduled') return { ok: false, fieldErrors: { date: ['Only a scheduled viewing can be changed.'] } }
  const place = input.place || current.place
  const [row] = await getDb()
    .update(viewings)
    .set({ startsAt, durationMinutes: input.durationMinutes, place, notes: input.notes ?? '', sequence: sql`${viewings.sequence} + 1`, updatedAt: new Date() })
    .where(and(eq(viewings.id, viewingId), visibleTo(viewings, scope), eq(viewings.status, 'scheduled')))
    .returning({ id: viewings.id })
  if (!row) return { ok: false, fieldErrors: { date: ['Only a scheduled viewing can be changed.'] } }
  return { ok: true, id: row.id, mailed: await mailViewingChange(scope, row.id, 'request') }
}

/** Statuses that say the viewing took place (or the client did not come): not before it starts. */
const AFTER_START: readonly ViewingStatus[] = ['done', 'no_show']

const notStartedYet = (startsAt: Date, timeZone: string, clock?: ClockStyle): FieldErrors => ({
  status: [`This viewing starts ${describeLocal(startsAt, timeZone, clock)}: it can be marked Done or No-show once it has started.`],
})

/**
 * Sets a viewing's status. Canceled: the client's calendar drops the event (METHOD:CANCEL);
 * back to scheduled: invited again; done: the client gets the feedback link (made once).
 * Done and no-show are refused before the start (else the client is thanked "for visiting"
 * a day early); the update itself checks it too, so a start moved meanwhile counts.
 * SEQUENCE goes up on every change. `timeZone` and `clock` are the broker's, for the refusal's wording.
 * Done with `clientToViewing` (the offered follow-on, issue 25 item 8) also moves a client who
 * is still New or Contacted to Viewing, in the same transaction; it can be made on a viewing
 * already done too.
 */
export async function setViewingStatus(
  scope: Scope,
  viewingId: unknown,
  status: ViewingStatus,
  timeZone: string,
  { clientToViewing = false, clock, mailClient = true }: { clientToViewing?: boolean; clock?: ClockStyle } & ViewingMailOption = {},
): Promise<ViewingStatusResult> {
  if (!isUuid(viewingId)) return null
  const current = await getViewing(scope, viewingId)
  if (!current) return null
  const followOn = (tx: Transaction) =>
    status === 'done' && clientToViewing ? setClientStageIn(tx, scope, current.clientId, 'viewing', STAGES_BEFORE_VIEWING) : Promise.resolve(null)
  if (current.status === status) {
    const client = await getDb().transaction(followOn)
    return { ok: true, id: current.id, mailed: false, client }
  }
  const now = new Date()
  const needsStart = AFTER_START.includes(status)
  if (needsStart && current.startsAt > now) return { ok: false, fieldErrors: notStartedYet(current.startsAt, timeZone, clock) }
  const feedbackToken = status === 'done' && !current.feedbackToken ? randomBytes(FEEDBACK_TOKEN_BYTES).toString('base64url') : undefined
  const written = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(viewings)
      .set({ status, sequence: sql`${viewings.sequence} + 1`, updatedAt: now, ...(feedbackToken ? { feedbackToken } : {}) })
      .where(and(eq(viewings.id, current.id), visibleTo(viewings, scope), needsStart ? lte(viewings.startsAt, now) : undefined))
      .returning({ id: viewings.id })
    return row ? { client: await followOn(tx) } : null
  })
  if (!written) {
    const moved = await getViewing(scope, current.id)
    return moved ? { ok: false, fieldErrors: notStartedYet(moved.startsAt, timeZone, clock) } : null
  }
  const mail = !mailClient ? null : status === 'canceled' ? 'cancel' : status === 'scheduled' ? 'request' : status === 'done' ? 'feedback' : null
  return { ok: true, id: current.id, mailed: mail ? await mailViewingChange(scope, current.id, mail) : false, client: written.client }
}

/** A status change's outcome: a viewing result, with the client's stage change when one was made. */
export type ViewingStatusResult = ({ ok: true; id: string; mailed: boolean; client: StageChange | null }) | { ok: false; fieldErrors: FieldErrors } | null

/** One of the broker's viewings, or null for a foreign, malformed or unknown id, or one whose property or client is in the trash. */
export async function getViewing(scope: Scope, viewingId: unknown) {
  if (!isUuid(viewingId)) return null
  const [row] = await getDb()
    .select()
    .from(viewings)
    .where(and(eq(viewings.id, viewingId), visibleTo(viewings, scope), viewingIsLive))
    .limit(1)
  return row ?? null
}

export type ViewingSummary = {
  id: string
  propertyId: string
  propertyTitle: string
  clientId: string
  clientName: string
  startsAt: Date
  durationMinutes: number
  place: string
  status: ViewingStatus
  rating: number | null
  feedbackComment: string | null
  feedbackAt: Date | null
}

/** The broker's viewings of one property or with one client (newest first), with names: three queries. */
export async function listViewings(scope: Scope, about: { propertyId: string } | { clientId: string }, order: 'newest' | 'oldest' = 'newest'): Promise<ViewingSummary[]> {
  const where = 'propertyId' in about ? eq(viewings.propertyId, about.propertyId) : eq(viewings.clientId, about.clientId)
  const rows = await getDb()
    .select({
      id: viewings.id,
      propertyId: viewings.propertyId,
      clientId: viewings.clientId,
      startsAt: viewings.startsAt,
      durationMinutes: viewings.durationMinutes,
      place: viewings.place,
      status: viewings.status,
      rating: viewings.rating,
      feedbackComment: viewings.feedbackComment,
      feedbackAt: viewings.feedbackAt,
    })
    .from(viewings)
    .where(and(visibleTo(viewings, scope), where, viewingIsLive))
    .orderBy(order === 'newest' ? desc(viewings.startsAt) : asc(viewings.startsAt))
    .limit(200)
  return withNames(scope, rows)
}

export async function withNames<T extends { propertyId: string; clientId: string }>(scope: Scope, rows: T[]) {
  const [titles, names] = await Promise.all([
    getPropertyTitles(scope, rows.map((r) => r.propertyId)),
    getClientNames(scope, rows.map((r) => r.clientId)),
  ])
  return rows.map((row) => ({ ...row, propertyTitle: titles.get(row.propertyId) ?? 'A property', clientName: names.get(row.clientId) ?? 'A client' }))
}
