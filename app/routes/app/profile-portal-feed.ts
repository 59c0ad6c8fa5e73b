import { redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { badRequest } from '#app/lib/http.ts'
import { regeneratePortalFeed, revokePortalFeed } from '#app/modules/formats/portal-feeds.server.ts'
import type { Route } from './+types/profile-portal-feed'

/** Nothing to show: the card lives in the profile's Connections section. */
export function loader() {
  return redirect('/profile/connections')
}

const PortalFeedSchema = z.object({ intent: z.enum(['create', 'revoke']) })

/** POST /profile/portal-feed: a new feed address (the old one stops working) or none. */
export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const parsed = parseIntentForm(await readForm(request), PortalFeedSchema)
  if (!parsed.success) badRequest('Unknown action.')
  if (parsed.data.intent === 'create') {
    await regeneratePortalFeed(scope)
    setFlash(context, { kind: 'success', message: 'Your portal feed address is ready.' })
  } else {
    await revokePortalFeed(scope)
    setFlash(context, { kind: 'success', message: 'Portal feed turned off: its address no longer works.' })
  }
  return redirect('/profile/connections#portal-feed')
}
