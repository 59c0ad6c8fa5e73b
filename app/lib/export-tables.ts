/**
 * One broker's rows of some tables, by SQL table name, for the data export
 * (docs/decisions/015-data-export.md). Each owning module returns its own tables.
 */
export type ExportTables = Record<string, Record<string, unknown>[]>

/**
 * Whose data an export holds (docs/decisions/034-agencies-and-tenancy.md): the whole agency's
 * (asked by its owner or an admin), or one member's own within it (an agent: their account,
 * profile, activity and notes, not the agency's records).
 */
export type ExportSubject = Readonly<{ agencyId: string; memberId: string; wholeAgency: boolean }>
