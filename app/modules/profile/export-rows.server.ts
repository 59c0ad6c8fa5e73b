import { inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The profile rows of these people for the data export, in the order given (the exporter first). */
export async function exportProfileRows(userIds: readonly string[]): Promise<ExportTables> {
  if (!userIds.length) return { profiles: [] }
  const rows = await getDb().select().from(profiles).where(inArray(profiles.id, [...userIds]))
  return { profiles: rows.sort((a, b) => userIds.indexOf(a.id) - userIds.indexOf(b.id)) }
}
