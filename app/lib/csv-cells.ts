/*
 * Spreadsheet formula injection (OWASP "CSV Injection"): a spreadsheet opening a CSV runs a
 * cell that begins with = + - @ as a formula, and one that begins with a tab or a carriage
 * return too (it drops them, then reads what follows). Apple Numbers also reads the
 * full-width forms ＝ ＋ － ＠ as their ASCII selves. Every CSV the app writes passes its text
 * cells through neutraliseCsvCell, and the CSV import reads cells back through restoreCsvCell,
 * so an export → import round trip gives back the original text.
 */

const TRIGGER = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20'
// Also a text that already begins with apostrophes before a trigger ("'=x"): it gets one more,
// so that the import's removal of one apostrophe gives it back as it was.
const NEEDS_PREFIX = new RegExp(`^'*[${TRIGGER}]`)
const PREFIXED = new RegExp(`^'+[${TRIGGER}]`)

/**
 * A text cell a spreadsheet shows as text: one that would run as a formula gets a leading
 * apostrophe ("=1+1" → "'=1+1", "\t=1+1" → "'\t=1+1"). For text only: a number written as a
 * number (a price, a negative longitude) is a number to the spreadsheet, never a formula.
 */
export function neutraliseCsvCell(text: string): string {
  return NEEDS_PREFIX.test(text) ? `'${text}` : text
}

/**
 * The cell as it was before neutraliseCsvCell: the apostrophe before a trigger character is
 * removed ("'=1+1" → "=1+1"); any other apostrophe ("'hello") stays.
 */
export function restoreCsvCell(text: string): string {
  return PREFIXED.test(text) ? text.slice(1) : text
}
