import { redirect, type MiddlewareFunction } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { isPaidSubscriptionLapsed, isSubscriptionGated } from '#app/modules/billing/plans.ts'
import { getSubscription } from '#app/modules/billing/subscription.server.ts'
import { getAuth, requireAuth, wasSessionStale } from '#app/http/session.server.ts'
import { isAllowedWhenTrialExpired } from '#app/modules/navigation/allowed-paths.ts'
import { countRedirect, countTrialRedirect, recordGuardFailure } from '#app/modules/navigation/nav-state.ts'
import { updateNavState } from './nav-state.server.ts'

export const TRIAL_EXPIRED_MESSAGE = 'Your trial has expired. Please upgrade to access this feature.'
export const SUBSCRIPTION_LAPSED_MESSAGE = 'Your subscription is not active. Please choose a plan to access this feature.'
export const SESSION_REFRESH_FAILED_MESSAGE = 'Session refresh failed. Please sign in again.'

/**
 * No session: remember the requested path and go to /auth. A visitor who simply has no session
 * cookie goes there every time. Only a session that keeps failing (a cookie is sent but its
 * session cannot be loaded, the seed's failed refresh) is counted: two such redirects within
 * 30 s, or a from→to pair tried more than 3 times, show the recovery screen instead of looping.
 */
export const sessionGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (getAuth(context)) {
    updateNavState(context, (s) => (s.guardFailures ? { ...s, guardFailures: 0, lastGuardFailureAt: 0 } : s))
    return next()
  }
  const url = new URL(request.url)
  const authRedirectPath = url.pathname + url.search
  if (!wasSessionStale(context)) {
    updateNavState(context, (state) => ({ ...state, authRedirectPath }))
    throw redirect('/auth')
  }
  const now = Date.now()
  let toRecovery = false
  updateNavState(context, (state) => {
    const failure = recordGuardFailure(state, now)
    const pair = countRedirect(failure.state, url.pathname, '/auth', now)
    toRecovery = failure.showRecovery || !pair.allowed
    return { ...pair.state, authRedirectPath }
  })
  // The seed's refresh failure: the browser had a session that has expired or was signed out.
  setFlash(context, { kind: 'info', message: SESSION_REFRESH_FAILED_MESSAGE })
  throw redirect(toRecovery ? '/auth-recovery' : '/auth')
}

/**
 * Expired trial (or a paid subscription that is canceled, unpaid, or past due beyond the grace)
 * on a protected path: remember it for after the upgrade, toast, go to /pricing.
 * The database is authoritative: the seed's 3-redirect loop break only drops the cached flag
 * and reads the subscription again; it never lets an expired trial through.
 */
export const subscriptionGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const auth = requireAuth(context)
  const url = new URL(request.url)
  const now = new Date()
  if (isAllowedWhenTrialExpired(url.pathname) || !isSubscriptionGated(auth.subscription, now)) {
    updateNavState(context, (s) => (s.trialExpired ? { ...s, trialExpired: false } : s))
    return next()
  }
  let breakLoop = false
  updateNavState(context, (state) => {
    const counted = countTrialRedirect(state, url.pathname, now.getTime())
    breakLoop = counted.breakLoop
    return { ...counted.state, trialExpired: !breakLoop, redirectAfterUpgrade: url.pathname + url.search }
  })
  if (breakLoop) {
    const fresh = await getSubscription(auth.user.id)
    if (!isSubscriptionGated(fresh, new Date())) return next()
    updateNavState(context, (s) => ({ ...s, trialExpired: true }))
  }
  const lapsed = isPaidSubscriptionLapsed(auth.subscription, now)
  setFlash(context, { kind: 'error', message: lapsed ? SUBSCRIPTION_LAPSED_MESSAGE : TRIAL_EXPIRED_MESSAGE })
  throw redirect('/pricing')
}
