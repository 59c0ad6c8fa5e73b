import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leadMessages, leads } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

/**
 * Leads for "Export my data": the agency's, in an export of the whole agency (an agent's own
 * export holds none: leads are the agency's records, as clients are), with their conversations.
 * The inbound address's token is not exported: it is a secret, and /leads shows it.
 */
export async function exportLeadRows(subject: ExportSubject): Promise<ExportTables> {
  const rows = await getDb().select().from(leads).where(exportedBy(leads, subject)).orderBy(asc(leads.arrivedAt), asc(leads.id))
  const messages = await getDb()
    .select({ message: leadMessages })
    .from(leadMessages)
    .innerJoin(leads, eq(leads.id, leadMessages.leadId))
    .where(exportedBy(leads, subject))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id))
  return { leads: rows, lead_messages: messages.map((row) => row.message) }
}
