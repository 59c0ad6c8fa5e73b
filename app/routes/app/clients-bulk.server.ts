import { data, redirect, redirectDocument, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { checkSelectionSize, refuseBulk, tickedIds } from '#app/http/bulk-selection.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { countOf } from '#app/lib/format.ts'
import { notFound } from '#app/lib/http.ts'
import { resolveOwnedClients } from '#app/modules/clients/access.server.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { deleteClient, setClientsStage } from '#app/modules/clients/mutations.server.ts'
import { CLIENT_STAGES } from '#db/reference.ts'
import { requireAuth } from '#app/http/session.server.ts'

/** The bulk bar's intents on /clients; `bulk-delete` asks first, `bulk-delete-confirmed` moves them to the trash. */
const ClientBulkSchema = z.object({ intent: z.enum(['bulk-stage', 'bulk-export', 'bulk-vcard', 'bulk-delete', 'bulk-delete-confirmed']) })

export const isClientBulkIntent = (intent: unknown) => typeof intent === 'string' && intent.startsWith('bulk-')

/** The step a bulk delete asks for before it acts: "move these to the trash?". */
export type ClientBulkStep = { step: 'delete'; selected: { id: string; name: string }[] }

/**
 * The bulk bar of /clients (docs/decisions/031): the ticked rows are resolved to the broker's
 * own clients first (others skipped; none of theirs is a 404), then one stage is set on all in
 * one transaction, they are exported as CSV or vCard, or moved to the trash after a confirmation
 * step, each through the single-client delete (restorable from /trash for 30 days). Answers back
 * at `here`.
 */
export async function handleClientBulk(context: Readonly<RouterContextProvider>, form: FormData, here: string) {
  const { scope } = requireAuth(context)
  const parsed = parseIntentForm(form, ClientBulkSchema)
  if (!parsed.success) throw new Error('unreachable: an unknown intent is a 400 in parseIntentForm')
  const ticked = tickedIds(form)
  const sizeRefusal = checkSelectionSize(ticked, 'clients')
  if (sizeRefusal) return sizeRefusal
  const selected = await resolveOwnedClients(scope, ticked)
  if (selected.length === 0) notFound()
  const ids = selected.map((c) => c.id)

  switch (parsed.data.intent) {
    case 'bulk-stage': {
      const stage = z.enum(CLIENT_STAGES).safeParse(form.get('stage'))
      if (!stage.success) return refuseBulk('Choose one of the stages listed.', 'stage', ids)
      const { changed, unchanged } = await setClientsStage(scope, ids, stage.data)
      const already = unchanged ? ` ${countOf(unchanged, 'client', 'clients')} already had it.` : ''
      setFlash(context, { kind: changed ? 'success' : 'info', message: `Set ${countOf(changed, 'client', 'clients')} to ${CLIENT_LABELS[stage.data]}.${already}` })
      throw redirect(here)
    }
    case 'bulk-export':
      throw redirectDocument(`/clients/export.csv?ids=${ids.join(',')}`)
    case 'bulk-vcard':
      throw redirectDocument(`/clients/export.vcf?ids=${ids.join(',')}`)
    case 'bulk-delete': {
      const step: ClientBulkStep = { step: 'delete', selected }
      return data(step)
    }
    case 'bulk-delete-confirmed': {
      // One by one through the single delete, so whatever a delete does (the log, the trash) it does here.
      let deleted = 0
      for (const id of ids) if (await deleteClient(scope, id)) deleted += 1
      setFlash(context, { kind: 'success', message: `Moved ${countOf(deleted, 'client', 'clients')} to the trash. Restore them from the Trash within 30 days.` })
      throw redirect(here)
    }
  }
}
