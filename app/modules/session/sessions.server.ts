import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import type { SubscriptionSnapshot } from '#app/modules/billing/plans.ts'
import { userSessions } from '#db/schema.ts'
import { userJoin } from '#app/modules/auth/accounts.server.ts'
import { subscriptionJoin } from '#app/modules/billing/subscription.server.ts'
import { profileJoin } from '#app/modules/profile/profile.server.ts'
import { ensureOwnAgency, membershipLateral, sessionScope } from '#app/modules/agencies/membership.server.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { currentZoneName } from '#app/modules/profile/time-zones.ts'
import type { AreaUnit, FormatStyle } from '#db/reference.ts'
import { retry } from '#app/lib/retry.ts'
import { unreadCountColumn } from '#app/modules/notifications/notifications.server.ts'
import { DAY_MS, MINUTE_MS } from '#app/lib/time.ts'
import { describeDevice } from './device-name.ts'

export const SESSION_TTL_MS = 30 * DAY_MS
/** The seed's "session validation minimum interval": updated_at is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * MINUTE_MS
export const SESSION_WRITE_RETRIES = 2
export const SESSION_WRITE_RETRY_DELAY_MS = 500

export type SessionUser = {
  id: string
  email: string
  fullName: string
  avatarId: string | null
  timeZone: string
  /** What new properties, budgets and deals start in; how dates and numbers read (migration 0023). */
  defaultCurrency: string
  areaUnit: AreaUnit
  formatStyle: FormatStyle
  phone: string | null
  agencyName: string | null
  licenceNumber: string | null
}
export type AuthState = {
  user: SessionUser
  /** The agency this session works in, the member and their role: every module call's scope. */
  scope: Scope
  agency: { id: string; name: string }
  /** The agency's plan: its owner's subscription. */
  subscription: SubscriptionSnapshot | null
  session: { id: string; expiresAt: Date }
  /** Unread notifications, counted up to UNREAD_COUNT_CAP by the session's own query (the header shows it). */
  unreadNotifications: number
}

/** The cookie holds a random token; the row holds only its SHA-256. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const isSessionToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)

/**
 * The broker behind each live session token, read only (no sliding, no touch): for counting a
 * share view after the page was answered from memory.
 */
export async function findSessionUserIds(tokens: string[]): Promise<Map<string, string>> {
  const byHash = new Map(tokens.filter(isSessionToken).map((token) => [hashToken(token), token]))
  if (byHash.size === 0) return new Map()
  const rows = await getDb()
    .select({ sessionId: userSessions.sessionId, userId: userSessions.userId })
    .from(userSessions)
    .where(and(inArray(userSessions.sessionId, [...byHash.keys()]), gt(userSessions.expiresAt, new Date())))
  return new Map(rows.flatMap((row) => {
    const token = byHash.get(row.sessionId)
    return token ? [[token, row.userId] as const] : []
  }))
}

/**
 * The session with its user, profile, subscription and unread notification count in one query,
 * or null when it is gone. `slid` says the expiry moved forward, so the cookie must be sent again.
 */
