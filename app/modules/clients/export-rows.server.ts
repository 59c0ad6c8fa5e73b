import { asc, eq, getTableColumns } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

// The search vector is derived from the other columns: not the broker's data.
const { search: _search, ...exportedColumns } = getTableColumns(clients)

/** The broker's clients for the data export, oldest first. */
export async function exportClientRows(brokerId: string): Promise<ExportTables> {
  const rows = await getDb().select(exportedColumns).from(clients).where(eq(clients.ownerId, brokerId)).orderBy(asc(clients.createdAt), asc(clients.id))
  return { clients: rows }
}
