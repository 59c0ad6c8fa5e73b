import { and, eq, getTableName, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { seesWholeAgency, type Scope } from './tenancy.server.ts'

/*
 * Which of a tenant table's rows a scope reads and changes (issue 26;
 * docs/decisions/034-agencies-and-tenancy.md). Module functions take the `Scope` and filter with
 * these. Row-level security keeps every query inside the agency whatever these say; these decide
 * within it:
 * - the agency's stock (properties, their photos and documents) is visible to every member;
 * - everything else (clients, shortlists, deals, viewings, tasks, shares, notes…) to the member
 *   it is assigned to and to the owner and admins, who see and change every record; and to the
 *   colleagues it is shared with (colleague_shares, migration 0026). What hangs on a client
 *   (its deals, viewings, tasks, shortlist, links, alerts) is visible with the client, a task
 *   also with its deal or property: a record's page shows what colleagues added to it;
 * - a property is changed by its assigned member and by the owner and admins.
 * A colleague a record is shared with may work on it (notes, tasks, viewings, stage, edits: the
 * functions that change a record filter with visibleTo), not delete, reassign or share it on
 * (those filter with changeableBy).
 * For a member alone in their agency (`solo`) the filter is the assigned member's, as before
 * agencies: the same rows, on the per-member indexes of migrations 0004–0021.
 */
type TenantTable = PgTable & { agencyId: PgColumn; ownerId: PgColumn }
type Parent = 'clientId' | 'dealId' | 'propertyId'

const AGENCY_STOCK = new Set(['properties', 'property_photos', 'property_documents'])

/** The column of colleague_shares that names a record of each shareable table. */
const SHARED_BY_ID: Record<string, string> = { clients: 'client_id', deals: 'deal_id', viewings: 'viewing_id', tasks: 'task_id' }

/** The records a row of each table hangs on, whose visibility it follows. */
const HANGS_ON: Record<string, Parent[]> = {
  deals: ['clientId'],
  viewings: ['clientId'],
  tasks: ['clientId', 'dealId', 'propertyId'],
  client_listing_items: ['clientId'],
  shares: ['clientId'],
  client_feedback: ['clientId'],
  client_alerts: ['clientId'],
  alert_matches: ['clientId'],
}

/**
 * The ids of the member's own records of a parent kind: assigned to them, or shared with them.
 * An array subquery (`= any(array(…))`), run once per statement, so each branch of the agent's
 * filter stays an index condition the planner can OR together. Raw names: a lone table's
 * columns are written unqualified by drizzle, which inside a subquery could name the inner table.
 */
const MINE: Record<Parent, (memberId: string) => SQL> = {
  clientId: (m) =>
    sql`select c.id from clients c where c.owner_id = ${m} union all select cs.client_id from colleague_shares cs where cs.member_id = ${m} and cs.client_id is not null`,
  dealId: (m) =>
    sql`select d.id from deals d where d.owner_id = ${m} union all select cs.deal_id from colleague_shares cs where cs.member_id = ${m} and cs.deal_id is not null`,
  propertyId: (m) => sql`select p.id from properties p where p.owner_id = ${m}`,
}

/** An agent's rows of `table` in an agency of several: assigned, shared with them, or hanging on one of theirs. */
function agentRows(table: TenantTable, memberId: string): SQL {
  const name = getTableName(table)
  const columns = table as unknown as Record<string, PgColumn | undefined>
  const branches: SQL[] = [eq(table.ownerId, memberId)]
  const shareColumn = SHARED_BY_ID[name]
  if (shareColumn && columns.id) {
    const column = sql.raw(`cs.${shareColumn}`)
    branches.push(sql`${columns.id} = any(array(select ${column} from colleague_shares cs where cs.member_id = ${memberId} and ${column} is not null))`)
  }
  for (const parent of HANGS_ON[name] ?? []) {
    const column = columns[parent]
    if (column) branches.push(sql`${column} = any(array(${MINE[parent](memberId)}))`)
  }
  return branches.length === 1 ? branches[0]! : or(...branches)!
}

/** The rows of `table` the scope may read. */
export function visibleTo(table: TenantTable, scope: Scope): SQL {
  if (scope.solo) return eq(table.ownerId, scope.memberId)
  if (AGENCY_STOCK.has(getTableName(table)) || seesWholeAgency(scope)) return eq(table.agencyId, scope.agencyId)
  return agentRows(table, scope.memberId)
}

/** The rows of `table` the scope may change or delete. */
export function changeableBy(table: TenantTable, scope: Scope): SQL {
  if (!scope.solo && seesWholeAgency(scope)) return eq(table.agencyId, scope.agencyId)
  return eq(table.ownerId, scope.memberId)
}

/**
 * The rows assigned to the scope's member, whatever their role: what is theirs personally (their
 * share links' counters, their own queue of work), where the agency's view is not meant.
 */
export function assignedTo(table: Pick<TenantTable, 'ownerId'>, scope: Scope): SQL {
  return eq(table.ownerId, scope.memberId)
}

/** The agency whose whole stock the scope reads, or null when the member's own rows are the set. */
export function agencyStockOf(scope: Scope): string | null {
  return scope.solo ? null : scope.agencyId
}

/**
 * Rows written about one record (notes, activity lines) that the scope reads on that record's
 * page, once the page has found the record visible to them: in an agency of several, every
 * member's (so the assigned agent reads what a colleague noted); alone, their own, as before.
 */
export function aboutRecordFor(table: TenantTable, scope: Scope): SQL {
  return scope.solo ? eq(table.ownerId, scope.memberId) : eq(table.agencyId, scope.agencyId)
}

/**
 * A data export's rows of `table`: the whole agency's, or the member's own in the agency. The
 * subject is app/lib/export-tables.ts's ExportSubject, spelled out here: db imports nothing from app/.
 */
export function exportedBy(table: TenantTable, subject: Readonly<{ agencyId: string; memberId: string; wholeAgency: boolean }>): SQL {
  if (subject.wholeAgency) return eq(table.agencyId, subject.agencyId)
  return and(eq(table.agencyId, subject.agencyId), eq(table.ownerId, subject.memberId))!
}
