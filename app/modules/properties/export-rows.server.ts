import { asc, eq, getTableColumns } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

// The search vector and the folded places are derived from the other columns: not the broker's data.
const { search: _search, cityFolded: _city, areaFolded: _area, ...exportedColumns } = getTableColumns(properties)

/** The broker's properties for the data export, oldest first. */
export async function exportPropertyRows(brokerId: string): Promise<ExportTables> {
  const rows = await getDb().select(exportedColumns).from(properties).where(eq(properties.ownerId, brokerId)).orderBy(asc(properties.createdAt), asc(properties.id))
  return { properties: rows }
}
