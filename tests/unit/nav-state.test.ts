import { describe, expect, it } from 'vitest'
import {
  afterSignIn,
  countRedirect,
  countTrialRedirect,
  emptyNavState,
  expireCounters,
  type NavState,
  GUARD_FAILURE_RESET_MS,
  isLoopDetected,
  pairKey,
  recordGuardFailure,
  REDIRECT_COUNTERS_RESET_MS,
} from '#app/modules/navigation/nav-state.ts'

const t0 = 1_700_000_000_000

describe('session-guard failures: 2 within 30 s show the recovery screen', () => {
  it('the first failure redirects, the second within 30 s shows recovery', () => {
    const first = recordGuardFailure(emptyNavState(t0), t0)
    expect(first.showRecovery).toBe(false)
    const second = recordGuardFailure(first.state, t0 + 10_000)
    expect(second.showRecovery).toBe(true)
  })
  it('the counter resets after 30 s without failures', () => {
    const first = recordGuardFailure(emptyNavState(t0), t0)
    const later = recordGuardFailure(first.state, t0 + GUARD_FAILURE_RESET_MS)
    expect(later.showRecovery).toBe(false)
    expect(later.state.guardFailures).toBe(1)
  })
})

describe('from→to redirect pairs', () => {
  it('allows a pair 3 times and blocks the 4th attempt', () => {
    let state = emptyNavState(t0)
    const results: boolean[] = []
    for (let i = 0; i < 4; i++) {
      const counted = countRedirect(state, '/home', '/auth', t0 + i)
      state = counted.state
      results.push(counted.allowed)
    }
    expect(results).toEqual([true, true, true, false])
    expect(state.redirects[pairKey('/home', '/auth')]).toBe(4)
  })
  it('always allows root → /auth', () => {
    let state = emptyNavState(t0)
    for (let i = 0; i < 10; i++) {
      const counted = countRedirect(state, '/', '/auth', t0)
      expect(counted.allowed).toBe(true)
      state = counted.state
    }
  })
  it('counts pairs separately', () => {
    let state = emptyNavState(t0)
    for (let i = 0; i < 3; i++) state = countRedirect(state, '/home', '/auth', t0).state
    expect(countRedirect(state, '/clients', '/auth', t0).allowed).toBe(true)
  })
  it('resets every counter after 5 minutes', () => {
    let state = emptyNavState(t0)
    for (let i = 0; i < 4; i++) state = countRedirect(state, '/home', '/auth', t0).state
    state = countTrialRedirect(state, '/home', t0).state
    const fresh = expireCounters(state, t0 + REDIRECT_COUNTERS_RESET_MS)
    expect(fresh.redirects).toEqual({})
    expect(fresh.trialRedirects).toEqual({})
    expect(countRedirect(state, '/home', '/auth', t0 + REDIRECT_COUNTERS_RESET_MS).allowed).toBe(true)
  })
})

describe('trial loop break', () => {
  it('breaks the loop on the 3rd counted redirect for the same path, then counts again', () => {
    let state = emptyNavState(t0)
    const breaks: boolean[] = []
    for (let i = 0; i < 4; i++) {
      const counted = countTrialRedirect(state, '/home', t0)
      state = counted.state
      breaks.push(counted.breakLoop)
    }
    expect(breaks).toEqual([false, false, true, false])
  })
})

it('a sign-in clears the flags, the saved auth path and every counter', () => {
  let state: NavState = { ...emptyNavState(t0), trialExpired: true, networkError: true, authRedirectPath: '/clients' }
  state = recordGuardFailure(state, t0).state
  state = countRedirect(state, '/home', '/auth', t0).state
  const after = afterSignIn(state, t0 + 1)
  expect(after).toMatchObject({
    trialExpired: false,
    networkError: false,
    authRedirectPath: null,
    guardFailures: 0,
    redirects: {},
    trialRedirects: {},
  })
})

it('a loop is detected exactly when the session guard would show the recovery screen', () => {
  let state = emptyNavState(t0)
  expect(isLoopDetected(state)).toBe(false)
  const first = recordGuardFailure(state, t0)
  expect(isLoopDetected(first.state)).toBe(first.showRecovery)
  const second = recordGuardFailure(first.state, t0 + 1000)
  expect(second.showRecovery).toBe(true)
  expect(isLoopDetected(second.state)).toBe(true)
  // Thirty seconds later the failures are forgotten, and so is the loop.
  expect(isLoopDetected(expireCounters(second.state, t0 + 1000 + GUARD_FAILURE_RESET_MS))).toBe(false)

  // A pair tried a fourth time is blocked: a loop too.
  for (let i = 0; i < 3; i++) state = countRedirect(state, '/home', '/x', t0).state
  expect(isLoopDetected(state)).toBe(false)
  const blocked = countRedirect(state, '/home', '/x', t0)
  expect(blocked.allowed).toBe(false)
  expect(isLoopDetected(blocked.state)).toBe(true)
})
