import { eq } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { userSubscriptions } from '#db/schema.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { PaidPlan, SubscriptionSnapshot } from './plans.ts'

export async function getSubscription(userId: string): Promise<SubscriptionSnapshot | null> {
  const [row] = await getDb()
    .select({ plan: userSubscriptions.plan, trialEndDate: userSubscriptions.trialEndDate })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1)
  return row ?? null
}

/** A new account's free trial, written in the sign-up transaction. */
export async function startTrial(tx: Transaction, userId: string, trialEndDate: Date) {
  await tx.insert(userSubscriptions).values({ userId, plan: 'free_trial', trialEndDate })
}

/** Switches the plan at once; used by providers once payment (if any) is settled. */
export async function activatePlan(userId: string, plan: PaidPlan, provider: string) {
  const now = new Date()
  await getDb()
    .insert(userSubscriptions)
    .values({ userId, plan, provider, updatedAt: now })
    .onConflictDoUpdate({ target: userSubscriptions.userId, set: { plan, provider, updatedAt: now } })
}

/**
 * Read-only join for the per-request session lookup, which needs the plan in the same query as
 * the session row: the owner says which columns and how to join, nobody else names the table.
 */
export const subscriptionJoin = {
  table: userSubscriptions,
  on: (userId: AnyPgColumn) => eq(userSubscriptions.userId, userId),
  columns: { plan: userSubscriptions.plan, trialEndDate: userSubscriptions.trialEndDate },
}
