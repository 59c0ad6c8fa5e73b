import { asc, getTableColumns } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportedBy } from '#db/visibility.server.ts'

// The search vector and the folded places are derived from the other columns: not the broker's data.
const { search: _search, cityFolded: _city, areaFolded: _area, ...exportedColumns } = getTableColumns(properties)

/** The broker's properties for the data export, oldest first. */
export async function exportPropertyRows(subject: ExportSubject): Promise<ExportTables> {
  const rows = await getDb().select(exportedColumns).from(properties).where(exportedBy(properties, subject)).orderBy(asc(properties.createdAt), asc(properties.id))
  return { properties: rows }
}
