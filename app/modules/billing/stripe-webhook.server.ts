import type Stripe from 'stripe'
import { getStripe, planForPrice, seatPrice, stripeSettings } from './stripe-client.server.ts'
import { applyProviderEvent, findUserByProviderCustomer, type ProviderSubscriptionState, type SeatWriter } from './subscription.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/** What the webhook route answers; `retry` (the API could not be reached) makes Stripe redeliver. */
export type WebhookOutcome =
  | { status: 'bad-signature' }
  | { status: 'retry' }
  | { status: 'ignored' | 'unknown-customer' | 'applied' | 'replayed' | 'stale' | 'other-subscription'; eventId: string }

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/** The subscription and customer an event names, for the events that change a subscription. */
function subscriptionOf(event: Stripe.Event): { subscriptionId: string; customerId: string } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null
      const customerId = idOf(session.customer)
      return subscriptionId && customerId ? { subscriptionId, customerId } : null
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const customerId = idOf(event.data.object.customer)
      return customerId ? { subscriptionId: event.data.object.id, customerId } : null
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription)
      const customerId = idOf(invoice.customer)
      return subscriptionId && customerId ? { subscriptionId, customerId } : null
    }
    default:
      return null
  }
}

/**
 * The subscription as Stripe holds it now, not as the event saw it: events arrive in any order
 * and a retried one may be days old. Only a subscription the API no longer knows falls back to
 * the copy in a customer.subscription.* event.
 */
async function currentSubscription(event: Stripe.Event, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await getStripe().subscriptions.retrieve(subscriptionId)
  } catch (error) {
    const missing = (error as { code?: string }).code === 'resource_missing'
    if (missing && event.type.startsWith('customer.subscription.')) return event.data.object as Stripe.Subscription
    if (missing) return null
    throw error
  }
}

const LAPSED = new Set(['canceled', 'unpaid', 'incomplete_expired'])

function stateOf(subscription: Stripe.Subscription, customerId: string, event: Stripe.Event): ProviderSubscriptionState {
  // The plan's item (an extra-seat item may sit beside it). Since API version 2025-03-31 the
  // billing period lives on each item.
  const items = subscription.items.data
  const item = items.find((candidate) => planForPrice(candidate.price.id)) ?? items.find((candidate) => candidate.price.id !== seatPrice()) ?? items[0]
  const periodEnd = item?.current_period_end ?? null
  const seats = seatPrice() ? items.find((candidate) => candidate.price.id === seatPrice()) : undefined
  return {
    provider: 'stripe',
    customerId,
    subscriptionId: subscription.id,
    plan: planForPrice(item?.price.id),
    status: subscription.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    stateAt: new Date(event.created * 1000),
    // Extra seats only where this install sells them; a lapsed subscription pays for none.
    extraSeats: seatPrice()
      ? { quantity: LAPSED.has(subscription.status) ? 0 : (seats?.quantity ?? 0), agencyId: seats?.metadata?.agencyId ?? null }
      : null,
  }
}

/**
 * How far the signature's time (`t=` in the Stripe-Signature header, covered by the signature)
 * may be from this server's clock, either way: the SDK's default, 5 minutes. The SDK refuses an
 * older one (a replay of a captured delivery) but not one from the future, which would stay
 * replayable until that time and beyond; that side is checked here.
 */
const SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * Whether the header was signed more than the tolerance ahead of `nowMs`. Read as the SDK reads
 * it (stripe/esm/Webhooks.js parseHeader): the last `t=` is the time the signature covers.
 */
function signedInTheFuture(signatureHeader: string, nowMs: number): boolean {
  let signedAt = Number.NaN
  for (const item of signatureHeader.split(',')) {
    const [key, value] = item.split('=')
    if (key === 't') signedAt = Number.parseInt(value ?? '', 10)
  }
  // No readable time: the SDK has already refused such a header.
  if (!Number.isFinite(signedAt)) return true
  return signedAt - Math.floor(nowMs / 1000) > SIGNATURE_TOLERANCE_SECONDS
}

/**
 * Verifies the signature on the raw body (and that it was made within 5 minutes of now, before or after), then applies the subscription the event names to its
 * broker; `writeSeats` (the agencies module's, given by the route) writes the extra seats in the
 * same transaction. Events for customers this install does not know (another app on the same Stripe
 * account, an account deleted since) are acknowledged and logged, and nothing is written.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null, writeSeats?: SeatWriter): Promise<WebhookOutcome> {
  let event: Stripe.Event
  try {
    event = await getStripe().webhooks.constructEventAsync(rawBody, signature ?? '', stripeSettings().webhookSecret, SIGNATURE_TOLERANCE_SECONDS)
  } catch {
    return { status: 'bad-signature' }
  }
  if (signedInTheFuture(signature ?? '', Date.now())) return { status: 'bad-signature' }
  const named = subscriptionOf(event)
  if (!named) return { status: 'ignored', eventId: event.id }
  const userId = await findUserByProviderCustomer(named.customerId)
  if (!userId) {
    logger.warn({ eventType: event.type, eventId: event.id, customerId: named.customerId }, 'Stripe webhook names an unknown customer; acknowledged, nothing written')
    return { status: 'unknown-customer', eventId: event.id }
  }
  let subscription: Stripe.Subscription | null
  try {
    subscription = await currentSubscription(event, named.subscriptionId)
  } catch (error) {
    logger.error({ err: error, eventId: event.id, subscriptionId: named.subscriptionId }, 'Stripe webhook: could not read the subscription')
    return { status: 'retry' }
  }
  if (!subscription) return { status: 'ignored', eventId: event.id }
  const outcome = await applyProviderEvent(event, userId, stateOf(subscription, named.customerId, event), writeSeats)
  return { status: outcome, eventId: event.id }
}
