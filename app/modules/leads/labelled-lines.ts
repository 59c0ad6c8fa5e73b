import { FIELD_LABELS, FORWARD_MARKERS, MULTILINE_FIELDS, NEXT_LINE_FIELDS, type LeadField } from './mail-rules.ts'

/*
 * Reads "Label: value" lines out of a mail's text with the labels of mail-rules.ts. Quoted lines
 * ("> Name: Ana") count, labels may be bold ("**Email:**") or carry a note ("Phone (mobile):",
 * "Telefone/Telemóvel:"), a label alone on its line takes the next line (HTML tables turned into
 * text), and a message runs on until the next label or a separator. What no label claims is the
 * rest: the message of a mail that has no "Message:" line.
 */

export type LabelledFields = { fields: Partial<Record<LeadField, string>>; rest: string }

const fold = (text: string) => text.normalize('NFC').toLowerCase()

const FIELD_OF_LABEL = new Map<string, LeadField>()
for (const [field, labels] of Object.entries(FIELD_LABELS) as [LeadField, readonly string[]][]) {
  for (const label of labels) if (!FIELD_OF_LABEL.has(fold(label))) FIELD_OF_LABEL.set(fold(label), field)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const LABEL_ALTERNATIVES = [...FIELD_OF_LABEL.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')

/**
 * A label at the start of a line (after quote marks, bullets or emphasis), an optional short note
 * after it, then a colon, a tab or a wide gap, then the value. Labels are matched whole: "Names:"
 * is not "Name:".
 */
const LABEL_LINE = new RegExp(
  `^[\\s>]*(?:[*_•·–-]+\\s*)?(${LABEL_ALTERNATIVES})(?![\\p{L}\\p{N}])(?:\\s*[/(][^:\\n]{0,30})?\\s*[*_]*\\s*(?:[:：]|\\t|\\s{2,})[*_]*\\s*(.*)$`,
  'iu',
)

/** A line that only separates (a signature's "-- ", rules of dashes or underscores): it ends a message. */
const SEPARATOR = /^\s*(?:--\s*|[-_=~*]{3,})\s*$/

/** The most lines of text read: a huge mail's first part holds its enquiry, if any. */
const MAX_LINES = 5000

function labelOf(line: string): { field: LeadField; value: string } | null {
  const match = LABEL_LINE.exec(line)
  if (!match) return null
  const field = FIELD_OF_LABEL.get(fold(match[1] ?? ''))
  if (!field) return null
  return { field, value: (match[2] ?? '').replace(/[*_]+$/, '').trim() }
}

const stripQuote = (line: string) => line.replace(/^[\s>]*>\s?/, '')

export function readLabelledLines(text: string): LabelledFields {
  // Some forms put every field on one line: "Name: Ana | Email: ana@x.pt | Phone: 912…".
  // Composed, as the labels are: "Téléphone" typed on a Mac may arrive with its accents apart.
  const lines = text
    .normalize('NFC')
    .split(/\r\n|\r|\n/)
    .slice(0, MAX_LINES)
    .flatMap((line) => line.split(/\s+\|\s+/))
  const fields: Partial<Record<LeadField, string>> = {}
  const rest: string[] = []
  let running: LeadField | null = null
  // Inside a forwarded message's header block ("From:", "Date:", "Subject:" lines after a
  // "Forwarded message" line): only there do such labels count, so an enquiry's own
  // "Date: Saturday morning" stays in its message. A blank line after a header ends the block.
  let headerBlock: 'none' | 'opened' | 'reading' = 'none'
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const plain = stripQuote(line)
    if (FORWARD_MARKERS.some((marker) => marker.test(plain.trim()))) {
      running = null
      headerBlock = 'opened'
      continue
    }
    if (!plain.trim() && headerBlock === 'reading') headerBlock = 'none'
    const labelled = forwardedHeaderOrNot(labelOf(line), headerBlock)
    if (labelled) {
      running = null
      const { field } = labelled
      if (field === 'forwardedFrom' || field === 'forwardedHeader') headerBlock = 'reading'
      if (field === 'forwardedHeader') continue
      let value = labelled.value
      if (!value && NEXT_LINE_FIELDS.has(field)) {
        const next = nextTextLine(lines, i)
        if (next !== null && !labelOf(lines[next] ?? '')) {
          value = stripQuote(lines[next] ?? '').trim()
          i = next
        }
      }
      if (fields[field] === undefined) {
        fields[field] = value
        if (MULTILINE_FIELDS.has(field)) running = field
      }
      continue
    }
    if (running && !SEPARATOR.test(plain)) {
      fields[running] = `${fields[running] ?? ''}\n${plain}`
      continue
    }
    running = null
    rest.push(plain)
  }
  for (const field of MULTILINE_FIELDS) {
    const value = fields[field]
    if (value !== undefined) fields[field] = tidyParagraphs(value)
  }
  return { fields, rest: tidyParagraphs(rest.join('\n')) }
}

/**
 * A forwarded header line counts only inside a header block, and a "From:" line only with an
 * address in it ("From: 9 am" is part of an enquiry); otherwise the line is plain text.
 */
function forwardedHeaderOrNot(labelled: { field: LeadField; value: string } | null, headerBlock: 'none' | 'opened' | 'reading') {
  if (!labelled) return null
  if (labelled.field === 'forwardedFrom' && !labelled.value.includes('@')) return null
  if (labelled.field === 'forwardedHeader' && headerBlock === 'none') return null
  return labelled
}

function nextTextLine(lines: string[], from: number): number | null {
  for (let i = from + 1; i < Math.min(lines.length, from + 3); i++) if ((lines[i] ?? '').trim()) return i
  return null
}

/** Text without trailing spaces, runs of blank lines or blank lines around it. */
export function tidyParagraphs(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
