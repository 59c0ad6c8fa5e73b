import { asc } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { alertMatches, clientAlerts } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/**
 * Client alerts for the data export. The unsubscribe token is left out: it is a credential of
 * the client's, not the broker's data.
 */
export async function exportAlertRows(subject: ExportSubject): Promise<ExportTables> {
  const db = getDb()
  const [alertRows, matchRows] = await Promise.all([
    db.select().from(clientAlerts).where(exportedBy(clientAlerts, subject)).orderBy(asc(clientAlerts.consentedAt)),
    db.select().from(alertMatches).where(exportedBy(alertMatches, subject)).orderBy(asc(alertMatches.foundAt), asc(alertMatches.id)),
  ])
  return {
    client_alerts: alertRows.map(({ unsubscribeToken: _token, ...row }) => row),
    alert_matches: matchRows,
  }
}
