import { redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { badRequest } from '#app/lib/http.ts'
import { regenerateCalendarFeed, revokeCalendarFeed } from '#app/modules/agenda/calendar-feed.server.ts'
import type { Route } from './+types/profile-calendar-feed'

/** Nothing to show: the card lives in the profile's Connections section. */
export function loader() {
  return redirect('/profile/connections')
}

const CalendarFeedSchema = z.object({ intent: z.enum(['create', 'revoke']) })

/** POST /profile/calendar-feed: a new subscription address (the old one stops working) or none. */
export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const parsed = parseIntentForm(await readForm(request), CalendarFeedSchema)
  if (!parsed.success) badRequest('Unknown action.')
  if (parsed.data.intent === 'create') {
    await regenerateCalendarFeed(scope)
    setFlash(context, { kind: 'success', message: 'Your calendar address is ready.' })
  } else {
    await revokeCalendarFeed(scope)
    setFlash(context, { kind: 'success', message: 'Calendar feed turned off: its address no longer works.' })
  }
  return redirect('/profile/connections#calendar-feed')
}
