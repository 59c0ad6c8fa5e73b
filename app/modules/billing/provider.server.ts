import { getEnv } from '#app/lib/env.server.ts'
import type { PaidPlan } from './plans.ts'
import { activatePlan } from './subscription.server.ts'

export type PlanChoice = { userId: string; plan: PaidPlan; returnPath: string }
/** `active`: the plan applies now. `redirect`: the broker must finish payment at `url` first. */
export type PlanChoiceOutcome = { status: 'active' } | { status: 'redirect'; url: string }

/** Where a plan choice goes. Stripe (issue to come) redirects to checkout; `manual` applies at once. */
export interface BillingProvider {
  readonly name: string
  choosePlan(choice: PlanChoice): Promise<PlanChoiceOutcome>
}

/** For self-hosted installs: whoever runs the server settles payment outside the app. */
export const manualBillingProvider: BillingProvider = {
  name: 'manual',
  async choosePlan({ userId, plan }) {
    await activatePlan(userId, plan, 'manual')
    return { status: 'active' }
  },
}

export function getBillingProvider(): BillingProvider {
  switch (getEnv().BILLING_PROVIDER) {
    case 'manual':
      return manualBillingProvider
  }
}
