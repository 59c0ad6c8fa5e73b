import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { appCookie } from '#app/lib/cookies.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { emptyNavState, expireCounters, type NavState } from '#app/modules/navigation/nav-state.ts'

const counters = z.record(z.string().max(300), z.number().int().nonnegative())
const NavStateSchema = z.object({
  trialExpired: z.boolean(),
  networkError: z.boolean(),
  authRedirectPath: z.string().max(2048).nullable(),
  redirectAfterUpgrade: z.string().max(2048).nullable(),
  guardFailures: z.number().int().nonnegative(),
  lastGuardFailureAt: z.number(),
  redirects: counters,
  trialRedirects: counters,
  countersSince: z.number(),
}) satisfies z.ZodType<NavState>

type NavBox = { state: NavState; dirty: boolean }
// What `get` answers before navStateMiddleware ran; never to be written to (it is shared).
const NO_NAV_BOX: NavBox = Object.freeze({ state: emptyNavState(0), dirty: false }) as NavBox
const navContext = createContext<NavBox>(NO_NAV_BOX)
const navCookie = () => appCookie('bv_nav', (7 * DAY_MS) / 1000)

export const navStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const now = Date.now()
  const raw = await navCookie().parse(request.headers.get('Cookie'))
  const parsed = NavStateSchema.safeParse(raw)
  const box: NavBox = { state: expireCounters(parsed.success ? parsed.data : emptyNavState(now), now), dirty: false }
  context.set(navContext, box)
  const response = await next()
  if (box.dirty) response.headers.append('Set-Cookie', await navCookie().serialize(box.state))
  return response
}

export function getNavState(context: Readonly<RouterContextProvider>): NavState {
  return context.get(navContext).state
}

export function updateNavState(context: Readonly<RouterContextProvider>, change: (state: NavState) => NavState) {
  const box = context.get(navContext)
  const next = change(box.state)
  if (JSON.stringify(next) !== JSON.stringify(box.state)) {
    box.state = next
    box.dirty = true
  }
}

/**
 * The seed's network-error flag, set while the database cannot be reached (the root loader
 * clears it on the next page that gets through). A no-op when the failure came before the
 * navigation state was read: there is nothing to write it into then.
 */
export function flagNetworkError(context: Readonly<RouterContextProvider>) {
  if (context.get(navContext) === NO_NAV_BOX) return
  updateNavState(context, (s) => (s.networkError ? s : { ...s, networkError: true }))
}

/** "Reset Navigation State" / "Clear Navigation State": every flag and counter back to empty. */
export function clearNavState(context: Readonly<RouterContextProvider>) {
  const box = context.get(navContext)
  box.state = emptyNavState(Date.now())
  box.dirty = true
}

/**
 * The seed clears the trial-expired flag on the auth page and on preview routes. Route
 * middleware, not the loader: it must happen before the root loader reads the flag.
 */
export const clearTrialExpiredFlag: MiddlewareFunction<Response> = async ({ context }, next) => {
  updateNavState(context, (s) => (s.trialExpired ? { ...s, trialExpired: false } : s))
  return next()
}
