import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { userSubscriptions } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's subscription row for the data export. */
export async function exportBillingRows(brokerId: string): Promise<ExportTables> {
  return { user_subscriptions: await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, brokerId)) }
}
