import { DAY_MS } from '#app/lib/time.ts'
import type { Plan } from '#db/reference.ts'

export const PLAN_PROPERTY_LIMITS: Record<Plan, number> = {
  free_trial: 5,
  starter: 25,
  advanced: 100,
  professional: 250,
}

export const PLAN_NAMES: Record<Plan, string> = {
  free_trial: 'Free trial',
  starter: 'Starter',
  advanced: 'Advanced',
  professional: 'Professional',
}

export const PAID_PLANS = ['starter', 'advanced', 'professional'] as const satisfies Plan[]
export type PaidPlan = (typeof PAID_PLANS)[number]

export type SubscriptionSnapshot = { plan: Plan; trialEndDate: Date | null }

/** Seed formula: whole days between now and the end date, plus 1; 0 once the end has passed. */
export function getTrialDaysLeft(trialEndDate: Date | null, now: Date): number {
  if (!trialEndDate) return 0
  const remainingMs = trialEndDate.getTime() - now.getTime()
  if (remainingMs < 0) return 0
  return Math.floor(remainingMs / DAY_MS) + 1
}

/** A trial is expired when its end date has passed; no subscription at all grants nothing. */
export function isTrialExpired(subscription: SubscriptionSnapshot | null, now: Date): boolean {
  if (!subscription) return true
  if (subscription.plan !== 'free_trial') return false
  return !subscription.trialEndDate || subscription.trialEndDate.getTime() < now.getTime()
}
