import { data } from 'react-router'
import { MAX_BULK_SELECTION } from '#app/lib/bulk.ts'

/** What a refused bulk form returns (400): the message beside the bar, and the ticked rows to tick again. */
export type BulkRefusal = { bulkError: string; field: 'selection' | 'status' | 'stage' | 'clientId' | 'memberId'; selected: string[] }

/**
 * The rows ticked in a list's bulk form: every `ids` value, as posted (the forms name each
 * checkbox `ids`; a confirmation step sends them back the same way). Ownership is the
 * caller's next step: this only counts them.
 */
export function tickedIds(form: FormData): string[] {
  return [...new Set(form.getAll('ids').filter((value): value is string => typeof value === 'string' && value !== ''))]
}

/** A 400 with the message next to the bar, the ticked rows kept. */
export function refuseBulk(message: string, field: BulkRefusal['field'], selected: string[]) {
  return data({ bulkError: message, field, selected } satisfies BulkRefusal, { status: 400 })
}

/** Nothing ticked, or too many: the refusal to answer, else null. `noun` is plural ("properties"). */
export function checkSelectionSize(ids: string[], noun: string) {
  if (ids.length === 0) return refuseBulk(`Select at least one of the ${noun} first.`, 'selection', ids)
  if (ids.length > MAX_BULK_SELECTION) return refuseBulk(`Select at most ${MAX_BULK_SELECTION} ${noun} at a time.`, 'selection', [])
  return null
}
