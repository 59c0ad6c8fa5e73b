import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { userSubscriptions } from '#db/schema.ts'
import type { PaidPlan, SubscriptionSnapshot } from './plans.ts'

export async function getSubscription(userId: string): Promise<SubscriptionSnapshot | null> {
  const [row] = await getDb()
    .select({ plan: userSubscriptions.plan, trialEndDate: userSubscriptions.trialEndDate })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1)
  return row ?? null
}

/** Switches the plan at once; used by providers once payment (if any) is settled. */
export async function activatePlan(userId: string, plan: PaidPlan, provider: string) {
  const now = new Date()
  await getDb()
    .insert(userSubscriptions)
    .values({ userId, plan, provider, updatedAt: now })
    .onConflictDoUpdate({ target: userSubscriptions.userId, set: { plan, provider, updatedAt: now } })
}
