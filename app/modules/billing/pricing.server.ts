import { z } from 'zod'
import { getEnv } from '#app/lib/env.server.ts'
import { PAID_PLANS, PLAN_NAMES, PLAN_PROPERTY_LIMITS, type PaidPlan } from './plans.ts'

/** The plan form on /pricing. */
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
