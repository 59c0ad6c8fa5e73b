import { headerKey } from './cells.ts'
import type { TableRecord } from './csv-read.server.ts'
import type { Column } from './property-columns.ts'

/** What the preview lists: a row that cannot be imported, and why. */
export type RowError = { row: number; field: string; message: string }
/** A row skipped as a duplicate: of an earlier row of the file (firstRow), or of existing data (firstRow null). */
export type Duplicate = { row: number; field: string; value: string; firstRow: number | null }

/** A row of the file as the preview shows it: a few telling cells, as the file has them. */
export type PreviewRow = { row: number; cells: string[] }

export type CheckedRows<T> = {
  accepted: { row: number; value: T }[]
  errors: RowError[]
  duplicates: Duplicate[]
  notes: string[]
  ignoredColumns: string[]
  /** The preview's columns (named as the file names them) and every row's cells under them. */
  previewColumns: string[]
  previewRows: PreviewRow[]
}

/** A cell as the preview shows it: at most this many characters (the row is there to be recognised). */
const PREVIEW_CELL_CHARS = 80

/** The cells of one row under the preview's columns; each column takes the first of its headers the file has. */
export function previewCells(get: Cells, columns: readonly (readonly string[])[]): string[] {
  return columns.map((headers) => {
    const value = headers.map((header) => get(header)).find((cell) => cell !== undefined) ?? ''
    return value.length > PREVIEW_CELL_CHARS ? `${value.slice(0, PREVIEW_CELL_CHARS - 1)}…` : value
  })
}

/** One record's cells by our column header; empty cells are undefined. */
export type Cells = (header: string) => string | undefined

export type ResolvedHeaders = {
  cellsOf: (record: TableRecord) => Cells
  /** How the file names one of our columns (for messages), or the column's own name. */
  nameOf: (header: string) => string
  has: (header: string) => boolean
  ignored: string[]
}

/** Matches the file's headers to our columns (their names and aliases, see headerKey); the first of two wins. */
export function resolveHeaders(headers: string[], columns: Column<never>[], extra: string[] = []): ResolvedHeaders {
  const byKey = new Map<string, string>()
  for (const column of columns) {
    for (const name of [column.header, ...(column.aliases ?? [])]) if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), column.header)
  }
  for (const name of extra) byKey.set(headerKey(name), name)
  const index = new Map<string, number>()
  const fileName = new Map<string, string>()
  const ignored: string[] = []
  headers.forEach((header, i) => {
    const ours = byKey.get(headerKey(header))
    if (ours === undefined) {
      if (header.trim()) ignored.push(header.trim())
    } else if (!index.has(ours)) {
      index.set(ours, i)
      fileName.set(ours, header.trim())
    }
  })
  return {
    cellsOf: ({ cells }) => (header) => {
      const i = index.get(header)
      const value = i === undefined ? undefined : cells[i]?.trim()
      return value ? value : undefined
    },
    nameOf: (header) => fileName.get(header) ?? header,
    has: (header) => index.has(header),
    ignored,
  }
}

const PHOTO_HEADER = /photo|image|picture|media|foto|imagen/i

/** The note shown when a file carries photo addresses: we do not fetch them. */
export function photoColumnNote(ignored: string[]): string[] {
  const photoColumns = ignored.filter((h) => PHOTO_HEADER.test(h))
  return photoColumns.length
    ? [`Photos by address are not imported (column ${photoColumns.map((h) => `“${h}”`).join(', ')}): add photos on each property’s page after the import.`]
    : []
}

/**
 * Marks duplicates by a key (reference code, e-mail): a row whose key an earlier row of the
 * file has, or the broker's data already has, is skipped. Rows without a key are kept.
 */
export function dropDuplicates<T>(
  accepted: { row: number; value: T }[],
  keyOf: (value: T) => string | null | undefined,
  existing: Set<string>,
  field: string,
): { kept: { row: number; value: T }[]; duplicates: Duplicate[] } {
  const firstRowOf = new Map<string, number>()
  const kept: { row: number; value: T }[] = []
  const duplicates: Duplicate[] = []
  for (const item of accepted) {
    const value = keyOf(item.value)
    if (!value) {
      kept.push(item)
      continue
    }
    const key = value.toLowerCase()
    const first = firstRowOf.get(key)
    if (first !== undefined) duplicates.push({ row: item.row, field, value, firstRow: first })
    else if (existing.has(key)) duplicates.push({ row: item.row, field, value, firstRow: null })
    else {
      firstRowOf.set(key, item.row)
      kept.push(item)
    }
  }
  return { kept, duplicates }
}
