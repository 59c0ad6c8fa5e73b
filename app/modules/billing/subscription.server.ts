import { and, eq, isNull, type SQL } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { stripeEvents, userSubscriptions } from '#db/schema.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { PaidPlan, SubscriptionSnapshot } from './plans.ts'

export async function getSubscription(userId: string): Promise<SubscriptionSnapshot | null> {
  const [row] = await getDb()
    .select(subscriptionJoinColumns())
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1)
  return row ?? null
}

/**
 * An agency's plan is its owner's subscription: when ownership passes on, the subscription row
 * (with its Stripe customer) goes to the new owner, whose own row (a trial of theirs) is dropped.
 */
export async function handSubscriptionTo(tx: Transaction, fromUserId: string, toUserId: string) {
  await tx.delete(userSubscriptions).where(eq(userSubscriptions.userId, toUserId))
  await tx.update(userSubscriptions).set({ userId: toUserId, updatedAt: new Date() }).where(eq(userSubscriptions.userId, fromUserId))
}

/** A new account's free trial, written in the sign-up transaction. */
export async function startTrial(tx: Transaction, userId: string, trialEndDate: Date) {
  await tx.insert(userSubscriptions).values({ userId, plan: 'free_trial', trialEndDate })
}

/**
 * Switches the plan at once; used by providers that settle payment outside the app (manual,
 * demo). A Stripe status left from before (an install that switched back to manual) would
 * otherwise keep gating a plan the operator just granted.
 */
export async function activatePlan(userId: string, plan: PaidPlan, provider: string) {
  const now = new Date()
  const outsideStripe = { status: null, pastDueSince: null, cancelAtPeriodEnd: false }
  await getDb()
    .insert(userSubscriptions)
    .values({ userId, plan, provider, updatedAt: now })
    .onConflictDoUpdate({ target: userSubscriptions.userId, set: { plan, provider, ...outsideStripe, updatedAt: now } })
}

/**
 * Read-only join for the per-request session lookup, which needs the plan in the same query as
 * the session row: the owner says which columns and how to join, nobody else names the table.
 */
export const subscriptionJoin = {
  table: userSubscriptions,
  on: (userId: AnyPgColumn | SQL.Aliased<string>) => eq(userSubscriptions.userId, userId),
  columns: subscriptionJoinColumns(),
}

function subscriptionJoinColumns() {
  return {
    plan: userSubscriptions.plan,
    trialEndDate: userSubscriptions.trialEndDate,
    status: userSubscriptions.status,
    pastDueSince: userSubscriptions.pastDueSince,
  }
}

/** What /profile shows of the plan, and what the Stripe provider needs to find its customer. */
export async function getBillingDetails(userId: string, tx: Transaction | null = null) {
  const [row] = await (tx ?? getDb())
    .select({
      plan: userSubscriptions.plan,
      trialEndDate: userSubscriptions.trialEndDate,
      provider: userSubscriptions.provider,
      status: userSubscriptions.status,
      pastDueSince: userSubscriptions.pastDueSince,
      currentPeriodEnd: userSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: userSubscriptions.cancelAtPeriodEnd,
      providerCustomerId: userSubscriptions.providerCustomerId,
      providerSubscriptionId: userSubscriptions.providerSubscriptionId,
    })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1)
  return row ?? null
}
export type BillingDetails = NonNullable<Awaited<ReturnType<typeof getBillingDetails>>>

/**
 * Keeps the provider's customer id, unless one is already kept (two tabs choosing at once):
 * returns the id that is stored, which the caller uses from then on.
 */
export async function keepProviderCustomer(userId: string, customerId: string): Promise<string> {
  const [updated] = await getDb()
    .update(userSubscriptions)
    .set({ providerCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(userSubscriptions.userId, userId), isNull(userSubscriptions.providerCustomerId)))
    .returning({ id: userSubscriptions.providerCustomerId })
  if (updated?.id) return updated.id
  const current = await getBillingDetails(userId)
  if (!current?.providerCustomerId) throw new Error('No subscription row to keep the customer on')
  return current.providerCustomerId
}

/** The broker whose provider customer this is, or null. */
export async function findUserByProviderCustomer(customerId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.providerCustomerId, customerId))
    .limit(1)
  return row?.userId ?? null
}

/** A provider subscription's state, as of `stateAt` (the provider event's time). */
export type ProviderSubscriptionState = {
  provider: string
  customerId: string
  subscriptionId: string
  plan: PaidPlan | null
  status: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  stateAt: Date
  /** The extra seats the subscription pays for, and the agency they are for (null: not sold here). */
  extraSeats: { quantity: number; agencyId: string | null } | null
}

/**
 * Writes the agency's extra seats from the provider's quantity, in the event's transaction. Given
 * by the caller: the agencies module owns the agency row and comes after billing.
 */
export type SeatWriter = (tx: Transaction, ownerUserId: string, seats: { quantity: number; agencyId: string | null }) => Promise<void>

export type ApplyOutcome = 'applied' | 'replayed' | 'stale' | 'other-subscription'

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due'])

/**
 * Applies a webhook event's subscription state in one transaction with the record of the event:
 * a replayed event id changes nothing; an event older than the state already applied changes
 * nothing (Stripe does not deliver in order); a lapsed subscription that is not the broker's
 * current one (an old one ending after a new one began) changes nothing either.
 */
export async function applyProviderEvent(
  event: { id: string; type: string },
  userId: string,
  state: ProviderSubscriptionState,
  writeSeats?: SeatWriter,
): Promise<ApplyOutcome> {
  return getDb().transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (recorded.length === 0) return 'replayed'

    const [current] = await tx
      .select({
        status: userSubscriptions.status,
        pastDueSince: userSubscriptions.pastDueSince,
        providerStateAt: userSubscriptions.providerStateAt,
        providerSubscriptionId: userSubscriptions.providerSubscriptionId,
      })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, userId))
      .for('update')
    if (!current) return 'stale'
    if (current.providerStateAt && current.providerStateAt.getTime() > state.stateAt.getTime()) return 'stale'
    const otherIsCurrent =
      current.providerSubscriptionId !== null &&
      current.providerSubscriptionId !== state.subscriptionId &&
      current.status !== null &&
      LIVE_STATUSES.has(current.status)
    if (otherIsCurrent && !LIVE_STATUSES.has(state.status)) return 'other-subscription'

    const pastDueSince =
      state.status !== 'past_due' ? null : current.status === 'past_due' && current.pastDueSince ? current.pastDueSince : state.stateAt
    await tx
      .update(userSubscriptions)
      .set({
        ...(state.plan ? { plan: state.plan } : {}),
        provider: state.provider,
        providerCustomerId: state.customerId,
        providerSubscriptionId: state.subscriptionId,
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        pastDueSince,
        providerStateAt: state.stateAt,
        updatedAt: new Date(),
      })
      .where(eq(userSubscriptions.userId, userId))
    if (state.extraSeats && writeSeats) await writeSeats(tx, userId, state.extraSeats)
    return 'applied'
  })
}
