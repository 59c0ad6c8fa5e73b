import { calendarFeedIcs, findCalendarFeedOwner } from '#app/modules/agenda/calendar-feed.server.ts'
import type { Route } from './+types/calendar-feed'

/**
 * GET /calendar/{token}/agenda.ics: the broker's viewings and task due times for calendar
 * apps (no session; read-only). Unknown or revoked token: 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const ownerId = await findCalendarFeedOwner(params.token)
  if (!ownerId) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  return new Response(await calendarFeedIcs(ownerId), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="brokervault-agenda.ics"',
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  })
}
