import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { profiles, tasks, viewings } from '#db/schema.ts'
import { findUser } from '#tests/support/db.ts'
import { collectTables } from '#app/modules/exports/archive.server.ts'
import { sendDueAgendaMails } from '#app/modules/agenda/morning-mail.server.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { addTaskVia, scheduleViewingVia, setTimeZone, taskIdsIn, viewingForm, viewingIdsOn } from '#tests/support/agenda.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

async function brokerWithPropertyAndClient(name = 'Vera Viewing', timeZone = 'Europe/Lisbon') {
  const { browser, email } = await signedInBroker(name)
  await setTimeZone(browser, timeZone, name)
  const propertyId = await createPropertyVia(browser, { title: 'Alfama loft', street: 'Rua das Flores 12', city: 'Lisbon', area: 'Alfama' })
  const clientId = await createClientVia(browser, { fullName: 'Marta Silva', email: `marta-${Math.random().toString(36).slice(2)}@example.com` })
  return { browser, email, propertyId, clientId }
}

/** A date some days from now (YYYY-MM-DD): /agenda shows the next 60 days. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

const parseIcs = (text: string) => new ICAL.Component(ICAL.parse(text))

describe('viewings', () => {
  it('schedules from the property page in the broker’s zone, at the property’s address by default, and shows it on both pages', async () => {
    const { browser, propertyId, clientId } = await brokerWithPropertyAndClient()
    const id = await scheduleViewingVia(browser, propertyId, clientId, { date: '2030-07-14', time: '10:30' })
    const [row] = await getDb().select().from(viewings).where(eq(viewings.id, id))
    // 10:30 in Lisbon in July (summer time, UTC+1) is 09:30 UTC.
    expect(row!.startsAt.toISOString()).toBe('2030-07-14T09:30:00.000Z')
    expect(row!.place).toBe('Rua das Flores 12, Alfama, Lisbon')
    expect(row!.status).toBe('scheduled')
    expect(row!.sequence).toBe(0)
    expect(await viewingIdsOn(browser, `/client/${clientId}`)).toEqual([id])
    const page = await (await browser.get(`/viewing/${id}`)).text()
    expect(page).toContain('Sun 14 Jul 2030, 10:30 (Europe/Lisbon)')

    // From the client page, choosing the property; an explicit place wins.
    const fromClient = await browser.post(`/client/${clientId}`, { ...viewingForm(''), clientId: '', propertyId, place: 'Café A Brasileira' })
    expect(fromClient.status).toBe(302)
    expect(fromClient.headers.get('Location')).toBe(`/client/${clientId}`)
    expect(await viewingIdsOn(browser, `/client/${clientId}`)).toHaveLength(2)
  })

  it('refuses bad input with a 400 and a message next to each field, writing nothing', async () => {
    const { browser, propertyId, clientId } = await brokerWithPropertyAndClient()
    const count = async () => (await getDb().select({ id: viewings.id }).from(viewings).where(eq(viewings.propertyId, propertyId))).length
    const cases: [Record<string, string>, string][] = [
      [{ date: '' }, 'Enter a date.'],
      [{ time: '25:00' }, 'Enter a time.'],
      [{ date: '2030-02-30' }, 'Enter a real date.'],
      [{ durationMinutes: '1' }, 'At least 5 minutes.'],
      [{ durationMinutes: 'abc' }, 'Enter the duration in minutes.'],
      [{ clientId: '' }, 'Choose a client.'],
      [{ notes: 'x'.repeat(2001) }, 'At most 2000 characters.'],
    ]
    for (const [override, message] of cases) {
      const response = await browser.post(`/property/${propertyId}`, viewingForm(clientId, override))
      expect(response.status, JSON.stringify(override)).toBe(400)
      const html = await response.text()
      expect(html).toMatch(new RegExp(`id="viewing-[^"]*-error"[^>]*><li>${message.replace('.', '\\.')}`))
    }
    expect(await count()).toBe(0)

    const task = await browser.post(`/property/${propertyId}`, { intent: 'add-task', title: '', dueDate: '2030-01-01', dueTime: '9' })
    expect(task.status).toBe(400)
    const html = await task.text()
    expect(html).toContain('Enter a title.')
    expect(html).toContain('Enter a time.')
    expect((await getDb().select().from(tasks).where(eq(tasks.propertyId, propertyId))).length).toBe(0)

    const unknownStatus = await browser.post(`/viewing/${await scheduleViewingVia(browser, propertyId, clientId)}`, { intent: 'status', status: 'lost' })
    expect(unknownStatus.status).toBe(400)
    expect(await unknownStatus.text()).toContain('Choose one of the statuses listed.')
  })

  it('answers 404 for another broker’s viewing, task, property or client', async () => {
    const a = await brokerWithPropertyAndClient('Ana A')
    const b = await brokerWithPropertyAndClient('Bea B')
    const viewingId = await scheduleViewingVia(a.browser, a.propertyId, a.clientId)
    const taskId = taskIdsIn(await addTaskVia(a.browser, `/property/${a.propertyId}`, { title: 'Call the owner', dueDate: '2030-01-02' }))[0]!

    expect((await b.browser.get(`/viewing/${viewingId}`)).status).toBe(404)
    expect((await b.browser.post(`/viewing/${viewingId}`, { intent: 'status', status: 'canceled' })).status).toBe(404)
    expect((await b.browser.post(`/viewing/${viewingId}`, { intent: 'update', date: '2030-01-01', time: '10:00', durationMinutes: '30' })).status).toBe(404)
    for (const intent of ['complete-task', 'reopen-task', 'delete-task']) {
      expect((await b.browser.post('/agenda', { intent, taskId })).status, intent).toBe(404)
      expect((await b.browser.post(`/property/${b.propertyId}`, { intent, taskId })).status, intent).toBe(404)
    }
    // B's own page, A's client or property in the form: not found, nothing written.
    expect((await b.browser.post(`/property/${b.propertyId}`, viewingForm(a.clientId))).status).toBe(404)
    expect((await b.browser.post(`/client/${b.clientId}`, { ...viewingForm(''), propertyId: a.propertyId })).status).toBe(404)
    expect((await b.browser.post('/agenda', { intent: 'add-task', about: `property:${a.propertyId}`, title: 'Sneaky', dueDate: '2030-01-01', dueTime: '09:00' })).status).toBe(404)
    // Ownership before the other fields: a foreign id with a bad date, time or title is still a 404.
    expect((await b.browser.post(`/property/${b.propertyId}`, viewingForm(a.clientId, { date: '2030-02-30', time: '25:00' }))).status).toBe(404)
    expect((await b.browser.post(`/client/${b.clientId}`, { ...viewingForm('', { durationMinutes: '1' }), propertyId: a.propertyId })).status).toBe(404)
    expect((await b.browser.post('/agenda', { intent: 'add-task', about: `client:${a.clientId}`, title: '', dueDate: 'soon', dueTime: '09:00' })).status).toBe(404)
    expect((await b.browser.get(`/property/${a.propertyId}/viewing-report`)).status).toBe(404)
    const [still] = await getDb().select().from(viewings).where(eq(viewings.id, viewingId))
    expect(still!.status).toBe('scheduled')
    const [task] = await getDb().select().from(tasks).where(eq(tasks.id, taskId))
    expect(task!.doneAt).toBeNull()
    expect(await getDb().select().from(viewings).where(eq(viewings.propertyId, b.propertyId))).toEqual([])
    expect(await getDb().select().from(tasks).where(eq(tasks.title, 'Sneaky'))).toEqual([])
  })

  it('refuses Done and No-show before the viewing starts, with a message next to the Status field, and takes them once it has', async () => {
    const { browser, email, propertyId, clientId } = await brokerWithPropertyAndClient()
    const tomorrow = inDays(1)
    const id = await scheduleViewingVia(browser, propertyId, clientId, { date: tomorrow, time: '10:30' })
    const row = async () => (await getDb().select().from(viewings).where(eq(viewings.id, id)))[0]!
    for (const status of ['done', 'no_show']) {
      const refused = await browser.post(`/viewing/${id}`, { intent: 'status', status })
      expect(refused.status, status).toBe(400)
      const html = await refused.text()
      expect(html, status).toMatch(/<select[^>]*aria-describedby="status-error"/)
      expect(html, status).toMatch(
        /id="status-error"[^>]*><li>This viewing starts \w{3} \d{1,2} \w{3} \d{4}, 10:30: it can be marked Done or No-show once it has started\.<\/li>/,
      )
      // Nothing changed: still scheduled, no feedback link made (so none was mailed).
      expect(await row(), status).toMatchObject({ status: 'scheduled', feedbackToken: null, sequence: 0 })
    }
    // In the broker's own date style, as every other time on the page.
    await getDb().update(profiles).set({ formatStyle: 'month_day' }).where(eq(profiles.id, (await findUser(email)).id))
    expect(await (await browser.post(`/viewing/${id}`, { intent: 'status', status: 'done' })).text()).toMatch(
      /This viewing starts \w{3} \w{3} \d{1,2}, \d{4}, 10:30 AM: it can be marked Done/,
    )
    // Canceling ahead of time is what canceling is for.
    expect((await browser.post(`/viewing/${id}`, { intent: 'status', status: 'canceled' })).status).toBe(302)
    expect((await browser.post(`/viewing/${id}`, { intent: 'status', status: 'scheduled' })).status).toBe(302)

    // Once it has started (a minute ago), both are taken.
    await getDb().update(viewings).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(viewings.id, id))
    expect((await browser.post(`/viewing/${id}`, { intent: 'status', status: 'no_show' })).status).toBe(302)
    expect(await row()).toMatchObject({ status: 'no_show', feedbackToken: null })
    expect((await browser.post(`/viewing/${id}`, { intent: 'status', status: 'done' })).status).toBe(302)
    expect((await row()).status).toBe('done')
    expect((await row()).feedbackToken).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('takes the client’s feedback once done on a zero-JavaScript page; a second answer replaces the first', async () => {
    const { browser, propertyId, clientId } = await brokerWithPropertyAndClient()
    // A viewing that has taken place (Done is refused before the start).
    const id = await scheduleViewingVia(browser, propertyId, clientId, { date: '2024-03-14' })
    const [before] = await getDb().select().from(viewings).where(eq(viewings.id, id))
    expect(before!.feedbackToken).toBeNull()
    expect((await browser.post(`/viewing/${id}`, { intent: 'status', status: 'done' })).status).toBe(302)
    const [done] = await getDb().select().from(viewings).where(eq(viewings.id, id))
    expect(done!.feedbackToken).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(done!.sequence).toBe(1)
    const path = `/viewing-feedback/${done!.feedbackToken}`

    const client = new TestBrowser()
    const page = await client.get(path)
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    const html = await page.text()
    expect(html).toContain('Your viewing of Alfama loft')
    expect(html).not.toMatch(/<script[^>]*src=/)
    expect((await client.post(path, { rating: '6', comment: '' })).status).toBe(400)
    expect((await client.post(path, { comment: 'No rating' })).status).toBe(400)
    expect((await client.post(path, { rating: '4', comment: 'Lovely light, small kitchen.' })).status).toBe(302)
    expect((await client.post(path, { rating: '5', comment: 'Thought about it: we love it.' })).status).toBe(302)
    const [rated] = await getDb().select().from(viewings).where(eq(viewings.id, id))
    expect(rated!.rating).toBe(5)
    expect(rated!.feedbackComment).toBe('Thought about it: we love it.')
    expect(await (await client.get(path)).text()).toContain('You rated it 5/5.')

    for (const where of [`/property/${propertyId}`, `/client/${clientId}`]) {
      const text = await (await browser.get(where)).text()
      expect(text, where).toContain('Thought about it: we love it.')
      expect(text, where).toContain('5/5')
    }
    const home = await (await browser.get('/home')).text()
    expect(home).toContain('Marta Silva rated the viewing of Alfama loft 5/5')
    const report = await browser.get(`/property/${propertyId}/viewing-report`)
    expect(report.status).toBe(200)
    const reportHtml = await report.text()
    expect(reportHtml).toContain('Viewing report: Alfama loft')
    expect(reportHtml).toContain('Average rating: 5.0/5.')
    expect(reportHtml).not.toContain('Marta Silva')

    // Unknown tokens, and a viewing set back to scheduled, close the page.
    expect((await client.get('/viewing-feedback/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
    expect((await client.get('/viewing-feedback/short')).status).toBe(404)
    expect((await browser.post(`/viewing/${id}`, { intent: 'status', status: 'scheduled' })).status).toBe(302)
    expect((await client.get(path)).status).toBe(404)
    expect((await client.post(path, { rating: '1' })).status).toBe(404)
  })

  it('creates, completes, reopens and deletes tasks on property, client and deal pages and on /agenda; overdue ones are flagged on /home', async () => {
    const { browser, propertyId, clientId } = await brokerWithPropertyAndClient()
    const dealId = /^\/deal\/([0-9a-f-]{36})$/.exec((await browser.post('/deals', { intent: 'create', clientId, title: 'Loft sale', value: '250000', currency: 'EUR', redirectTo: '' })).headers.get('Location') ?? '')![1]!
    await addTaskVia(browser, `/property/${propertyId}`, { title: 'Order the energy certificate', dueDate: inDays(3) })
    await addTaskVia(browser, `/client/${clientId}`, { title: 'Send the floor plan', dueDate: inDays(4) })
    await addTaskVia(browser, `/deal/${dealId}`, { title: 'Chase the deposit', dueDate: inDays(5) })
    const agenda = await addTaskVia(browser, '/agenda', { about: `client:${clientId}`, title: 'Call back', dueDate: '2020-01-01' })
    expect(agenda).toContain('Order the energy certificate')
    expect(agenda).toContain('Chase the deposit')
    expect(agenda).toMatch(/<h2[^>]*>Overdue<\/h2>/)
    const home = await (await browser.get('/home')).text()
    expect(home).toContain('Overdue tasks')
    expect(home).toContain('Call back')
    // Open tasks come by due date: the overdue one first.
    const clientPage = await (await browser.get(`/client/${clientId}`)).text()
    const overdueId = taskIdsIn(clientPage)[0]!
    expect(clientPage.indexOf('Call back')).toBeLessThan(clientPage.indexOf('Send the floor plan'))
    const ids = taskIdsIn(agenda)
    expect(new Set(ids).size).toBe(4)
    expect((await browser.post('/agenda', { intent: 'complete-task', taskId: overdueId })).status).toBe(302)
    expect(await (await browser.get('/home')).text()).not.toContain('Overdue tasks')
    expect((await browser.post(`/client/${clientId}`, { intent: 'reopen-task', taskId: overdueId })).status).toBe(302)
    expect((await browser.post(`/deal/${dealId}`, { intent: 'delete-task', taskId: overdueId })).status).toBe(302)
    expect(taskIdsIn(await (await browser.get('/agenda')).text())).not.toContain(overdueId)
    expect((await browser.post('/agenda', { intent: 'snooze-task', taskId: ids[0]! })).status).toBe(400)
  })

  it('lists /agenda with the same number of queries for 1 and for 50 rows of each kind', async () => {
    const { browser, propertyId, clientId } = await brokerWithPropertyAndClient()
    const ownerId = await ownerOf(browser, propertyId, clientId)
    const queries = async () => {
      const response = await browser.get('/agenda')
      expect(response.status).toBe(200)
      return Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])
    }
    const start = new Date(Date.now() + 86_400_000)
    const addRows = async (n: number) => {
      const at = (i: number) => new Date(start.getTime() + i * 3_600_000)
      await getDb().insert(viewings).values(Array.from({ length: n }, (_, i) => ({ ownerId, propertyId, clientId, startsAt: at(i), durationMinutes: 30, place: 'Here' })))
      await getDb().insert(tasks).values(Array.from({ length: n }, (_, i) => ({ ownerId, propertyId: i % 2 ? propertyId : null, clientId: i % 2 ? null : clientId, title: `Task ${i}`, dueAt: at(i) })))
    }
    await addRows(1)
    const withOne = await queries()
    expect(withOne).toBeGreaterThan(0)
    await addRows(49)
    expect(await queries()).toBe(withOne)
    expect((await (await browser.get('/agenda')).text()).match(/data-testid="agenda-viewing"/g)).toHaveLength(50)
  })

  it('publishes only the owner’s viewings and tasks in the calendar feed, and 404s once revoked', async () => {
    const a = await brokerWithPropertyAndClient('Ana Feed')
    const b = await brokerWithPropertyAndClient('Bea Feed')
    const mine = await scheduleViewingVia(a.browser, a.propertyId, a.clientId, { date: '2030-04-01', time: '15:00' })
    const taskId = taskIdsIn(await addTaskVia(a.browser, `/property/${a.propertyId}`, { title: 'Fix the doorbell', dueDate: '2030-04-02' }))[0]!
    const theirs = await scheduleViewingVia(b.browser, b.propertyId, b.clientId)
    await addTaskVia(b.browser, `/property/${b.propertyId}`, { title: 'Not yours', dueDate: '2030-04-02' })
    for (const broker of [a, b]) expect((await broker.browser.post('/profile/calendar-feed', { intent: 'create' })).headers.get('Location')).toBe('/profile/connections#calendar-feed')
    const pathOf = async (browser: TestBrowser) => {
      const url = /value="(http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{22}\/agenda\.ics)"/.exec(await (await browser.get('/profile/connections')).text())?.[1]
      return url ? new URL(url).pathname : null
    }
    const path = (await pathOf(a.browser))!
    const calendarApp = new TestBrowser()
    const response = await calendarApp.get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    const feed = parseIcs(await response.text())
    const events = feed.getAllSubcomponents('vevent')
    const uids = events.map((e) => String(e.getFirstPropertyValue('uid')))
    expect(uids.sort()).toEqual([`task-${taskId}@brokervault`, `viewing-${mine}@brokervault`].sort())
    expect(uids.join()).not.toContain(theirs)
    const viewing = events.find((e) => String(e.getFirstPropertyValue('uid')).startsWith('viewing-'))!
    expect((viewing.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2030-04-01T14:00:00.000Z')
    expect(String(viewing.getFirstPropertyValue('summary'))).toBe('Viewing: Alfama loft with Marta Silva')

    await a.browser.post('/profile/calendar-feed', { intent: 'revoke' })
    expect(await pathOf(a.browser)).toBeNull()
    expect((await calendarApp.get(path)).status).toBe(404)
    expect((await calendarApp.get((await pathOf(b.browser))!)).status).toBe(200)
    expect((await calendarApp.get('/calendar/AAAAAAAAAAAAAAAAAAAAAA/agenda.ics')).status).toBe(404)
  })

  it('puts viewings, tasks and the calendar feed in “Export my data”', async () => {
    const { browser, propertyId, clientId } = await brokerWithPropertyAndClient()
    const id = await scheduleViewingVia(browser, propertyId, clientId)
    await addTaskVia(browser, `/property/${propertyId}`, { title: 'Exported task', dueDate: '2030-04-02' })
    await browser.post('/profile/calendar-feed', { intent: 'create' })
    const ownerId = await ownerOf(browser, propertyId, clientId)
    const tables = await collectTables(ownerId)
    expect(tables.viewings?.map((v) => v.id)).toEqual([id])
    expect(tables.tasks?.map((t) => t.title)).toEqual(['Exported task'])
    expect(tables.calendar_feeds).toHaveLength(1)
    expect(JSON.stringify(tables.calendar_feeds)).not.toMatch(/token/)
  })
})

describe('the 08:00 agenda mail', () => {
  it('is due at 08:00 in the broker’s zone, not at 07:50, goes once, and skips days with nothing', async () => {
    const { browser, email, propertyId, clientId } = await brokerWithPropertyAndClient('Tomo Tokyo', 'Asia/Tokyo')
    const idle = await brokerWithPropertyAndClient('Idle Tokyo', 'Asia/Tokyo')
    await scheduleViewingVia(browser, propertyId, clientId, { date: '2031-03-14', time: '11:00' })
    await addTaskVia(browser, `/property/${propertyId}`, { title: 'Print the brochure', dueDate: '2031-03-14', dueTime: '15:00' })
    await addTaskVia(browser, `/property/${propertyId}`, { title: 'Tomorrow’s task', dueDate: '2031-03-15', dueTime: '09:00' })
    const mailsTo = async (now: string) => {
      const sent = await sendDueAgendaMails({ now: new Date(now), send: async () => {} })
      return { mine: sent.filter((m) => m.to === email), idle: sent.filter((m) => m.to === idle.email) }
    }
    // 07:50 in Tokyo (UTC+9) is 22:50 UTC the day before.
    expect((await mailsTo('2031-03-13T22:50:00Z')).mine).toHaveLength(0)
    const at8 = await mailsTo('2031-03-13T23:05:00Z')
    expect(at8.mine).toHaveLength(1)
    expect(at8.idle).toHaveLength(0)
    const mail = at8.mine[0]!
    expect(mail.subject).toBe('Today: 1 viewing, 1 task')
    const text = mail.paragraphs.join('\n')
    expect(text).toContain('Your agenda for 2031-03-14.')
    expect(text).toContain('11:00 Viewing: Alfama loft with Marta Silva')
    expect(text).toContain('15:00 Task: Print the brochure (Alfama loft)')
    expect(text).not.toContain('Tomorrow’s task')
    expect(mail.action?.url).toMatch(/\/agenda$/)
    // Later the same Tokyo day: nothing more.
    expect((await mailsTo('2031-03-13T23:20:00Z')).mine).toHaveLength(0)
    expect((await mailsTo('2031-03-14T08:05:00Z')).mine).toHaveLength(0)
    // The next Tokyo morning: the next day's task.
    const next = await mailsTo('2031-03-14T23:01:00Z')
    expect(next.mine).toHaveLength(1)
    expect(next.mine[0]!.paragraphs.join('\n')).toContain('Tomorrow’s task')
  })
})

async function ownerOf(browser: TestBrowser, propertyId: string, clientId: string) {
  const id = await scheduleViewingVia(browser, propertyId, clientId, { date: '2029-01-01' })
  const [row] = await getDb().select({ ownerId: viewings.ownerId }).from(viewings).where(eq(viewings.id, id))
  await getDb().delete(viewings).where(eq(viewings.id, id))
  return row!.ownerId
}
