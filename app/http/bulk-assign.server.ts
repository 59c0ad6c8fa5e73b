import { redirect, type RouterContextProvider } from 'react-router'
import { countOf } from '#app/lib/format.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.ts'
import { assignRecords } from '#app/modules/assignment/assign.server.ts'
import { KIND_NOUNS, type AssignableKind } from '#app/modules/assignment/kinds.ts'
import { refuseBulk } from './bulk-selection.server.ts'
import { requireAuth } from './session.server.ts'

/**
 * The bulk bar's "Assign to …" (issue 26): the ticked rows, already resolved to the member's own,
 * go to the chosen member in one transaction, all or none. An agent's bar has no such control
 * (a 403 if posted anyway); a member who is not the agency's is refused next to the select.
 */
export async function bulkAssign(context: Readonly<RouterContextProvider>, kind: AssignableKind, ids: string[], form: FormData, here: string) {
  const { scope } = requireAuth(context)
  const memberId = form.get('memberId')
  if (memberId === null || memberId === '') return refuseBulk('Choose who to assign them to.', 'memberId', ids)
  const result = await assignRecords(scope, kind, ids, memberId)
  if (!result.ok) {
    if (result.reason === 'forbidden') throw new Response('Forbidden', { status: 403 })
    if (result.reason === 'not_found') notFound()
    return refuseBulk("Choose one of the agency's members.", 'memberId', ids)
  }
  const [singular, plural] = KIND_NOUNS[kind]
  const already = result.unchanged ? ` ${countOf(result.unchanged, `${singular} was`, `${plural} were`)} assigned to them already.` : ''
  setFlash(context, { kind: result.assigned ? 'success' : 'info', message: `Assigned ${countOf(result.assigned, singular, plural)} to ${result.memberName}.${already}` })
  throw redirect(here)
}
