import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, ne } from 'drizzle-orm'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { getDb } from '#db/client.server.ts'
import { profiles, userSessions, users, userSubscriptions, type Plan } from '#db/schema.ts'
import { appCookie } from '#app/lib/cookies.server.ts'
import { retry } from '#app/lib/retry.ts'
import { DAY_MS, MINUTE_MS } from '#app/lib/time.ts'

export const SESSION_TTL_MS = 30 * DAY_MS
/** The seed's "session validation minimum interval": updated_at is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * MINUTE_MS
export const SESSION_WRITE_RETRIES = 2
export const SESSION_WRITE_RETRY_DELAY_MS = 500

export type SessionUser = {
  id: string
  email: string
  fullName: string
  avatarUrl: string | null
  phone: string | null
  agencyName: string | null
  licenceNumber: string | null
}
export type AuthState = {
  user: SessionUser
  subscription: { plan: Plan; trialEndDate: Date | null } | null
  session: { id: string; expiresAt: Date }
}

type SessionBox = {
  auth: AuthState | null
  /** A database failure while loading: the seed's network-error state. */
  failed: boolean
  /** A cookie was sent but its session is gone (expired or signed out elsewhere). */
  stale: boolean
  /** What to send: a new token, a refreshed expiry, or a cleared cookie. */
  cookie: { token: string } | { clear: true } | null
}
const sessionContext = createContext<SessionBox>({ auth: null, failed: false, stale: false, cookie: null })
const sessionCookie = () => appCookie('bv_session', SESSION_TTL_MS / 1000)

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Loads user, profile and subscription with the session in one query, only when a cookie is sent. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const box: SessionBox = { auth: null, failed: false, stale: false, cookie: null }
  context.set(sessionContext, box)
  const token = await readToken(request)
  let lookupMs: number | null = null
  if (token) {
    const started = performance.now()
    try {
      const loaded = await loadSession(token, new Date())
      box.auth = loaded?.auth ?? null
      if (loaded?.slid) box.cookie = { token }
      if (!loaded) {
        box.cookie = { clear: true }
        box.stale = true
      }
    } catch (error) {
      console.error('Session lookup failed', error)
      box.failed = true
    }
    lookupMs = performance.now() - started
  }
  const response = await next()
  if (lookupMs !== null) response.headers.append('Server-Timing', `session;desc="session lookup";dur=${lookupMs.toFixed(1)}`)
  if (box.cookie) response.headers.append('Set-Cookie', await serializeSessionCookie(box.cookie))
  return response
}

async function readToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

function serializeSessionCookie(cookie: NonNullable<SessionBox['cookie']>) {
  return 'clear' in cookie ? sessionCookie().serialize('', { maxAge: 0 }) : sessionCookie().serialize(cookie.token)
}

async function loadSession(token: string, now: Date) {
  const db = getDb()
  const [row] = await db
    .select({
      sessionRowId: userSessions.id,
      expiresAt: userSessions.expiresAt,
      updatedAt: userSessions.updatedAt,
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      phone: profiles.phone,
      agencyName: profiles.agencyName,
      licenceNumber: profiles.licenceNumber,
      plan: userSubscriptions.plan,
      trialEndDate: userSubscriptions.trialEndDate,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(and(eq(userSessions.sessionId, hashToken(token)), gt(userSessions.expiresAt, now)))
    .limit(1)
  if (!row) return null

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
      avatarUrl: row.avatarUrl,
      phone: row.phone,
      agencyName: row.agencyName,
      licenceNumber: row.licenceNumber,
    },
    subscription: row.plan ? { plan: row.plan, trialEndDate: row.trialEndDate } : null,
    session: { id: row.sessionRowId, expiresAt },
  }
  return { auth, slid }
}

export function getAuth(context: Readonly<RouterContextProvider>): AuthState | null {
  return context.get(sessionContext).auth
}

export function wasSessionStale(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext).stale
}

export function didSessionLookupFail(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext).failed
}

/** For loaders and actions behind the session guard: the guard has already run. */
export function requireAuth(context: Readonly<RouterContextProvider>): AuthState {
  const auth = getAuth(context)
  if (!auth) throw new Error('requireAuth called outside the session guard')
  return auth
}

/** Creates the device's session row (write retried 2 times at 500 ms) and queues its cookie. */
export async function startSession(context: Readonly<RouterContextProvider>, userId: string, request: Request) {
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  const deviceInfo = {
    userAgent: (request.headers.get('User-Agent') ?? 'Unknown device').slice(0, 400),
    timestamp: now.toISOString(),
  }
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
  context.get(sessionContext).cookie = { token }
}

/** Ends this device's session. The cookie is cleared even when the delete fails. */
export async function endSession(context: Readonly<RouterContextProvider>) {
  const box = context.get(sessionContext)
  box.cookie = { clear: true }
  const sessionId = box.auth?.session.id
  box.auth = null
  if (sessionId) await getDb().delete(userSessions).where(eq(userSessions.id, sessionId))
}

export async function listDeviceSessions(userId: string) {
  return getDb()
    .select({
      id: userSessions.id,
      deviceInfo: userSessions.deviceInfo,
      createdAt: userSessions.createdAt,
      updatedAt: userSessions.updatedAt,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.expiresAt, new Date())))
    .orderBy(userSessions.updatedAt)
}

/** The auth service's "others" scope: every session of this user but the current one. */
export async function endOtherSessions(auth: AuthState) {
  const removed = await getDb()
    .delete(userSessions)
    .where(and(eq(userSessions.userId, auth.user.id), ne(userSessions.id, auth.session.id)))
    .returning({ id: userSessions.id })
  return removed.length
}

/** The "global" scope: every session of this user, this one included. */
export async function endAllSessions(context: Readonly<RouterContextProvider>, auth: AuthState) {
  await getDb().delete(userSessions).where(eq(userSessions.userId, auth.user.id))
  const box = context.get(sessionContext)
  box.auth = null
  box.cookie = { clear: true }
}
