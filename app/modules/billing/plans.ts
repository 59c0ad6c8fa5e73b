import { DAY_MS } from '#app/lib/time.ts'
import type { Plan } from '#db/reference.ts'

export const PLAN_PROPERTY_LIMITS: Record<Plan, number> = {
  free_trial: 5,
  starter: 25,
  advanced: 100,
  professional: 250,
}

/**
 * Seats each plan includes (members plus open invitations); more are bought as extra seats. The
 * database enforces them: plan_seats() in migration 0022 holds the same numbers, and
 * tests/integration/seats.test.ts fails when the two differ. A change is a migration that
 * replaces plan_seats() and this table, as for the property limits.
 */
export const PLAN_SEATS: Record<Plan, number> = {
  free_trial: 2,
  starter: 1,
  advanced: 3,
  professional: 10,
}

/** The most extra seats one agency can hold (a typing slip of 1000 must not reach Stripe). */
export const MAX_EXTRA_SEATS = 200

export const PLAN_NAMES: Record<Plan, string> = {
  free_trial: 'Free trial',
  starter: 'Starter',
  advanced: 'Advanced',
  professional: 'Professional',
}

export const PAID_PLANS = ['starter', 'advanced', 'professional'] as const satisfies Plan[]
export type PaidPlan = (typeof PAID_PLANS)[number]

/** `status` and `pastDueSince` are the billing provider's (Stripe); null for manual plans and trials. */
export type SubscriptionSnapshot = {
  plan: Plan
  trialEndDate: Date | null
  status?: string | null
  pastDueSince?: Date | null
}

/** How long a past_due subscription keeps working, from when it became past_due. */
export const PAST_DUE_GRACE_MS = 7 * DAY_MS

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

/**
 * A paid subscription that the provider no longer collects: canceled, unpaid (or never paid),
 * or past_due beyond the grace. Same rule as the database's subscription_is_usable().
 */
export function isPaidSubscriptionLapsed(subscription: SubscriptionSnapshot | null, now: Date): boolean {
  const status = subscription?.status
  if (!status || status === 'active' || status === 'trialing') return false
  if (status !== 'past_due') return true
  return !subscription.pastDueSince || subscription.pastDueSince.getTime() + PAST_DUE_GRACE_MS < now.getTime()
}

/** Past due but still inside the grace: the app shell shows the billing banner. */
export function isInPastDueGrace(subscription: SubscriptionSnapshot | null, now: Date): boolean {
  return subscription?.status === 'past_due' && !isPaidSubscriptionLapsed(subscription, now)
}

/** Gated like an expired trial (the broker's data stays; only the plan pages stay open). */
export function isSubscriptionGated(subscription: SubscriptionSnapshot | null, now: Date): boolean {
  return isTrialExpired(subscription, now) || isPaidSubscriptionLapsed(subscription, now)
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Active (trial)',
  past_due: 'Payment past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Payment not completed',
  paused: 'Paused',
}

/** The provider's subscription status in words. */
export function subscriptionStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status
}
