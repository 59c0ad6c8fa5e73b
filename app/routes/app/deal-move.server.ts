import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { isUuid } from '#app/lib/ids.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { findOwnedDeal, moveDeal } from '#app/modules/deals/deals.server.ts'
import { dealStageLabel } from '#app/modules/deals/format.ts'
import { DealStageSchema } from '#app/modules/deals/schemas.ts'
import { FOLLOW_ON_FIELDS } from '#app/modules/deals/follow-on.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { label } from '#app/modules/properties/catalog.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** The intent=move branch of the board's and the deal page's discriminated unions. */
export const MoveDealIntentSchema = z.object({ intent: z.literal('move') })

/**
 * intent=move, the one action shared by the board (/deals) and the deal page: moves the deal,
 * flashes what happened and redirects to the same-site `redirectTo` (default `fallback`). A
 * foreign or malformed deal id is a 404 (whatever the stage); a stage outside the list is a 400
 * shown next to that deal's select. A move to Closed – won makes the follow-on changes left
 * ticked (client Won, property Sold or Rented) in the same transaction, and the toast names each.
 */
export async function handleMoveDeal(
  context: Readonly<RouterContextProvider>,
  scope: Scope,
  form: FormData,
  dealId: unknown,
  fallback: string,
) {
  // Ownership first: another broker's deal is a 404 even with a stage outside the list.
  if (!isUuid(dealId) || !(await findOwnedDeal(scope, dealId))) notFound()
  const stage = DealStageSchema.safeParse(form.get('stage'))
  if (!stage.success) {
    return data({ intent: 'move' as const, dealId, error: 'Choose one of the stages listed.' }, { status: 400 })
  }
  const followOn = { client: form.get(FOLLOW_ON_FIELDS.client) === 'yes', property: form.get(FOLLOW_ON_FIELDS.property) === 'yes' }
  const move = orNotFound(await moveDeal(scope, dealId, stage.data, followOn))
  // Every follow-on change is said, so none is made silently.
  const { client, property } = move.followed
  const followed = [
    client?.changed ? `${client.fullName} is now ${CLIENT_LABELS[client.to]}.` : null,
    property?.changed ? `${property.title} is now ${label(property.to)}.` : null,
  ].filter((line) => line !== null)
  const changedAnything = move.moved || followed.length > 0
  setFlash(context, {
    kind: changedAnything ? 'success' : 'info',
    message: [
      move.moved ? `Moved ${move.title} to ${dealStageLabel(move.to)}.` : `${move.title} is already in ${dealStageLabel(move.to)}.`,
      ...followed,
    ].join(' '),
  })
  throw redirect(safeRedirectPath(form.get('redirectTo'), fallback))
}
