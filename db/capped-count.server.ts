import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { getDb, queryRows } from './client.server.ts'

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

/**
 * Rows of `table` matching `where` for each of `values` of `column`, each counted up to `cap`, in
 * one statement (a capped count per value, side by side): the /home counts by status and stage,
 * which cost what a 1,000-row portfolio's do however many rows there are. Values of a database
 * enum compare as that type, so an index on (owner, column) serves each count.
 */
export async function countEachUpTo<Value extends string>(
  table: PgTable,
  column: PgColumn,
  values: readonly Value[],
  where: SQL,
  cap: number,
): Promise<Record<Value, CappedCount>> {
  const counts = values.map(
    (value) => sql`select ${value}::text as key,
      (select count(*)::int from (select 1 from ${table} where ${where} and ${column} = ${value} limit ${cap + 1}) as matching) as n`,
  )
  const rows = await queryRows<{ key: string; n: number }>(sql.join(counts, sql` union all `))
  const found = new Map(rows.map((row) => [row.key, Number(row.n)]))
  return Object.fromEntries(
    values.map((value) => {
      const n = found.get(value) ?? 0
      return [value, n > cap ? { count: cap, capped: true } : { count: n, capped: false }]
    }),
  ) as Record<Value, CappedCount>
}
