import { MINUTE_MS, SECOND_MS } from '#app/lib/time.ts'

/** The seed's browser-stored flags, kept server-side in one signed cookie (docs/product.md §2). */
export type NavState = {
  trialExpired: boolean
  networkError: boolean
  authRedirectPath: string | null
  redirectAfterUpgrade: string | null
  /** Session-guard redirects to /auth; reaching GUARD_FAILURE_THRESHOLD shows recovery. */
  guardFailures: number
  lastGuardFailureAt: number
  /** The seed's `redirect_*` keys: "from->to" pair → attempts since `countersSince`. */
  redirects: Record<string, number>
  /** Trial-guard redirects to /pricing per requested path. */
  trialRedirects: Record<string, number>
  countersSince: number
}

export const GUARD_FAILURE_THRESHOLD = 2
export const GUARD_FAILURE_RESET_MS = 30 * SECOND_MS
export const MAX_REDIRECTS_PER_PAIR = 3
export const REDIRECT_COUNTERS_RESET_MS = 5 * MINUTE_MS
export const TRIAL_LOOP_BREAK_AFTER = 3
// Keeps the cookie small whatever a client requests.
const MAX_COUNTER_KEYS = 16

export function emptyNavState(now: number): NavState {
  return {
    trialExpired: false,
    networkError: false,
    authRedirectPath: null,
    redirectAfterUpgrade: null,
    guardFailures: 0,
    lastGuardFailureAt: 0,
    redirects: {},
    trialRedirects: {},
    countersSince: now,
  }
}

/** All counters start again every 5 minutes. */
export function expireCounters(state: NavState, now: number): NavState {
  let next = state
  if (now - state.countersSince >= REDIRECT_COUNTERS_RESET_MS) {
    next = { ...next, redirects: {}, trialRedirects: {}, countersSince: now }
  }
  if (next.guardFailures > 0 && now - next.lastGuardFailureAt >= GUARD_FAILURE_RESET_MS) {
    next = { ...next, guardFailures: 0 }
  }
  return next
}

/** Counts one session-guard redirect; `showRecovery` once the threshold is reached. */
export function recordGuardFailure(state: NavState, now: number) {
  const fresh = expireCounters(state, now)
  const guardFailures = fresh.guardFailures + 1
  return {
    state: { ...fresh, guardFailures, lastGuardFailureAt: now },
    showRecovery: guardFailures >= GUARD_FAILURE_THRESHOLD,
  }
}

export function pairKey(from: string, to: string) {
  return `redirect_${from}->${to}`
}

/** Counts a from→to redirect; a pair is blocked after more than 3 attempts. / → /auth always passes. */
export function countRedirect(state: NavState, from: string, to: string, now: number) {
  const fresh = expireCounters(state, now)
  if (from === '/' && to === '/auth') return { state: fresh, allowed: true }
  const key = pairKey(from, to)
  const attempts = (fresh.redirects[key] ?? 0) + 1
  return {
    state: { ...fresh, redirects: capKeys({ ...fresh.redirects, [key]: attempts }) },
    allowed: attempts <= MAX_REDIRECTS_PER_PAIR,
  }
}

/** Counts a trial redirect for `path`; `breakLoop` after the third, which also resets the count. */
export function countTrialRedirect(state: NavState, path: string, now: number) {
  const fresh = expireCounters(state, now)
  const attempts = (fresh.trialRedirects[path] ?? 0) + 1
  const breakLoop = attempts >= TRIAL_LOOP_BREAK_AFTER
  const trialRedirects = { ...fresh.trialRedirects }
  if (breakLoop) delete trialRedirects[path]
  else trialRedirects[path] = attempts
  return { state: { ...fresh, trialRedirects: capKeys(trialRedirects) }, breakLoop }
}

/**
 * What the session guard sends to the recovery screen for (two failed-session redirects within
 * 30 s, or a from→to pair tried more than 3 times). Someone who opens the screen by hand, with
 * none of it, is told that nothing is wrong.
 */
export function isLoopDetected(state: NavState) {
  return state.guardFailures >= GUARD_FAILURE_THRESHOLD || Object.values(state.redirects).some((attempts) => attempts > MAX_REDIRECTS_PER_PAIR)
}

/** A successful sign-in ends every loop: counters, error and trial flags start again. */
export function afterSignIn(state: NavState, now: number): NavState {
  return {
    ...state,
    trialExpired: false,
    networkError: false,
    authRedirectPath: null,
    guardFailures: 0,
    lastGuardFailureAt: 0,
    redirects: {},
    trialRedirects: {},
    countersSince: now,
  }
}

function capKeys(counters: Record<string, number>) {
  const entries = Object.entries(counters)
  return entries.length <= MAX_COUNTER_KEYS ? counters : Object.fromEntries(entries.slice(-MAX_COUNTER_KEYS))
}
