import { getEnv } from '#app/lib/env.server.ts'
import type { PaidPlan } from './plans.ts'
import { stripeBillingProvider } from './stripe-provider.server.ts'
import { activatePlan, type BillingDetails } from './subscription.server.ts'

export type PlanChoice = { userId: string; email: string; plan: PaidPlan; returnPath: string }
/**
 * `active`: the plan applies now. `redirect`: the broker must finish payment at `url` first.
 * `unavailable`: the payment service did not answer; nothing changed, try again later.
 */
export type PlanChoiceOutcome = { status: 'active' } | { status: 'redirect'; url: string } | { status: 'unavailable' }
/** The provider's billing page for the broker; `none` when there is no billing account yet. */
export type PortalOutcome = { status: 'redirect'; url: string } | { status: 'none' } | { status: 'unavailable' }

/**
 * Extra seats asked for: `active` — the caller writes them now (the provider settles outside
 * the app); `pending` — the provider was told and its webhook writes them; `no_subscription` —
 * no paid subscription to add them to; `not_sold` — this install sells no extra seats;
 * `unavailable` — the payment service did not answer, nothing changed.
 */
export type SeatOutcome = { status: 'active' | 'pending' | 'no_subscription' | 'not_sold' | 'unavailable' }
export type SeatRequest = { userId: string; agencyId: string; quantity: number }

/** Where a plan choice goes. Stripe redirects to Checkout; `manual` applies at once. */
export interface BillingProvider {
  readonly name: string
  choosePlan(choice: PlanChoice): Promise<PlanChoiceOutcome>
  /** The provider's self-service billing page for this broker, or null when there is none. */
  billingPortal(userId: string, returnUrl: string): Promise<PortalOutcome>
  /** The account is deleted: stop charging it. Never throws (the account is already gone). */
  endSubscription(billing: BillingDetails): Promise<void>
  /** Sets the agency's extra seats to `quantity` on the subscription of its owner (`userId`). */
  setExtraSeats(request: SeatRequest): Promise<SeatOutcome>
}

/** For self-hosted installs: whoever runs the server settles payment outside the app. */
export const manualBillingProvider: BillingProvider = {
  name: 'manual',
  async choosePlan({ userId, plan }) {
    await activatePlan(userId, plan, 'manual')
    return { status: 'active' }
  },
  async billingPortal() {
    return { status: 'none' }
  },
  async endSubscription() {},
  async setExtraSeats() {
    return { status: 'active' }
  },
}

export function getBillingProvider(): BillingProvider {
  switch (getEnv().BILLING_PROVIDER) {
    case 'manual':
      return manualBillingProvider
    case 'stripe':
      return stripeBillingProvider
  }
}
