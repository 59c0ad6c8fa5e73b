import { PrivateFeedCard, type PrivateFeedWording } from './private-feed-card.tsx'

const CALENDAR_FEED: PrivateFeedWording = {
  id: 'calendar-feed',
  title: 'Calendar feed',
  intro:
    'Subscribe to this address in Google Calendar, Apple Calendar or Outlook to see your viewings and task due times there. It is read-only and shows only your own agenda.',
  addressLabel: 'Calendar address',
  leakNote: 'Anyone with this address can read your agenda. Replace it if it has leaked.',
  action: '/profile/calendar-feed',
  createLabel: 'Create a calendar address',
  replaceLabel: 'Replace the calendar address',
  revokeLabel: 'Turn off the calendar feed',
}

/** Profile's "Calendar feed": the private iCal address of the broker's viewings and tasks. */
export function CalendarFeedCard({ url }: { url: string | null }) {
  return <PrivateFeedCard url={url} wording={CALENDAR_FEED} />
}
