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

/** Where a plan choice goes. Stripe redirects to Checkout; `manual` applies at once. */
export interface BillingProvider {
  readonly name: string
  choosePlan(choice: PlanChoice): Promise<PlanChoiceOutcome>
  /** The provider's self-service billing page for this broker, or null when there is none. */
  billingPortal(userId: string, returnUrl: string): Promise<PortalOutcome>
  /** The account is deleted: stop charging it. Never throws (the account is already gone). */
  endSubscription(billing: BillingDetails): Promise<void>
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
}

export function getBillingProvider(): BillingProvider {
  switch (getEnv().BILLING_PROVIDER) {
    case 'manual':
      return manualBillingProvider
    case 'stripe':
      return stripeBillingProvider
  }
}
