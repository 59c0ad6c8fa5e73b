import { redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { updateNavState } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import { finishUpgrade } from './pricing.server.ts'
import type { Route } from './+types/checkout-return'

export const PAYMENT_PENDING_MESSAGE = 'Payment received. Your plan switches on as soon as Stripe confirms it, usually within a minute.'

/**
 * Stripe Checkout's success_url. The webhook applies the plan; when it already has, finish like
 * the manual provider (toast, back to the saved path). When it has not yet (Stripe delivers
 * webhooks asynchronously), say so on /profile/billing, which a gated broker may open.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const auth = getAuth(context)
  if (!auth) {
    const url = new URL(request.url)
    updateNavState(context, (s) => ({ ...s, authRedirectPath: url.pathname + url.search }))
    throw redirect('/auth')
  }
  const subscription = auth.subscription
  const live = subscription?.status === 'active' || subscription?.status === 'trialing'
  if (subscription && subscription.plan !== 'free_trial' && live) finishUpgrade(context, subscription.plan)
  setFlash(context, { kind: 'info', message: PAYMENT_PENDING_MESSAGE })
  throw redirect('/profile/billing')
}
