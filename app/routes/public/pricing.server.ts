import { data, redirect, type RouterContextProvider } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { getBillingProvider } from '#app/modules/billing/provider.server.ts'
import { PLAN_NAMES } from '#app/modules/billing/plans.ts'
import { ChoosePlanSchema } from '#app/modules/billing/pricing.server.ts'
import { getNavState, updateNavState } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import type { Plan } from '#db/reference.ts'

/**
 * Sends the choice through the billing provider, then back to the path the broker was denied
 * (redirect-after-upgrade) or /home. Not signed in: sign in first, then come back here.
 */
export const PAYMENT_UNAVAILABLE_MESSAGE = 'Payment could not be started just now. Nothing has changed; please try again in a moment.'
export const SIGN_IN_TO_CHOOSE_MESSAGE = 'Sign in or create an account to choose a plan'
export const OWNER_CHOOSES_MESSAGE = "The agency's plan is chosen by its owner."

export async function choosePlan(form: FormData, context: Readonly<RouterContextProvider>) {
  const auth = getAuth(context)
  if (!auth) {
    // Say why the visitor is on /auth, and come back to /pricing after signing in.
    updateNavState(context, (s) => ({ ...s, authRedirectPath: '/pricing' }))
    setFlash(context, { kind: 'info', message: SIGN_IN_TO_CHOOSE_MESSAGE })
    throw redirect('/auth')
  }
  // The plan is the agency's, paid by its owner (docs/decisions/034): a member may not change it.
  if (auth.scope.role !== 'owner') return data({ error: OWNER_CHOOSES_MESSAGE }, { status: 403 })
  const parsed = ChoosePlanSchema.safeParse({ plan: form.get('plan') })
  if (!parsed.success) return data({ error: 'Choose one of the plans listed.' }, { status: 400 })

  const returnPath = safeRedirectPath(getNavState(context).redirectAfterUpgrade, '/home')
  const outcome = await getBillingProvider().choosePlan({ userId: auth.user.id, email: auth.user.email, plan: parsed.data.plan, returnPath })
  if (outcome.status === 'redirect') throw redirect(outcome.url)
  if (outcome.status === 'unavailable') return data({ error: PAYMENT_UNAVAILABLE_MESSAGE }, { status: 503 })

  return finishUpgrade(context, parsed.data.plan)
}

/**
 * The plan applies: clear the upgrade state, say so, and go back to the path the broker was
 * denied (or /home). The manual provider gets here at once, Stripe from Checkout's return.
 */
export function finishUpgrade(context: Readonly<RouterContextProvider>, plan: Plan): never {
  const returnPath = safeRedirectPath(getNavState(context).redirectAfterUpgrade, '/home')
  updateNavState(context, (s) => ({ ...s, trialExpired: false, redirectAfterUpgrade: null, trialRedirects: {} }))
  setFlash(context, { kind: 'success', message: `You are now on the ${PLAN_NAMES[plan]} plan.` })
  throw redirect(returnPath)
}
