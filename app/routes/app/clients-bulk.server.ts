import { redirect, redirectDocument, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { checkSelectionSize, refuseBulk, tickedIds } from '#app/http/bulk-selection.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { countOf } from '#app/lib/format.ts'
import { notFound } from '#app/lib/http.ts'
import { resolveOwnedClients } from '#app/modules/clients/access.server.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { setClientsStage } from '#app/modules/clients/mutations.server.ts'
import { CLIENT_STAGES } from '#db/reference.ts'
import { requireAuth } from '#app/http/session.server.ts'

const ClientBulkSchema = z.object({ intent: z.enum(['bulk-stage', 'bulk-export', 'bulk-vcard']) })

export const isClientBulkIntent = (intent: unknown) => typeof intent === 'string' && intent.startsWith('bulk-')

/**
 * The bulk bar of /clients (docs/decisions/031): the ticked rows are resolved to the broker's
 * own clients first (others skipped; none of theirs is a 404), then one stage is set on all in
 * one transaction, or they are exported as CSV or vCard. Answers back at `here`.
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
  }
}
