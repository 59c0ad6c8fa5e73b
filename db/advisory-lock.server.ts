import { sql } from 'drizzle-orm'
import type { Transaction } from './client.server.ts'

/**
 * Serialises work on one thing (a property's media, a client's shortlist) until the transaction
 * ends, without reading or locking a row another module owns: an advisory lock keyed on
 * "scope:id". Different scopes never block each other.
 */
export async function lockForTransaction(tx: Transaction, scope: string, id: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${id}`}, 0))`)
}
