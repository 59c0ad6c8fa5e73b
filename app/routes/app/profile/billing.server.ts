import { redirect, type RouterContextProvider } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { formatDate } from '#app/lib/when.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import { subscriptionStatusLabel } from '#app/modules/billing/plans.ts'
import { getBillingProvider } from '#app/modules/billing/provider.server.ts'
import type { BillingDetails } from '#app/modules/billing/subscription.server.ts'
import { profileSectionPath } from '#app/modules/navigation/profile-sections.ts'

const BILLING_SECTION = profileSectionPath('billing')

/** The Plan card's provider lines: status, next renewal or end, and whether "Manage billing" shows. */
export function billingSummary(billing: BillingDetails | null, user: { timeZone: string; formatStyle: string }) {
  const day = (date: Date) => formatDate(date, user.timeZone, formatStyleParts(user.formatStyle).clock)
  const status = billing?.status ?? null
  const periodEnd = billing?.currentPeriodEnd ?? null
  let renewal: string | null = null
  if (periodEnd && status !== 'canceled') {
    renewal = billing?.cancelAtPeriodEnd ? `Ends on ${day(periodEnd)}.` : `Renews on ${day(periodEnd)}.`
  }
  return {
    status: status ? subscriptionStatusLabel(status) : null,
    renewal,
    canManageBilling: getEnv().BILLING_PROVIDER === 'stripe' && Boolean(billing?.providerCustomerId),
  }
}

/** "Manage billing": a fresh Customer Portal session for the broker, who comes back to the Billing section. */
export async function openBillingPortal(context: Readonly<RouterContextProvider>, userId: string): Promise<never> {
  const portal = await getBillingProvider().billingPortal(userId, `${getEnv().APP_URL}${BILLING_SECTION}`)
  if (portal.status === 'redirect') throw redirect(portal.url)
  setFlash(
    context,
    portal.status === 'none'
      ? { kind: 'info', message: 'There is no billing account to manage yet: choose a plan first.' }
      : { kind: 'error', message: 'The billing portal could not be opened just now. Please try again in a moment.' },
  )
  throw redirect(BILLING_SECTION)
}
