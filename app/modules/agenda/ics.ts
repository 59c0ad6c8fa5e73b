import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

/** Every calendar object we write says who made it. */
export const PROD_ID = { company: 'BrokerVault', product: 'Agenda', language: 'EN' }

/** A viewing's UID: stable for its whole life, so updates and cancellations replace the same event. */
export const viewingUid = (viewingId: string) => `viewing-${viewingId}@brokervault`
export const taskUid = (taskId: string) => `task-${taskId}@brokervault`

export type InvitationEvent = {
  viewingId: string
  sequence: number
  startsAt: Date
  durationMinutes: number
  summary: string
  place: string
  description: string
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
}

/**
 * The invitation's iCalendar object (RFC 5545, iTIP RFC 5546): METHOD:REQUEST for a new or
 * changed viewing, METHOD:CANCEL with STATUS:CANCELLED for a cancelled one. Times are written
 * in UTC; the client's calendar shows them in the client's own zone.
 */
export function invitationIcs(event: InvitationEvent, method: 'request' | 'cancel'): string {
  const calendar = ical({
    prodId: PROD_ID,
    method: method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  calendar.createEvent({
    id: viewingUid(event.viewingId),
    sequence: event.sequence,
    start: event.startsAt,
    end: new Date(event.startsAt.getTime() + event.durationMinutes * 60_000),
    summary: event.summary,
    location: event.place,
    description: event.description,
    status: method === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: event.organizer,
    attendees: [{ name: event.attendee.name, email: event.attendee.email, rsvp: true }],
  })
  return calendar.toString()
}

export type FeedEvent = { uid: string; sequence: number; start: Date; end: Date; summary: string; location?: string; description?: string; cancelled?: boolean }

/** The broker's subscription feed: a plain published calendar (no METHOD, nobody invited). */
export function feedIcs(name: string, events: readonly FeedEvent[]): string {
  const calendar = ical({ prodId: PROD_ID, name })
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      start: event.start,
      end: event.end,
      summary: event.summary,
      location: event.location ?? null,
      description: event.description ?? null,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}
