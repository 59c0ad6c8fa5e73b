import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { getDb } from './client.server.ts'

/**
 * Lists say "1,000+" rather than read every matching row to count them: the count stops at
 * `cap` (cost bounded by the cap, not by the portfolio). `capped` is true when there are more.
 */
/** Lists count their matches up to this many: 50 pages of 20. */
export const LIST_COUNT_CAP = 1000

export type CappedCount = { count: number; capped: boolean }

/** Rows of `table` matching `where`, counted up to `cap`. */
export async function countUpTo(table: PgTable, where: SQL | undefined, cap: number): Promise<CappedCount> {
  const matching = getDb()
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matching')
  const [row] = await getDb().select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(matching)
  const n = row?.n ?? 0
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false }
}
