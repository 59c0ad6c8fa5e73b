import { neutraliseCsvCell } from '#app/lib/csv-cells.ts'

/**
 * RFC 4180 CSV: CRLF line ends, a header row, and every field that holds a comma, a double
 * quote, a CR or an LF (or starts or ends with a space) quoted with its quotes doubled.
 * Null is an empty field; dates are ISO 8601; arrays and objects are JSON. Text that a
 * spreadsheet would run as a formula gets a leading apostrophe (lib/csv-cells.ts); numbers
 * are written as numbers.
 */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  const first = rows[0]
  if (!first) return ''
  const columns = Object.keys(first)
  const lines = [columns.map((column) => csvField(csvValue(column))), ...rows.map((row) => columns.map((column) => csvField(csvValue(row[column]))))]
  return lines.map((fields) => `${fields.join(',')}\r\n`).join('')
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return neutraliseCsvCell(value)
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
