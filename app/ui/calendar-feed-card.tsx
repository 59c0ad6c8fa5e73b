import { Form } from 'react-router'
import { Button } from './form.tsx'
import { Card } from './page.tsx'

/** Profile's "Calendar feed": the private iCal address of the broker's viewings and tasks. */
export function CalendarFeedCard({ url }: { url: string | null }) {
  return (
    <div id="calendar-feed">
      <Card title="Calendar feed">
        <div className="space-y-3 text-sm">
          <p>
            Subscribe to this address in Google Calendar, Apple Calendar or Outlook to see your viewings and task due times there. It is
            read-only and shows only your own agenda.
          </p>
          {url ? (
            <>
              <p>
                <label htmlFor="calendar-feed-url" className="block font-medium">Calendar address</label>
                <input id="calendar-feed-url" readOnly value={url} className="mt-1 w-full rounded-md border border-line bg-canvas px-2 py-1.5 font-mono text-xs" />
              </p>
              <p className="text-muted">Anyone with this address can read your agenda. Replace it if it has leaked.</p>
              <div className="flex flex-wrap gap-3">
                <Form method="post" action="/profile/calendar-feed">
                  <Button type="submit" name="intent" value="create" variant="secondary">Replace the calendar address</Button>
                </Form>
                <Form method="post" action="/profile/calendar-feed">
                  <Button type="submit" name="intent" value="revoke" variant="danger">Turn off the calendar feed</Button>
                </Form>
              </div>
            </>
          ) : (
            <Form method="post" action="/profile/calendar-feed">
              <Button type="submit" name="intent" value="create" variant="secondary">Create a calendar address</Button>
            </Form>
          )}
        </div>
      </Card>
    </div>
  )
}
