import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getEnv } from '#app/lib/env.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { getNavState, updateNavState } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import { PAID_PLANS, PLAN_NAMES, PLAN_PROPERTY_LIMITS, type PaidPlan } from './plans.ts'
import { getBillingProvider } from './provider.server.ts'

export const ChoosePlanSchema = z.object({ plan: z.enum(PAID_PLANS) })

export function getPlanPrices(): Record<PaidPlan, number> {
  const env = getEnv()
  return { starter: env.PRICE_STARTER, advanced: env.PRICE_ADVANCED, professional: env.PRICE_PROFESSIONAL }
}

export function getPricingTable() {
  const env = getEnv()
  const prices = getPlanPrices()
  return {
    currency: env.PRICE_CURRENCY,
    trialDays: env.TRIAL_DAYS,
    plans: (['free_trial', ...PAID_PLANS] as const).map((plan) => ({
      plan,
      name: PLAN_NAMES[plan],
      limit: PLAN_PROPERTY_LIMITS[plan],
      monthlyPrice: plan === 'free_trial' ? 0 : prices[plan],
    })),
  }
}

/**
 * Sends the choice through the billing provider, then back to the path the broker was denied
 * (redirect-after-upgrade) or /home. Not signed in: sign in first, then come back here.
 */
export async function choosePlan(form: FormData, context: Readonly<RouterContextProvider>) {
  const auth = getAuth(context)
  if (!auth) {
    updateNavState(context, (s) => ({ ...s, authRedirectPath: '/pricing' }))
    throw redirect('/auth')
  }
  const parsed = ChoosePlanSchema.safeParse({ plan: form.get('plan') })
  if (!parsed.success) return data({ error: 'Choose one of the plans listed.' }, { status: 400 })

  const returnPath = safeRedirectPath(getNavState(context).redirectAfterUpgrade, '/home')
  const outcome = await getBillingProvider().choosePlan({ userId: auth.user.id, plan: parsed.data.plan, returnPath })
  if (outcome.status === 'redirect') throw redirect(outcome.url)

  updateNavState(context, (s) => ({ ...s, trialExpired: false, redirectAfterUpgrade: null, trialRedirects: {} }))
  setFlash(context, { kind: 'success', message: `You are now on the ${PLAN_NAMES[parsed.data.plan]} plan.` })
  throw redirect(returnPath)
}
