import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { isUuid } from '#app/lib/ids.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { findOwnedDeal, moveDeal } from '#app/modules/deals/deals.server.ts'
import { dealStageLabel } from '#app/modules/deals/format.ts'
import { DealStageSchema } from '#app/modules/deals/schemas.ts'

/** The intent=move branch of the board's and the deal page's discriminated unions. */
export const MoveDealIntentSchema = z.object({ intent: z.literal('move') })

/**
 * intent=move, the one action shared by the board (/deals) and the deal page: moves the deal,
 * flashes what happened and redirects to the same-site `redirectTo` (default `fallback`). A
 * foreign or malformed deal id is a 404 (whatever the stage); a stage outside the list is a 400
 * shown next to that deal's select.
 */
export async function handleMoveDeal(
  context: Readonly<RouterContextProvider>,
  brokerId: string,
  form: FormData,
  dealId: unknown,
  fallback: string,
) {
  // Ownership first: another broker's deal is a 404 even with a stage outside the list.
  if (!isUuid(dealId) || !(await findOwnedDeal(brokerId, dealId))) notFound()
  const stage = DealStageSchema.safeParse(form.get('stage'))
  if (!stage.success) {
    return data({ intent: 'move' as const, dealId, error: 'Choose one of the stages listed.' }, { status: 400 })
  }
  const move = orNotFound(await moveDeal(brokerId, dealId, stage.data))
  setFlash(context, {
    kind: move.moved ? 'success' : 'info',
    message: move.moved
      ? `Moved ${move.title} to ${dealStageLabel(move.to)}.`
      : `${move.title} is already in ${dealStageLabel(move.to)}.`,
  })
  throw redirect(safeRedirectPath(form.get('redirectTo'), fallback))
}
