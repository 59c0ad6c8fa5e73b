/**
 * One broker's rows of some tables, by SQL table name, for the data export
 * (docs/decisions/015-data-export.md). Each owning module returns its own tables.
 */
export type ExportTables = Record<string, Record<string, unknown>[]>