export async function findSession(token: string, now: Date): Promise<{ auth: AuthState; slid: boolean } | null> {
  const db = getDb()
  const membership = membershipLateral(userSessions.userId, userSessions.agencyId)
  const [row] = await db
    .select({
      sessionRowId: userSessions.id,
      expiresAt: userSessions.expiresAt,
      updatedAt: userSessions.updatedAt,
      ...userJoin.columns,
      ...profileJoin.columns,
      ...subscriptionJoin.columns,
      agencyId: membership.agencyId,
      role: membership.role,
      agencyLabel: membership.agencyName,
      agencyMembers: membership.members,
      unreadNotifications: unreadCountColumn(userSessions.userId),
    })
    .from(userSessions)
    .innerJoin(userJoin.table, userJoin.on(userSessions.userId))
    .leftJoin(profileJoin.table, profileJoin.on(userSessions.userId))
    .leftJoinLateral(membership, sql`true`)
    .leftJoin(subscriptionJoin.table, subscriptionJoin.on(membership.agencyOwnerId))
    .where(and(eq(userSessions.sessionId, hashToken(token)), gt(userSessions.expiresAt, now)))
    .limit(1)
  if (!row) return null
  if (!row.agencyId || !row.role) {
    // Removed from every agency they had: an agency of one again, then read as usual.
    await ensureOwnAgency(row.id)
    return findSession(token, now)
  }

  // Slide when less than half the lifetime remains; touch updated_at at most every 5 minutes.
  const slid = row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2
  const stale = now.getTime() - row.updatedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS
  let expiresAt = row.expiresAt
  if (slid || stale) {
    if (slid) expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
    await db.update(userSessions).set({ updatedAt: now, expiresAt }).where(eq(userSessions.id, row.sessionRowId))
  }
  const auth: AuthState = {
    user: {
      id: row.id,
      email: row.email,
      fullName: row.fullName ?? '',
      avatarId: row.avatarId,
      timeZone: currentZoneName(row.timeZone ?? 'UTC'),
      defaultCurrency: row.defaultCurrency ?? 'USD',
      areaUnit: row.areaUnit ?? 'sqm',
      formatStyle: row.formatStyle ?? 'day_month',
      phone: row.phone,
      agencyName: row.agencyName,
      licenceNumber: row.licenceNumber,
    },
    scope: sessionScope({ agencyId: row.agencyId, memberId: row.id, role: row.role, members: Number(row.agencyMembers) }),
    // An agency not yet named goes by the owner's profile agency name, as pages always showed.
    agency: { id: row.agencyId, name: row.agencyLabel || row.agencyName || '' },
    subscription: row.plan
      ? { plan: row.plan, trialEndDate: row.trialEndDate, status: row.status, pastDueSince: row.pastDueSince }
      : null,
    session: { id: row.sessionRowId, expiresAt },
    unreadNotifications: row.unreadNotifications,
  }
  return { auth, slid }
}

/** Which agency this device works in (the member switched); takes effect on the next request. */
export async function chooseSessionAgency(sessionRowId: string, agencyId: string) {
  await getDb().update(userSessions).set({ agencyId }).where(eq(userSessions.id, sessionRowId))
}

/** Creates a device's session row (write retried 2 times at 500 ms) and returns its token. */
export async function createSession(userId: string, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  const deviceInfo = { userAgent: (userAgent ?? 'Unknown device').slice(0, 400), timestamp: now.toISOString() }
  await retry(
    () =>
      getDb()
        .insert(userSessions)
        .values({
          userId,
          sessionId: hashToken(token),
          deviceInfo,
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        }),
    { retries: SESSION_WRITE_RETRIES, delayMs: SESSION_WRITE_RETRY_DELAY_MS },
  )
  return token
}

export async function deleteSession(userId: string, sessionId: string) {
  await getDb()
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
}

/** The user's live sessions, oldest first, each with a name a person recognises ("Chrome on Android"). */
export async function listDeviceSessions(userId: string) {
  const rows = await getDb()
    .select({
      id: userSessions.id,
      deviceInfo: userSessions.deviceInfo,
      createdAt: userSessions.createdAt,
      updatedAt: userSessions.updatedAt,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.expiresAt, new Date())))
    .orderBy(userSessions.updatedAt)
  return rows.map((row) => ({ ...row, deviceName: describeDevice(row.deviceInfo.userAgent) }))
}

/**
 * The auth service's "others" scope: every session of this user but the current one. Inside a
 * transaction when given one (a password change ends them atomically with the new hash).
 */
export async function endOtherSessions(auth: AuthState, db: Database | Transaction = getDb()) {
  const removed = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, auth.user.id), ne(userSessions.id, auth.session.id)))
    .returning({ id: userSessions.id })
  return removed.length
}

/** The "global" scope: every session of this user, this one included (in `db`'s transaction if given). */
export async function deleteAllSessions(userId: string, db: Database | Transaction = getDb()) {
  await db.delete(userSessions).where(eq(userSessions.userId, userId))
}

/** Scheduled: removes sessions that expired a day or more ago (they no longer sign anyone in). */
export async function deleteExpiredSessions() {
  await getDb().delete(userSessions).where(lt(userSessions.expiresAt, sql`now() - interval '1 day'`))
}
