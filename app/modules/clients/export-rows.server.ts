import { asc, getTableColumns } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

// The search vector is derived from the other columns: not the broker's data.
const { search: _search, ...exportedColumns } = getTableColumns(clients)

/** The broker's clients for the data export, oldest first. */
export async function exportClientRows(subject: ExportSubject): Promise<ExportTables> {
  const rows = await getDb().select(exportedColumns).from(clients).where(exportedBy(clients, subject)).orderBy(asc(clients.createdAt), asc(clients.id))
  return { clients: rows }
}
