import { data, redirect, redirectDocument, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { checkSelectionSize, refuseBulk, tickedIds } from '#app/http/bulk-selection.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireOwnedFormIds } from '#app/http/owned-ids.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { countOf } from '#app/lib/format.ts'
import { forbidden, notFound, orNotFound } from '#app/lib/http.ts'
import { listClientOptions } from '#app/modules/deals/options.server.ts'
import { addListingItems } from '#app/modules/listings/listing-mutations.server.ts'
import { MAX_LISTING_ITEMS } from '#app/modules/listings/schemas.ts'
import { changeablePropertyIds, resolveOwnedProperties } from '#app/modules/properties/access.server.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { deleteProperty, setPropertiesStatus } from '#app/modules/properties/mutations.server.ts'
import { STATUSES } from '#db/reference.ts'
import { bulkAssign } from '#app/http/bulk-assign.server.ts'
import { requireAuth } from '#app/http/session.server.ts'

/** The bulk bar's intents on /properties; `delete` asks first, `delete-confirmed` deletes. */
const PropertyBulkSchema = z.object({ intent: z.enum(['bulk-status', 'bulk-assign', 'bulk-shortlist', 'bulk-export', 'bulk-delete', 'bulk-delete-confirmed']) })
/** The intents that change the listings (the others read them: every member may; assigning checks its own rights). */
const CHANGES: ReadonlySet<string> = new Set(['bulk-status', 'bulk-delete', 'bulk-delete-confirmed'])

export const isPropertyBulkIntent = (intent: unknown) => typeof intent === 'string' && intent.startsWith('bulk-')

export type SelectedProperty = { id: string; title: string }
/** The step a bulk action asks for before it acts: which client's shortlist, or "delete these?". */
export type PropertyBulkStep =
  | { step: 'shortlist'; selected: SelectedProperty[]; clients: { id: string; fullName: string }[] }
  | { step: 'delete'; selected: SelectedProperty[] }

/**
 * The bulk bar of /properties (docs/decisions/031): the ticked rows (`ids`, at most 100) are
 * resolved to the broker's own properties first, so another broker's, a deleted or a malformed
 * id is skipped, never touched; a selection with none of the broker's is a 404. Then: set one
 * status on all (one transaction), add them to a client's shortlist (the client is chosen in a
 * second step), export them as CSV, or move them to the trash after a confirmation step, each
 * through the single-property delete. Answers back at `here`, the list with its filters.
 */
export async function handlePropertyBulk(context: Readonly<RouterContextProvider>, form: FormData, here: string) {
  const { scope } = requireAuth(context)
  const parsed = parseIntentForm(form, PropertyBulkSchema)
  if (!parsed.success) throw new Error('unreachable: an unknown intent is a 400 in parseIntentForm')
  const { intent } = parsed.data
  // Ownership first: another broker's client is a 404 whatever else the form holds.
  if (intent === 'bulk-shortlist') await requireOwnedFormIds(scope, [['client', form.get('clientId')]])
  const ticked = tickedIds(form)
  const sizeRefusal = checkSelectionSize(ticked, 'properties')
  if (sizeRefusal) return sizeRefusal
  const visible = await resolveOwnedProperties(scope, ticked)
  if (visible.length === 0) notFound()
  // A colleague's listings are seen, not changed: skipped like another broker's, and a
  // selection of only theirs is a 403 (docs/decisions/034).
  const changeable = CHANGES.has(intent) ? await changeablePropertyIds(scope, visible.map((p) => p.id)) : null
  const selected = changeable ? visible.filter((p) => changeable.has(p.id)) : visible
  if (selected.length === 0) forbidden()
  const ids = selected.map((p) => p.id)

  switch (intent) {
    case 'bulk-status': {
      const status = z.enum(STATUSES).safeParse(form.get('status'))
      if (!status.success) return refuseBulk('Choose one of the statuses listed.', 'status', ids)
      const { changed, unchanged } = await setPropertiesStatus(scope, ids, status.data)
      const already = unchanged ? ` ${countOf(unchanged, 'property', 'properties')} already had it.` : ''
      setFlash(context, { kind: changed ? 'success' : 'info', message: `Set ${countOf(changed, 'property', 'properties')} to ${label(status.data)}.${already}` })
      throw redirect(here)
    }
    case 'bulk-assign':
      return bulkAssign(context, 'property', ids, form, here)
    case 'bulk-shortlist': {
      const clientId = form.get('clientId')
      if (typeof clientId !== 'string' || clientId === '') {
        // No client yet: the step that asks which one (the bar's button says "Add to a shortlist…").
        const step: PropertyBulkStep = { step: 'shortlist', selected, clients: await listClientOptions(scope) }
        return data(step)
      }
      const result = orNotFound(await addListingItems(scope, clientId, ids))
      const lines = [
        `Added ${countOf(result.added.length, 'property', 'properties')} to the shortlist of ${result.clientName}.`,
        result.alreadyListed.length ? `${countOf(result.alreadyListed.length, 'was', 'were')} already on it.` : '',
        result.noRoom.length ? `${countOf(result.noRoom.length, 'property', 'properties')} did not fit: a shortlist holds at most ${MAX_LISTING_ITEMS}.` : '',
      ]
      setFlash(context, { kind: result.added.length ? 'success' : 'info', message: lines.filter(Boolean).join(' ') })
      throw redirect(here)
    }
    case 'bulk-export':
      // A download: with JavaScript the bar goes there itself, this is the form's own way.
      throw redirectDocument(`/properties/export.csv?ids=${ids.join(',')}`)
    case 'bulk-delete': {
      const step: PropertyBulkStep = { step: 'delete', selected }
      return data(step)
    }
    case 'bulk-delete-confirmed': {
      // One by one through the single delete, so whatever a delete does (files, the log) it does here.
      let deleted = 0
      for (const id of ids) if (await deleteProperty(scope, id)) deleted += 1
      setFlash(context, { kind: 'success', message: `Moved ${countOf(deleted, 'property', 'properties')} to the trash. Restore ${deleted === 1 ? 'it' : 'them'} from the Trash within 30 days.` })
      throw redirect(here)
    }
  }
}
