import { getEnv } from '#app/lib/env.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { calendarFeedPath, getCalendarFeedToken } from '#app/modules/agenda/calendar-feed.server.ts'
import { getPortalFeedToken, portalFeedPath } from '#app/modules/formats/portal-feeds.server.ts'
import { CalendarFeedCard } from '#app/ui/calendar-feed-card.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import { PortalFeedCard } from '#app/ui/portal-feed-card.tsx'
import type { Route } from './+types/connections'

export const meta: Route.MetaFunction = () => [{ title: 'Connections · Profile · BrokerVault' }]

/** The private addresses other software reads; their forms post to /profile/portal-feed and /profile/calendar-feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const [feedToken, calendarToken] = await Promise.all([getPortalFeedToken(scope), getCalendarFeedToken(scope)])
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  return {
    calendarFeedUrl: calendarToken ? `${appUrl}${calendarFeedPath(calendarToken)}` : null,
    portalFeedUrl: feedToken ? `${appUrl}${portalFeedPath(feedToken)}` : null,
  }
}

export default function ConnectionsSection({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Connections" />
      <div className="grid gap-4 lg:grid-cols-2">
        <PortalFeedCard url={d.portalFeedUrl} />
        <CalendarFeedCard url={d.calendarFeedUrl} />
      </div>
    </>
  )
}
