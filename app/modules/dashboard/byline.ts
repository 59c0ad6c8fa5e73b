/*
 * "Who did what" in an agency of several: an activity line with the member who acted, in one
 * sentence. The lines are stored as the broker always read them ("Added client Marta", "Note on
 * Villa Azul", "Marta: New → Viewing"); the name is put in front when the line is read.
 */

/** Lines that start with what was done, in the past tense: the name goes before it. */
const LEADING_VERB = /^(Added|Updated|Moved|Restored|Deleted|Imported|Removed|Assigned|Shared|Stopped|Rated|Turned)\b/

/**
 * "Ana Silva added client Marta", "You added a note on Villa Azul", "Ana Silva: Marta: New →
 * Viewing" (a line that does not start with a verb keeps its own words after the name).
 */
export function withActor(actor: string, kind: string, summary: string): string {
  if (kind === 'comment_added' && summary.startsWith('Note on ')) return `${actor} added a note on ${summary.slice('Note on '.length)}`
  if (kind === 'deal_created' && summary.startsWith('New deal ')) return `${actor} created the deal ${summary.slice('New deal '.length)}`
  if (kind === 'viewing_scheduled' && summary.endsWith(' scheduled')) return `${actor} scheduled the ${lowerFirst(summary.slice(0, -' scheduled'.length))}`
  if (LEADING_VERB.test(summary)) return `${actor} ${lowerFirst(summary)}`
  return `${actor}: ${summary}`
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
