import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { alertMatches, clientAlerts } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/**
 * Client alerts for the data export. The unsubscribe token is left out: it is a credential of
 * the client's, not the broker's data.
 */
export async function exportAlertRows(brokerId: string): Promise<ExportTables> {
  const db = getDb()
  const [alertRows, matchRows] = await Promise.all([
    db.select().from(clientAlerts).where(eq(clientAlerts.ownerId, brokerId)).orderBy(asc(clientAlerts.consentedAt)),
    db.select().from(alertMatches).where(eq(alertMatches.ownerId, brokerId)).orderBy(asc(alertMatches.foundAt), asc(alertMatches.id)),
  ])
  return {
    client_alerts: alertRows.map(({ unsubscribeToken: _token, ...row }) => row),
    alert_matches: matchRows,
  }
}
