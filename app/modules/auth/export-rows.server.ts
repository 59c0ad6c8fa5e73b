import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The broker's account row for the data export: never the password hash (nor reset tokens). */
export async function exportAccountRows(brokerId: string): Promise<ExportTables> {
  const rows = await getDb()
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, brokerId))
  return { users: rows }
}

/** The account's e-mail address (where the export link goes), or null when it is gone. */
export async function findAccountEmail(userId: string) {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email ?? null
}
