/*
 * "Who did what" in an agency of several: an activity line with the member who acted, in one
 * sentence. The lines are stored as the broker always read them ("Added client Marta", "Note on
 * Villa Azul", "Marta: New → Viewing"); the name is put in front when the line is read.
 */

/**
 * The kinds whose lines start with what was done, in the past tense ("Added …", "Moved …"): the
 * name goes before it. By kind, not by the words alone: a line that starts with a name ("Shared
 * Villa: Active → Sold") must not read as a verb.
 */
const VERB_FIRST = new Set([
  'property_created',
  'property_updated',
  'property_deleted',
  'property_restored',
  'photos_added',
  'photo_deleted',
  'photo_restored',
  'document_added',
  'document_deleted',
  'document_restored',
  'client_created',
  'client_updated',
  'client_deleted',
  'client_restored',
  'listing_updated',
  'listing_shared',
  'share_revoked',
  'deal_moved',
  'record_assigned',
  'record_shared',
  'record_unshared',
])
const LEADING_VERB = /^(Added|Updated|Moved|Restored|Deleted|Imported|Removed|Assigned|Shared|Stopped|Revoked)\b/

/**
 * "Ana Silva added client Marta", "You added a note on Villa Azul", "Ana Silva: Marta: New →
 * Viewing" (a line that does not start with what was done keeps its own words after the name).
 */
export function withActor(actor: string, kind: string, summary: string): string {
  if (kind === 'comment_added' && summary.startsWith('Note on ')) return `${actor} added a note on ${summary.slice('Note on '.length)}`
  if (kind === 'deal_created' && summary.startsWith('New deal ')) return `${actor} created the deal ${summary.slice('New deal '.length)}`
  if (kind === 'viewing_scheduled' && summary.endsWith(' scheduled')) return `${actor} scheduled the ${lowerFirst(summary.slice(0, -' scheduled'.length))}`
  if (VERB_FIRST.has(kind) && LEADING_VERB.test(summary)) return `${actor} ${lowerFirst(summary)}`
  return `${actor}: ${summary}`
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
