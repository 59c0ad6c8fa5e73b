/** Reading spreadsheet cells: numbers as people type them, Excel's serial dates, headers. */

/** "List Price", "list_price", "LISTPRICE" → "listprice": headers compare without case, spaces or punctuation. */
export const headerKey = (header: string) => header.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()

/** "Farm land", "farm-land" → "farm_land": a value compared with our enum values. */
export const valueKey = (value: string) => value.trim().toLowerCase().replace(/[\s-]+/g, '_')

/**
 * A number as spreadsheets write it: "250000", "250,000.50", "250.000,50", "1 234,5",
 * "€ 250 000". With both separators the last one is the decimal point; a lone comma is a
 * thousands separator only in groups of three ("1,500" is 1500, "1,5" is 1.5).
 * Undefined for an empty cell, NaN for anything else (the schema says what is wrong).
 */
export function parseNumber(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  let text = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/^[^\d+-.,]+|[^\d.,]+$/g, '')
  if (text === '') return Number.NaN
  const lastComma = text.lastIndexOf(',')
  const lastDot = text.lastIndexOf('.')
  if (lastComma !== -1 && lastDot !== -1) {
    text = lastComma > lastDot ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '')
  } else if (lastComma !== -1) {
    text = /^[+-]?\d{1,3}(,\d{3})+$/.test(text) ? text.replaceAll(',', '') : text.replace(',', '.')
  }
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN
}

// Excel counts days from 1899-12-30 (its 1900 leap-year bug included): 25569 is 1970-01-01.
const EXCEL_EPOCH_OFFSET_DAYS = 25569
const DAY_MS = 86_400_000

/**
 * A date: ISO 8601 ("2024-03-01", "2024-03-01T10:00:00Z"), or an Excel serial date ("45352",
 * "45352.5": days since 1899-12-30, what a date cell becomes when a spreadsheet saves numbers).
 * Null when it is neither.
 */
export function parseDate(raw: string): Date | null {
  const text = raw.trim()
  if (/^\d{1,6}(\.\d+)?$/.test(text)) {
    const serial = Number(text)
    if (serial < 1 || serial > 2_958_465) return null
    return new Date(Math.round((serial - EXCEL_EPOCH_OFFSET_DAYS) * DAY_MS))
  }
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null
  const date = new Date(text.includes('T') || text.includes(' ') ? text.replace(' ', 'T') : `${text}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "sea view, renovated" → ["sea view", "renovated"]; empty → []. */
export const splitList = (raw: string | undefined) => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)
