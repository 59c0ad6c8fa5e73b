import { sql } from 'drizzle-orm'
import { queryRows, type Transaction } from './client.server.ts'
import { TABLES, type TableEntry } from './tables.ts'

/**
 * What removing a member does to the agency's rows, table by table as the registry says
 * (db/tables.ts `member.onRemoval`): records assigned to them go to `successorId`, their personal
 * rows in the agency go, authorship stays. Runs in the caller's transaction, so the removal and
 * every row it moves commit together. Returns how many rows each table handed over.
 */
export async function handOverMemberRows(tx: Transaction, agencyId: string, memberId: string, successorId: string) {
  const moved: Record<string, number> = {}
  for (const [name, entry] of Object.entries(TABLES) as [string, TableEntry][]) {
    if (!entry.member || entry.tenancy !== 'agency_id') continue
    const table = sql.identifier(sqlName(name))
    const column = sql.identifier(entry.member.column)
    if (entry.member.onRemoval === 'reassign') {
      const rows = await queryRows(sql`update ${table} set ${column} = ${successorId} where agency_id = ${agencyId} and ${column} = ${memberId} returning 1`, tx)
      moved[name] = rows.length
    } else if (entry.member.onRemoval === 'delete') {
      await tx.execute(sql`delete from ${table} where agency_id = ${agencyId} and ${column} = ${memberId}`)
    }
  }
  return moved
}

/** camelCase registry names to the tables' snake_case names (the schema's convention). */
const sqlName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/** Whether an agency holds any record at all (an agency of one made only to accept an invitation holds none). */
export async function agencyHasRecords(tx: Transaction, agencyId: string): Promise<boolean> {
  for (const [name, entry] of Object.entries(TABLES) as [string, TableEntry][]) {
    if (entry.tenancy !== 'agency_id' || !entry.member) continue
    const rows = await queryRows(sql`select 1 from ${sql.identifier(sqlName(name))} where agency_id = ${agencyId} limit 1`, tx)
    if (rows.length > 0) return true
  }
  return false
}
