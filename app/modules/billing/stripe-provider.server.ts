import { getEnv } from '#app/lib/env.server.ts'
import type { BillingProvider, PlanChoice, PlanChoiceOutcome, SeatOutcome, SeatRequest } from './provider.server.ts'
import { getStripe, isStripeError, priceForPlan, seatPrice } from './stripe-client.server.ts'
import { getBillingDetails, keepProviderCustomer } from './subscription.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/** Where Checkout sends the broker back: the return route finishes like the manual provider does. */
export const CHECKOUT_RETURN_PATH = '/pricing/checkout-return'
export const CHECKOUT_CANCELLED_PATH = '/pricing?checkout=cancelled'

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due'])

/**
 * The broker's Stripe customer: created once (the idempotency key makes a double submit create
 * one customer), then kept in provider_customer_id and reused by every later checkout.
 */
async function ensureCustomer(userId: string, email: string): Promise<string> {
  const details = await getBillingDetails(userId)
  if (details?.providerCustomerId) return details.providerCustomerId
  const customer = await getStripe().customers.create(
    { email, metadata: { userId } },
    { idempotencyKey: `brokervault-customer-${userId}` },
  )
  return keepProviderCustomer(userId, customer.id)
}

/**
 * Stripe: a plan choice is a Checkout Session in subscription mode; the plan changes when the
 * webhook says the subscription exists. A broker who already pays changes plan in the Customer
 * Portal instead, so a second subscription (and a second charge) is never started.
 */
export const stripeBillingProvider: BillingProvider = {
  name: 'stripe',
  async choosePlan(choice) {
    try {
      return await startCheckoutOrPortal(choice)
    } catch (error) {
      if (!isStripeError(error)) throw error
      logger.error({ err: error, userId: choice.userId }, 'Stripe: could not start a plan change')
      return { status: 'unavailable' }
    }
  },
  async billingPortal(userId, returnUrl) {
    const details = await getBillingDetails(userId)
    if (!details?.providerCustomerId) return { status: 'none' }
    try {
      const portal = await getStripe().billingPortal.sessions.create({ customer: details.providerCustomerId, return_url: returnUrl })
      return { status: 'redirect', url: portal.url }
    } catch (error) {
      if (!isStripeError(error)) throw error
      logger.error({ err: error, userId }, 'Stripe: could not open the billing portal')
      return { status: 'unavailable' }
    }
  },
  async endSubscription(billing) {
    const subscriptionId = billing.providerSubscriptionId
    if (billing.provider !== 'stripe' || !subscriptionId || !billing.status || !LIVE_STATUSES.has(billing.status)) return
    try {
      await getStripe().subscriptions.cancel(subscriptionId)
    } catch (error) {
      // The account is gone either way; whoever runs the install must cancel it by hand.
      logger.error({ err: error, subscriptionId }, 'Stripe: could not cancel the subscription of a deleted account; cancel it in the Stripe dashboard')
    }
  },
  async setExtraSeats(request) {
    try {
      return await updateSeatItem(request)
    } catch (error) {
      if (!isStripeError(error)) throw error
      logger.error({ err: error, userId: request.userId }, 'Stripe: could not change the extra seats')
      return { status: 'unavailable' }
    }
  },
}

/**
 * Extra seats are one item of the owner's subscription, priced per seat (STRIPE_PRICE_SEAT),
 * its quantity the number of seats; no extra seat is no such item. Stripe prorates the change
 * and sends customer.subscription.updated, whose handler writes the agency's extra seats. The
 * item names its agency in metadata (an owner of two agencies has one subscription).
 */
async function updateSeatItem({ userId, agencyId, quantity }: SeatRequest): Promise<SeatOutcome> {
  const price = seatPrice()
  if (!price) return { status: 'not_sold' }
  const details = await getBillingDetails(userId)
  const subscriptionId = details?.providerSubscriptionId
  if (details?.provider !== 'stripe' || !subscriptionId || !details.status || !LIVE_STATUSES.has(details.status)) return { status: 'no_subscription' }
  const subscription = await getStripe().subscriptions.retrieve(subscriptionId)
  const item = subscription.items.data.find((candidate) => candidate.price.id === price)
  if (!item && quantity === 0) return { status: 'active' }
  const change = !item
    ? { price, quantity, metadata: { agencyId } }
    : quantity > 0
      ? { id: item.id, quantity, metadata: { agencyId } }
      : { id: item.id, deleted: true }
  await getStripe().subscriptions.update(subscriptionId, { items: [change], proration_behavior: 'create_prorations' })
  return { status: 'pending' }
}

/** Checkout for a new subscription; the portal's plan change for a live one. */
async function startCheckoutOrPortal({ userId, email, plan }: PlanChoice): Promise<PlanChoiceOutcome> {
  const appUrl = getEnv().APP_URL
  const details = await getBillingDetails(userId)
  if (details?.providerSubscriptionId && details.providerCustomerId && details.status && LIVE_STATUSES.has(details.status)) {
    const portal = await getStripe().billingPortal.sessions.create({
      customer: details.providerCustomerId,
      return_url: `${appUrl}/profile`,
      flow_data: { type: 'subscription_update', subscription_update: { subscription: details.providerSubscriptionId } },
    })
    return { status: 'redirect', url: portal.url }
  }
  const customer = await ensureCustomer(userId, email)
  const session = await getStripe().checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: priceForPlan(plan), quantity: 1 }],
    metadata: { userId, plan },
    subscription_data: { metadata: { userId } },
    success_url: `${appUrl}${CHECKOUT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}${CHECKOUT_CANCELLED_PATH}`,
  })
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`)
  return { status: 'redirect', url: session.url }
}
