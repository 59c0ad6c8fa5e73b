import { eq, getTableName, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { seesWholeAgency, type Scope } from './tenancy.server.ts'

/*
 * Which of a tenant table's rows a scope reads and changes (issue 26;
 * docs/decisions/034-agencies-and-tenancy.md). Module functions take the `Scope` and filter with
 * these. Row-level security keeps every query inside the agency whatever these say; these decide
 * within it:
 * - the agency's stock (properties, their photos and documents) is visible to every member;
 * - everything else (clients, shortlists, deals, viewings, tasks, shares, notes…) to the member
 *   it is assigned to and to the owner and admins, who see and change every record;
 * - a property is changed by its assigned member and by the owner and admins.
 * For a member alone in their agency (`solo`) the filter is the assigned member's, as before
 * agencies: the same rows, on the per-member indexes of migrations 0004–0021.
 */
type TenantTable = PgTable & { agencyId: PgColumn; ownerId: PgColumn }

const AGENCY_STOCK = new Set(['properties', 'property_photos', 'property_documents'])

/** The rows of `table` the scope may read. */
export function visibleTo(table: TenantTable, scope: Scope): SQL {
  if (!scope.solo && (AGENCY_STOCK.has(getTableName(table)) || seesWholeAgency(scope))) return eq(table.agencyId, scope.agencyId)
  return eq(table.ownerId, scope.memberId)
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
