import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { appCookie } from '#app/lib/cookies.server.ts'
import {
  createSession,
  deleteAllSessions,
  deleteSession,
  findSession,
  isSessionToken,
  SESSION_TTL_MS,
  type AuthState,
} from '#app/modules/session/sessions.server.ts'

type SessionBox = {
  auth: AuthState | null
  /** A cookie was sent but its session is gone (expired or signed out elsewhere). */
  stale: boolean
  /** What to send: a new token, a refreshed expiry, or a cleared cookie. */
  cookie: { token: string } | { clear: true } | null
}
const sessionContext = createContext<SessionBox>({ auth: null, stale: false, cookie: null })
const sessionCookie = () => appCookie('bv_session', SESSION_TTL_MS / 1000)

/** Loads user, profile and subscription with the session in one query, only when a cookie is sent. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const box: SessionBox = { auth: null, stale: false, cookie: null }
  context.set(sessionContext, box)
  const token = await readToken(request)
  let lookupMs: number | null = null
  if (token) {
    const started = performance.now()
    // A failed lookup is not "no session": it propagates (a database outage becomes the 503
    // page, see database-outage.server.ts), so the broker is neither redirected nor signed out.
    const loaded = await findSession(token, new Date())
    box.auth = loaded?.auth ?? null
    if (loaded?.slid) box.cookie = { token }
    if (!loaded) {
      box.cookie = { clear: true }
      box.stale = true
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
  return isSessionToken(value) ? value : null
}

function serializeSessionCookie(cookie: NonNullable<SessionBox['cookie']>) {
  return 'clear' in cookie ? sessionCookie().serialize('', { maxAge: 0 }) : sessionCookie().serialize(cookie.token)
}

export function getAuth(context: Readonly<RouterContextProvider>): AuthState | null {
  return context.get(sessionContext).auth
}

export function wasSessionStale(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext).stale
}

/** For loaders and actions behind the session guard: the guard has already run. */
export function requireAuth(context: Readonly<RouterContextProvider>): AuthState {
  const auth = getAuth(context)
  if (!auth) throw new Error('requireAuth called outside the session guard')
  return auth
}

/** Signs this device in: a new session row, and its cookie on the response. */
export async function startSession(context: Readonly<RouterContextProvider>, userId: string, request: Request) {
  const token = await createSession(userId, request.headers.get('User-Agent'))
  context.get(sessionContext).cookie = { token }
}

/** Ends this device's session. The cookie is cleared even when the delete fails. */
export async function endSession(context: Readonly<RouterContextProvider>) {
  const box = context.get(sessionContext)
  box.cookie = { clear: true }
  const auth = box.auth
  box.auth = null
  if (auth) await deleteSession(auth.user.id, auth.session.id)
}

/** The "global" scope: every session of this user, this one included, and this cookie. */
export async function endAllSessions(context: Readonly<RouterContextProvider>, auth: AuthState) {
  await deleteAllSessions(auth.user.id)
  const box = context.get(sessionContext)
  box.auth = null
  box.cookie = { clear: true }
}

/** After the account is deleted (its sessions with it): this response clears the cookie. */
export function forgetSession(context: Readonly<RouterContextProvider>) {
  const box = context.get(sessionContext)
  box.auth = null
  box.cookie = { clear: true }
}
