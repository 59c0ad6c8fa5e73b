import { sql } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'

/**
 * Serialises photo and document changes to one property until the transaction ends, so two
 * uploads cannot both take the last free place and reorders never interleave. An advisory
 * lock keyed on the property id: media need not lock (or even read) the properties table.
 */
export async function lockPropertyMedia(tx: Transaction, propertyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${propertyId}, 42))`)
}
