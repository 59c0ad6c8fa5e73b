import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { SHARE_EXPIRY_MAX_DAYS } from '#app/modules/sharing/share-links.ts'
import { createShare, revokeShare } from '#app/modules/sharing/shares.server.ts'
import type { Route } from './+types/shares'
import { SHARE_KINDS } from '#db/reference.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { isOwned, requireOwnedFormIds } from '#app/http/owned-ids.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

const EXPIRY_MESSAGE = `Choose an expiry between 1 and ${SHARE_EXPIRY_MAX_DAYS} days, or leave it empty for a link that never expires.`

/** The two forms of the share panel (an unknown intent is a 400). */
const ShareActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    kind: z.enum(SHARE_KINDS),
    targetId: z.string(),
    expiresInDays: z.number({ error: EXPIRY_MESSAGE }).int(EXPIRY_MESSAGE).min(1, EXPIRY_MESSAGE).max(SHARE_EXPIRY_MAX_DAYS, EXPIRY_MESSAGE).optional(),
  }),
  z.object({ intent: z.literal('revoke'), shareId: z.string() }),
])

/**
 * Ownership first: another broker's target is a 404 whatever else the form got wrong (an expiry
 * out of range used to come back as a toast first). An unknown kind names no table, so the id
 * must then be one of the broker's properties or clients; the kind is refused (400) after.
 */
async function requireOwnedTarget(scope: Scope, kind: FormDataEntryValue | null, targetId: FormDataEntryValue | null) {
  if (kind === 'property') return requireOwnedFormIds(scope, [['property', targetId]])
  if (kind === 'client_listing') return requireOwnedFormIds(scope, [['client', targetId]])
  if (targetId === null || targetId === '') return
  if (!(await isOwned(scope, 'property', targetId)) && !(await isOwned(scope, 'client', targetId))) notFound()
}

// Only a form target: there is nothing to show at /shares itself.
export function loader() {
  throw data('Not found', { status: 404 })
}

/**
 * POST /shares from the share panel of a property or client-listing page. The panel lives on
 * another page, so a refused expiry comes back as an error toast on that page (the number
 * field's min/max stop it in the browser first); foreign targets and links are a 404, checked
 * before anything else in the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const form = await readForm(request)
  const back = safeRedirectPath(form.get('redirectTo'), '/home')
  if (form.get('intent') !== 'create' && form.get('intent') !== 'revoke') throw data('Unknown action.', { status: 400 })
  if (form.get('intent') === 'create') await requireOwnedTarget(scope, form.get('kind'), form.get('targetId'))
  const submission = parseWithZod(form, { schema: ShareActionSchema })
  if (submission.status !== 'success') {
    if (submission.error?.expiresInDays) {
      setFlash(context, { kind: 'error', message: EXPIRY_MESSAGE })
      throw redirect(back)
    }
    throw data('Check the share form.', { status: 400 })
  }
  const value = submission.value
  if (value.intent === 'revoke') {
    const { revoked } = orNotFound(await revokeShare(scope, value.shareId))
    setFlash(context, { kind: 'success', message: revoked ? 'Share link revoked. It no longer opens.' : 'That link was already revoked.' })
    throw redirect(back)
  }

  const expiresAt = value.expiresInDays ? new Date(Date.now() + value.expiresInDays * DAY_MS) : null
  const target =
    value.kind === 'property'
      ? ({ kind: 'property', propertyId: value.targetId } as const)
      : ({ kind: 'client_listing', clientId: value.targetId } as const)
  const created = orNotFound(await createShare(scope, target, expiresAt))
  setFlash(
    context,
    created.ok
      ? { kind: 'success', message: 'Share link created. Copy it from the list below.' }
      : { kind: 'error', message: created.message },
  )
  throw redirect(back)
}
