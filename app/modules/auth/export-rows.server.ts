import { eq, inArray } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import type { ExportTables } from '#app/lib/export-tables.ts'

/** The account rows of these people for the data export: never the password hash (nor reset tokens). */
export async function exportAccountRows(userIds: readonly string[]): Promise<ExportTables> {
  if (!userIds.length) return { users: [] }
  const rows = await getDb()
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(users.createdAt)
  return { users: rows }
}

/** The account's e-mail address (where the export link goes), or null when it is gone. */
export async function findAccountEmail(userId: string) {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email ?? null
}
