import { and, eq, getTableName, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { currentScope, seesWholeAgency } from './tenancy.server.ts'

/*
 * Which of a tenant table's rows a member reads and changes, by the request's scope (issue 26;
 * docs/decisions/034-agencies-and-tenancy.md). Module functions take the acting member's id and
 * filter with these; the scope they read is set only by the session middleware. Row-level
 * security keeps every query inside the agency whatever these say; these decide within it:
 * - the agency's stock (properties, their photos and documents) is visible to every member;
 * - everything else (clients, shortlists, deals, viewings, tasks, shares, notes…) to the member
 *   it is assigned to and to the owner and admins, who see and change every record;
 * - a property is changed by its assigned member and by the owner and admins.
 * Outside a request's scope (jobs, scripts) and for a member alone in their agency, the filter
 * is the assigned member's, as before agencies: the same rows, on the per-member indexes.
 */
type TenantTable = PgTable & { agencyId: PgColumn; ownerId: PgColumn }

const AGENCY_STOCK = new Set(['properties', 'property_photos', 'property_documents'])

function memberScope(memberId: string) {
  const scope = currentScope()
  return scope && scope.memberId === memberId && !scope.solo ? scope : null
}

/** The rows of `table` the member may read. */
export function visibleTo(table: TenantTable, memberId: string): SQL {
  const scope = memberScope(memberId)
  if (scope && (AGENCY_STOCK.has(getTableName(table)) || seesWholeAgency(scope))) return eq(table.agencyId, scope.agencyId)
  return eq(table.ownerId, memberId)
}

/** The rows of `table` the member may change or delete. */
export function changeableBy(table: TenantTable, memberId: string): SQL {
  const scope = memberScope(memberId)
  if (scope && seesWholeAgency(scope)) return eq(table.agencyId, scope.agencyId)
  return eq(table.ownerId, memberId)
}

/** The agency whose whole stock the member is reading, or null when their own rows are the set. */
export function agencyStockOf(memberId: string): string | null {
  return memberScope(memberId)?.agencyId ?? null
}

/**
 * A data export's rows of `table`: the whole agency's, or the member's own in the agency. The
 * subject is app/lib/export-tables.ts's ExportSubject, spelled out here: db imports nothing from app/.
 */
export function exportedBy(table: TenantTable, subject: Readonly<{ agencyId: string; memberId: string; wholeAgency: boolean }>): SQL {
  if (subject.wholeAgency) return eq(table.agencyId, subject.agencyId)
  return and(eq(table.agencyId, subject.agencyId), eq(table.ownerId, subject.memberId))!
}
