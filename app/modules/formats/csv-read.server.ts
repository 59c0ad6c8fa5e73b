import { parse } from 'csv-parse/sync'
import { fileTypeFromBuffer } from 'file-type'
import { restoreCsvCell } from '#app/lib/csv-cells.ts'

export const MAX_IMPORT_ROWS = 10_000

/** A file we could not read as a table, with the status it deserves (415: not a CSV at all). */
export type ReadProblem = { status: 400 | 413 | 415; message: string }
/** `row` is the spreadsheet's row number: the header is row 1, so the first record is row 2. */
export type TableRecord = { row: number; cells: string[] }
export type Table = { headers: string[]; records: TableRecord[]; delimiter: string }

const NOT_CSV = 'This file is not a CSV file. In your spreadsheet choose “Save as” → “CSV UTF-8” and upload that file.'

/**
 * The upload's text, checked by content (never by its name): no binary format file-type knows
 * (an .xlsx, a PDF, a photo) but the text kinds allowed (vcf), no NUL bytes, valid UTF-8.
 * A byte order mark is dropped.
 */
export async function decodeTextFile(bytes: Uint8Array, textKinds: string[] = []): Promise<string | ReadProblem> {
  const kind = await fileTypeFromBuffer(bytes)
  if (kind && !textKinds.includes(kind.ext)) return { status: 415, message: `${NOT_CSV} (This one is ${kind.ext.toUpperCase()}.)` }
  if (bytes.subarray(0, 64 * 1024).includes(0)) return { status: 415, message: NOT_CSV }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { status: 415, message: 'This file is not UTF-8 text. In your spreadsheet choose “Save as” → “CSV UTF-8” and upload that file.' }
  }
}

/**
 * The separator of the first line (outside quotes): spreadsheets in much of Europe write
 * semicolons, because the comma is their decimal point; tabs come from copy and paste.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]])
  let quoted = false
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1)
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!
  return count > 0 ? best : ','
}

/**
 * The header row and the records (blank lines skipped), at most MAX_IMPORT_ROWS. A cell our
 * export protected from spreadsheet formulas ("'=1+1") reads as its original text ("=1+1").
 */
export function readCsvTable(text: string): Table | ReadProblem {
  const delimiter = detectDelimiter(text)
  let parsed: string[][]
  try {
    parsed = parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    return { status: 400, message: `The CSV file could not be read${line ? ` (line ${line})` : ''}: check its quotes, or save it again as CSV.` }
  }
  const [headers, ...records] = parsed.map((row) => row.map(restoreCsvCell))
  if (!headers || records.length === 0) return { status: 400, message: 'The file has no rows to import: the first line names the columns, each next line is one row.' }
  if (records.length > MAX_IMPORT_ROWS) {
    return { status: 413, message: `The file has ${records.length.toLocaleString('en-US')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time (split the file).` }
  }
  // Rows of empty cells (";;;;", what spreadsheets leave below the data) are not rows.
  const numbered = records.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((cell) => cell !== ''))
  return { headers, records: numbered, delimiter }
}

export const isReadProblem = (value: unknown): value is ReadProblem =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value
