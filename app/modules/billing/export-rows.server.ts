import { inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { userSubscriptions } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The subscription rows of these people for the data export (the agency's plan is its owner's). */
export async function exportBillingRows(userIds: readonly string[]): Promise<ExportTables> {
  if (!userIds.length) return { user_subscriptions: [] }
  return { user_subscriptions: await getDb().select().from(userSubscriptions).where(inArray(userSubscriptions.userId, [...userIds])) }
}
