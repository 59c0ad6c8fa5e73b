import { randomBytes } from 'node:crypto'
import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { propertyForm } from '#tests/support/properties.ts'
import { CookieJar, getPage, postForm, projectDatabaseEnv, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { addressesOf, startSmtpListener, waitFor, type SmtpListener } from '#tests/support/smtp.ts'

let server: ServerProcess | null = null
let smtp: SmtpListener | null = null
afterEach(async () => {
  await server?.dispose()
  server = null
  await smtp?.close()
  smtp = null
})

/** The calendar attachment of a message, parsed (ical.js). */
function calendarOf(mail: ParsedMail) {
  const ics = mail.attachments.find((a) => a.contentType === 'text/calendar')
  expect(ics, `a text/calendar attachment in "${mail.subject}"`).toBeTruthy()
  expect(ics!.filename).toMatch(/\.ics$/)
  const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')))
  const event = calendar.getFirstSubcomponent('vevent')!
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    summary: String(event.getFirstPropertyValue('summary')),
    location: String(event.getFirstPropertyValue('location')),
    status: String(event.getFirstPropertyValue('status')),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendee: String(event.getFirstPropertyValue('attendee')),
  }
}

describe('viewing invitations through a real SMTP server', () => {
  it('invites the client with an .ics, updates the same event with a higher SEQUENCE, cancels it, and mails the feedback link once done', async () => {
    smtp = await startSmtpListener()
    server = await startServerProcess({ ...projectDatabaseEnv(), SMTP_URL: smtp.url, JOBS_IN_PROCESS: '1' })
    await server.waitUntilHealthy()
    const url = server.url
    const jar = new CookieJar()
    const brokerEmail = `viewings-${randomBytes(5).toString('hex')}@example.com`
    const clientEmail = `client-${randomBytes(5).toString('hex')}@example.com`
    const password = 'correct-horse-battery-staple'
    expect((await postForm(url, '/auth?mode=signup', { intent: 'signup', fullName: 'Ines Invite', email: brokerEmail, password }, jar)).status).toBe(302)
    expect((await postForm(url, '/auth', { intent: 'signin', email: brokerEmail, password }, jar)).status).toBe(302)
    expect((await postForm(url, '/profile/account', { intent: 'update-profile', fullName: 'Ines Invite', timeZone: 'Asia/Tokyo' }, jar)).status).toBe(302)
    const created = await postForm(url, '/property/new/residential', propertyForm({ title: 'Harbour loft', street: 'Kaigan-dori 5', city: 'Yokohama', area: '' }), jar)
    const propertyId = /^\/property\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')![1]!
    const client = await postForm(url, '/client/new', { fullName: 'Kenji Sato', email: clientEmail, kind: 'buyer', stage: 'new' }, jar)
    const clientId = /^\/client\/([0-9a-f-]{36})$/.exec(client.headers.get('Location') ?? '')![1]!
    const toClient = () => smtp!.received.filter((m) => addressesOf(m).includes(clientEmail))
    const nth = (n: number, what: string) => waitFor(() => toClient()[n], 30_000, what)

    // Scheduled from the client page: 10:00 Tokyo (UTC+9) is 01:00 UTC.
    const scheduled = await postForm(url, `/client/${clientId}`, { intent: 'schedule-viewing', propertyId, date: '2030-09-10', time: '10:00', durationMinutes: '45', place: '', notes: '' }, jar)
    expect(scheduled.status).toBe(302)
    const invitation = await nth(0, 'the invitation')
    expect(invitation.subject).toBe('Viewing invitation: Harbour loft, Tue 10 Sep 2030, 10:00 (Asia/Tokyo)')
    expect(invitation.text).toContain('Where: Kaigan-dori 5, Yokohama')
    const first = calendarOf(invitation)
    expect(first).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start: '2030-09-10T01:00:00.000Z',
      end: '2030-09-10T01:45:00.000Z',
      summary: 'Viewing: Harbour loft',
      location: 'Kaigan-dori 5, Yokohama',
      status: 'CONFIRMED',
    })
    expect(first.uid).toMatch(/^viewing-[0-9a-f-]{36}@brokervault$/)
    expect(first.organizer.toLowerCase()).toBe(`mailto:${brokerEmail}`)
    expect(first.attendee.toLowerCase()).toBe(`mailto:${clientEmail}`)
    const viewingId = /^viewing-([0-9a-f-]{36})@/.exec(first.uid)![1]!

    // Moved an hour later: the same event, a higher SEQUENCE.
    expect((await postForm(url, `/viewing/${viewingId}`, { intent: 'update', date: '2030-09-10', time: '11:00', durationMinutes: '30', place: 'Lobby, Kaigan-dori 5', notes: '' }, jar)).status).toBe(302)
    const update = await nth(1, 'the update')
    expect(update.subject).toBe('Viewing updated: Harbour loft, Tue 10 Sep 2030, 11:00 (Asia/Tokyo)')
    const second = calendarOf(update)
    expect(second).toMatchObject({ method: 'REQUEST', uid: first.uid, start: '2030-09-10T02:00:00.000Z', location: 'Lobby, Kaigan-dori 5' })
    expect(second.sequence).toBeGreaterThan(first.sequence)

    // Canceled: METHOD:CANCEL, STATUS:CANCELLED, the same UID, higher again.
    expect((await postForm(url, `/viewing/${viewingId}`, { intent: 'status', status: 'canceled' }, jar)).status).toBe(302)
    const cancel = await nth(2, 'the cancellation')
    expect(cancel.subject).toMatch(/^Viewing canceled: Harbour loft/)
    const third = calendarOf(cancel)
    expect(third).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: first.uid })
    expect(third.sequence).toBeGreaterThan(second.sequence)

    // Back on, then done: the client is invited again, then asked for feedback (no calendar).
    expect((await postForm(url, `/viewing/${viewingId}`, { intent: 'status', status: 'scheduled' }, jar)).status).toBe(302)
    const again = calendarOf(await nth(3, 'the renewed invitation'))
    expect(again).toMatchObject({ method: 'REQUEST', uid: first.uid })
    expect(again.sequence).toBeGreaterThan(third.sequence)
    // Done before it starts is refused, and nothing is sent; the broker records it late instead,
    // moved to the day it really took place (another update), then done.
    expect((await postForm(url, `/viewing/${viewingId}`, { intent: 'status', status: 'done' }, jar)).status).toBe(400)
    expect((await postForm(url, `/viewing/${viewingId}`, { intent: 'update', date: '2024-09-10', time: '11:00', durationMinutes: '30', place: 'Lobby, Kaigan-dori 5', notes: '' }, jar)).status).toBe(302)
    expect((await nth(4, 'the update to a past date')).subject).toBe('Viewing updated: Harbour loft, Tue 10 Sep 2024, 11:00 (Asia/Tokyo)')
    expect((await postForm(url, `/viewing/${viewingId}`, { intent: 'status', status: 'done' }, jar)).status).toBe(302)
    const ask = await nth(5, 'the feedback request')
    expect(ask.subject).toBe('How was your viewing of Harbour loft?')
    expect(ask.attachments).toHaveLength(0)
    const link = new RegExp(`${url}/viewing-feedback/[A-Za-z0-9_-]{22}`).exec(ask.text ?? '')?.[0]
    expect(link).toBeTruthy()
    const page = await fetch(link!)
    expect(page.status).toBe(200)
    const sent = await fetch(link!, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ rating: '4', comment: 'Great harbour view.' }),
    })
    expect(sent.status).toBe(302)
    expect(await (await getPage(url, `/property/${propertyId}`, jar)).text()).toContain('Great harbour view.')
    // Nothing else went to the client.
    expect(toClient()).toHaveLength(6)
  }, 120_000)
})
