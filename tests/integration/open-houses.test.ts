import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb, queryRows, withScope } from '#db/client.server.ts'
import { leads, openHouses, openHouseSignIns } from '#db/schema.ts'
import { getJobQueue } from '#db/job-queue.server.ts'
import { deliverMail } from '#app/modules/mail/delivery.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { MAIL_QUEUE } from '#app/modules/mail/outbound.server.ts'
import type { MailTransport } from '#app/modules/mail/transport.server.ts'
import { OPEN_HOUSE_SIGN_INS_PER_HOUR } from '#app/modules/open-houses/rules.ts'
import { sendDueOpenHouseThanks } from '#app/modules/open-houses/thanks.server.ts'
import { addDays } from '#app/lib/when.ts'
import { instantFromWallClock } from '#app/lib/zoned-time.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { joinAgency, ownerWithSeats } from '#tests/support/agency.ts'
import { ownerScopeOf } from '#tests/support/db.ts'
import { dayAhead, makeRunning, moveOpenHouse, startOpenHouseVia } from '#tests/support/open-houses.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { startSmtpListener } from '#tests/support/smtp.ts'

/*
 * Open-house sign-in (issue 27, item 3; docs/decisions/038-open-house-sign-in.md), on both
 * drivers through the built app: planning and ending, the door page with and without a
 * running open house, each sign-in a lead (the same person once), the honeypot and the limit,
 * another agency seeing none of it, and the next morning's thank-you mails, queued once.
 */

const visitor = () => new TestBrowser()
const signInForm = (overrides: Record<string, string> = {}) => ({ name: 'Ana Costa', email: '', phone: '', withAgent: 'no', agentName: '', consent: 'yes', website: '', ...overrides })
const DAY = dayAhead(30)
const planned = { date: DAY, startTime: '10:00', endTime: '12:00' }
/** An instant on the agent's clock (Europe/Lisbon). */
const lisbon = (date: string, time: string) => instantFromWallClock(date, time, 'Europe/Lisbon')!

let owner: Awaited<ReturnType<typeof ownerWithSeats>>
let agent: Awaited<ReturnType<typeof joinAgency>>
let colleague: Awaited<ReturnType<typeof joinAgency>>
let outsider: Awaited<ReturnType<typeof signedInBroker>>
let propertyId: string

beforeAll(async () => {
  owner = await ownerWithSeats('Olga Open')
  agent = await joinAgency(owner.browser, 'agent', 'Alda Agent')
  colleague = await joinAgency(owner.browser, 'agent', 'Caio Colleague')
  outsider = await signedInBroker('Otto Outsider')
  expect((await agent.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Alda Agent', timeZone: 'Europe/Lisbon' })).status).toBe(302)
  propertyId = await createPropertyVia(agent.browser, { title: 'Riverside flat' })
})

const leadsOf = (property: string) => getDb().select().from(leads).where(and(eq(leads.propertyId, property), eq(leads.source, 'open_house')))
const signInsOf = (openHouseId: string) => getDb().select().from(openHouseSignIns).where(eq(openHouseSignIns.openHouseId, openHouseId))

describe('starting and ending an open house', () => {
  it('plans one on the broker’s clock, refuses overlapping, past and impossible times, and a colleague (403)', async () => {
    const property = await createPropertyVia(agent.browser, { title: 'Planning flat' })
    const first = await startOpenHouseVia(agent.browser, property, planned)
    const [row] = await getDb().select().from(openHouses).where(eq(openHouses.id, first.id))
    // 10:00–12:00 on the agent's clock, thanks at 08:00 there the next day (the offsets and a
    // clock change: tests/unit/open-house-rules.test.ts).
    expect(row).toMatchObject({ timeZone: 'Europe/Lisbon', ownerId: agent.userId })
    expect(row!.startsAt).toEqual(lisbon(DAY, '10:00'))
    expect(row!.endsAt).toEqual(lisbon(DAY, '12:00'))
    expect(row!.thanksDueAt).toEqual(lisbon(addDays(DAY, 1), '08:00'))
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    // The listing's share link is made with it (the door page's cover photo, the thank-you mails).
    expect(row!.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const post = (times: Record<string, string>, browser = agent.browser) => browser.post(`/property/${property}/open-houses`, { intent: 'start', redirectTo: '', ...times })
    const overlap = await post({ date: DAY, startTime: '11:30', endTime: '13:00' })
    expect(overlap.status).toBe(400)
    expect(await overlap.text()).toMatch(/This listing already has an open house then \(\w{3} \d{1,2} \w{3} \d{4}, 10:00–12:00\)/)
    const backwards = await post({ date: dayAhead(32), startTime: '12:00', endTime: '11:00' })
    expect(backwards.status).toBe(400)
    expect(await backwards.text()).toContain('The end must be after the start.')
    const past = await post({ date: '2024-05-04', startTime: '10:00', endTime: '12:00' })
    expect(await past.text()).toContain('That time has passed')
    expect((await post({ date: '2027-02-30', startTime: '10:00', endTime: '12:00' })).status).toBe(400)
    const tooFar = await post({ date: dayAhead(400), startTime: '10:00', endTime: '12:00' })
    expect(await tooFar.text()).toContain('Plan it within the next 365 days.')
    expect((await post({ date: 'soon', startTime: '10', endTime: '' })).status).toBe(400)
    // Right after the first: no overlap.
    await startOpenHouseVia(agent.browser, property, { date: DAY, startTime: '12:00', endTime: '14:00' })
    // A colleague sees the listing but does not change it; another agency does not see it.
    expect((await post({ date: dayAhead(60), startTime: '10:00', endTime: '11:00' }, colleague.browser)).status).toBe(403)
    expect((await post({ date: dayAhead(60), startTime: '10:00', endTime: '11:00' }, outsider.browser)).status).toBe(404)
    expect((await colleague.browser.get(`/property/${property}/open-houses`)).status).toBe(200)
    expect((await outsider.browser.get(`/property/${property}/open-houses`)).status).toBe(404)
    expect((await outsider.browser.get(`/property/${property}/open-houses/${first.id}/sign`)).status).toBe(404)
    // A draft is never shown to visitors.
    const draft = await createPropertyVia(agent.browser, { title: 'Draft flat', status: 'draft' })
    const refused = await agent.browser.post(`/property/${draft}/open-houses`, { intent: 'start', redirectTo: '', date: dayAhead(60), startTime: '10:00', endTime: '11:00' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Change the status to hold an open house.')
  })

  it('cancels one not started, ends a running one early, and leaves one that is over', async () => {
    const property = await createPropertyVia(agent.browser, { title: 'Ending flat' })
    const end = (id: string, browser = agent.browser) => browser.post(`/property/${property}/open-houses`, { intent: 'end', openHouseId: id, redirectTo: '' })
    const later = await startOpenHouseVia(agent.browser, property, planned)
    expect((await end(later.id, colleague.browser)).status).toBe(403)
    expect((await end(later.id)).status).toBe(302)
    expect(await getDb().select().from(openHouses).where(eq(openHouses.id, later.id))).toEqual([])

    const running = await startOpenHouseVia(agent.browser, property, planned)
    await makeRunning(running.id)
    // The owner ends it (owners and admins change every listing).
    expect((await end(running.id, owner.browser)).status).toBe(302)
    const [row] = await getDb().select().from(openHouses).where(eq(openHouses.id, running.id))
    expect(row!.endedEarlyAt).not.toBeNull()
    expect(Math.abs(row!.endsAt.getTime() - Date.now())).toBeLessThan(60_000)
    const again = await end(running.id)
    expect(again.status).toBe(302)
    expect((await agent.browser.follow(again)).response.status).toBe(200)
    expect((await end('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await agent.browser.post(`/property/${property}/open-houses`, { intent: 'stop' })).status).toBe(400)
  })
})

describe('signing in at the door', () => {
  let openHouse: { id: string; token: string }
  beforeAll(async () => {
    openHouse = await startOpenHouseVia(agent.browser, propertyId, planned)
    await makeRunning(openHouse.id)
  })
  const door = (token = openHouse.token) => `/open-house/${token}`

  it('shows the listing, the agency and the form, with no script, and a sign-in becomes a lead on the listing', async () => {
    const page = await visitor().get(door())
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    const html = await page.text()
    expect(html).toContain('Open house: Riverside flat')
    expect(html).toContain('Are you working with an agent?')
    expect(html).toContain('Alda Agent')
    expect(html).not.toMatch(/<script[\s>]/)

    const browser = visitor()
    const posted = await browser.post(door(), signInForm({ name: 'Ana Costa', email: 'Ana.Costa@Example.com', phone: '+351 912 345 678' }))
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toBe(door())
    const after = await browser.follow(posted)
    const thanked = await after.response.text()
    expect(thanked).toContain('Thank you, Ana!')
    // An empty form again for the next visitor.
    expect(thanked).not.toContain('Ana.Costa@Example.com')

    const [lead] = (await leadsOf(propertyId)).filter((row) => row.emailNormalized === 'ana.costa@example.com')
    expect(lead).toMatchObject({ source: 'open_house', status: 'new', ownerId: null, contactName: 'Ana Costa', contactEmail: 'Ana.Costa@Example.com', phoneE164: '+351912345678' })
    expect(lead!.consentText).toContain('may contact me about this property')
    expect(lead!.consentedAt).not.toBeNull()
    expect(lead!.message).toContain('Working with an agent: no.')

    // The broker sees the sign-in on the property's card.
    const property = await (await agent.browser.get(`/property/${propertyId}`)).text()
    expect(property).toContain('Ana Costa')
    expect(property).toContain('Not working with an agent')
  })

  it('keeps one sign-in and one lead for the same person signing in twice (e-mail or phone)', async () => {
    const first = await visitor().post(door(), signInForm({ name: 'Bruno Reis', email: 'bruno@example.com' }))
    expect(first.status).toBe(303)
    // Again, the address in capitals, now with a phone and an agent.
    const second = await visitor().post(door(), signInForm({ name: 'Bruno Reis', email: 'BRUNO@example.com', phone: '+351 913 000 111', withAgent: 'yes', agentName: 'Rita Lopes' }))
    expect(second.status).toBe(303)
    // And by phone alone, written another way.
    expect((await visitor().post(door(), signInForm({ name: 'Bruno R.', phone: '+351913000111' }))).status).toBe(303)
    const rows = (await signInsOf(openHouse.id)).filter((row) => row.emailNormalized === 'bruno@example.com')
    expect(rows).toHaveLength(1)
    // The latest answers; the contact it lacked added.
    expect(rows[0]).toMatchObject({ name: 'Bruno R.', email: 'bruno@example.com', phoneKey: '+351913000111', withAgent: false, agentName: null })
    const bruno = (await leadsOf(propertyId)).filter((row) => row.emailNormalized === 'bruno@example.com')
    expect(bruno).toHaveLength(1)
    expect(bruno[0]!.id).toBe(rows[0]!.leadId)
    expect(bruno[0]!.phoneE164).toBe('+351913000111')
    // Two people of one household: one phone, an address each, two sign-ins and two leads.
    for (const name of ['Carlos', 'Marta']) {
      expect((await visitor().post(door(), signInForm({ name, email: `${name.toLowerCase()}@example.com`, phone: '+351 915 111 222' }))).status).toBe(303)
    }
    const household = (await signInsOf(openHouse.id)).filter((row) => row.phoneKey === '+351915111222')
    expect(household.map((row) => row.name).sort()).toEqual(['Carlos', 'Marta'])
    expect(new Set(household.map((row) => row.leadId)).size).toBe(2)
  })

  it('answers a bad form with 400 and the messages by the fields, keeping what was typed', async () => {
    const none = await visitor().post(door(), signInForm({ name: 'Carla', email: '', phone: '' }))
    expect(none.status).toBe(400)
    const html = await none.text()
    expect(html).toContain('Leave an e-mail address or a phone number')
    expect(html).toContain('value="Carla"')
    const bad = await visitor().post(door(), signInForm({ name: '', email: 'not-an-address', withAgent: '' }))
    expect(bad.status).toBe(400)
    const text = await bad.text()
    expect(text).toContain('Write your name.')
    expect(text).toContain('Write an e-mail address like name@example.com.')
    expect(text).toContain('Tell us whether you are working with an agent.')
    expect((await leadsOf(propertyId)).some((row) => row.contactName === 'Carla')).toBe(false)
  })

  it('drops a filled honeypot without a trace, and says thank you all the same', async () => {
    const before = (await leadsOf(propertyId)).length
    const bot = await visitor().post(door(), signInForm({ name: 'Bot', email: 'bot@example.com', website: 'https://spam.example' }))
    expect(bot.status).toBe(303)
    expect(await leadsOf(propertyId)).toHaveLength(before)
  })

  it(`takes at most ${OPEN_HOUSE_SIGN_INS_PER_HOUR} sign-ins an hour per open house (429 with Retry-After)`, async () => {
    const property = await createPropertyVia(agent.browser, { title: 'Busy flat' })
    const busy = await startOpenHouseVia(agent.browser, property, planned)
    await makeRunning(busy.id)
    // The counter is the database's (rate_limits): the hour's sign-ins so far, all but one.
    await queryRows(sql`insert into rate_limits (key, count, window_start) values (${`open-house:${busy.id}`}, ${OPEN_HOUSE_SIGN_INS_PER_HOUR - 1}, now())`)
    expect((await visitor().post(door(busy.token), signInForm({ email: 'last@example.com' }))).status).toBe(303)
    const refused = await visitor().post(door(busy.token), signInForm({ email: 'one-too-many@example.com' }))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.text()).toContain('Too many sign-ins at once')
    expect((await leadsOf(property)).map((row) => row.emailNormalized)).toEqual(['last@example.com'])
    // Another open house has its own allowance.
    expect((await visitor().post(door(), signInForm({ email: 'elsewhere@example.com' }))).status).toBe(303)
  })

  it('takes no sign-in before it starts or after it ends (409), and says so; an unknown token is a 404', async () => {
    const property = await createPropertyVia(agent.browser, { title: 'Timed flat' })
    const timed = await startOpenHouseVia(agent.browser, property, planned)
    await moveOpenHouse(timed.id, 'later')
    const before = await visitor().get(door(timed.token))
    expect(before.status).toBe(200)
    const beforeHtml = await before.text()
    expect(beforeHtml).toContain('This open house starts at')
    expect(beforeHtml).not.toContain('name="withAgent"')
    expect((await visitor().post(door(timed.token), signInForm({ email: 'early@example.com' }))).status).toBe(409)
    await moveOpenHouse(timed.id, 'over')
    expect(await (await visitor().get(door(timed.token))).text()).toContain('This open house has ended')
    const late = await visitor().post(door(timed.token), signInForm({ email: 'late@example.com' }))
    expect(late.status).toBe(409)
    expect(await late.text()).toContain('This open house has ended')
    expect(await leadsOf(property)).toEqual([])
    expect((await visitor().get('/open-house/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
    expect((await visitor().get('/open-house/short')).status).toBe(404)
    expect((await visitor().post('/open-house/AAAAAAAAAAAAAAAAAAAAAA', signInForm({ email: 'x@example.com' }))).status).toBe(404)
  })

  it('shows another agency none of it: raw selects in its scope, its pages 404', async () => {
    const a = await ownerScopeOf(owner.email)
    const b = await ownerScopeOf(outsider.email)
    for (const table of ['open_houses', 'open_house_sign_ins']) {
      const all = await queryRows<{ agency_id: string }>(sql`select distinct agency_id::text from ${sql.identifier(table)}`)
      expect(all.map((row) => row.agency_id)).toContain(a.agencyId)
      const seenByB = await withScope(b, () => queryRows<{ agency_id: string }>(sql`select distinct agency_id::text from ${sql.identifier(table)}`))
      expect(seenByB.filter((row) => row.agency_id !== b.agencyId), table).toEqual([])
      const changed = await withScope(b, () => queryRows(sql`update ${sql.identifier(table)} set agency_id = agency_id where agency_id = ${a.agencyId} returning 1`))
      expect(changed, table).toEqual([])
    }
    expect((await outsider.browser.post(`/property/${propertyId}/open-houses`, { intent: 'end', openHouseId: openHouse.id })).status).toBe(404)
    expect(await (await outsider.browser.get(`/property/${propertyId}`)).text()).not.toContain('Ana Costa')
  })
})

describe('the thank-you mails the next morning', () => {
  it('mails each visitor who gave an e-mail and consented at 08:00 their time the day after, with the listing’s link, once', async () => {
    const property = await createPropertyVia(agent.browser, { title: 'Harbour house' })
    const oh = await startOpenHouseVia(agent.browser, property, planned)
    await makeRunning(oh.id)
    const tag = Math.random().toString(36).slice(2, 8)
    const consenting = `dora-${tag}@example.com`
    expect((await visitor().post(`/open-house/${oh.token}`, signInForm({ name: 'Dora Dias', email: consenting }))).status).toBe(303)
    expect((await visitor().post(`/open-house/${oh.token}`, signInForm({ name: 'Eva Eco', email: `eva-${tag}@example.com`, consent: '' }))).status).toBe(303)
    expect((await visitor().post(`/open-house/${oh.token}`, signInForm({ name: 'Filipe Fone', phone: '+351 914 222 333' }))).status).toBe(303)
    const mine = (mails: MailRequest[]) => mails.filter((mail) => mail.to.endsWith(`-${tag}@example.com`))

    // 08:00 in Lisbon the day after: a minute before, nothing.
    const due = lisbon(addDays(DAY, 1), '08:00')
    const at = (minutes: number) => new Date(due.getTime() + minutes * 60_000)
    expect(mine(await sendDueOpenHouseThanks({ now: at(-1) }))).toEqual([])
    const queued = mine(await sendDueOpenHouseThanks({ now: at(0) }))
    expect(queued.map((mail) => mail.to)).toEqual([consenting])
    expect(queued[0]!.subject).toBe('Thank you for visiting Harbour house')
    expect(queued[0]!.action?.url).toMatch(/^http:\/\/localhost:3000\/preview\/[A-Za-z0-9_-]{22}$/)
    const [row] = await getDb().select().from(openHouses).where(eq(openHouses.id, oh.id))
    // One link per open house: the one made when it started.
    expect(queued[0]!.action?.url).toBe(`http://localhost:3000/preview/${row!.shareId}`)
    expect(row!.thanksSentAt).not.toBeNull()
    // The link opens the listing for anyone.
    expect((await visitor().get(`/preview/${row!.shareId}`)).status).toBe(200)

    // Queued once under the sign-in's id; the next runs find nothing left to do.
    const [dora] = (await signInsOf(oh.id)).filter((s) => s.emailNormalized === consenting)
    expect(dora!.thankedAt).not.toBeNull()
    expect(mine(await sendDueOpenHouseThanks({ now: at(15) }))).toEqual([])
    const jobs = async () => queryRows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} and data->>'to' = ${consenting}`)
    expect((await jobs())[0]!.n).toBe(1)
    // A run that died after queueing, before marking (its retry sees the sign-in unthanked):
    // the mail is not queued a second time.
    await getDb().update(openHouseSignIns).set({ thankedAt: null }).where(eq(openHouseSignIns.id, dora!.id))
    await getDb().update(openHouses).set({ thanksSentAt: null }).where(eq(openHouses.id, oh.id))
    expect(mine(await sendDueOpenHouseThanks({ now: at(30) })).map((mail) => mail.to)).toEqual([consenting])
    expect((await jobs())[0]!.n).toBe(1)

    // What the mail worker sends, through a real SMTP server.
    const boss = await getJobQueue()
    const job = await boss.getJobById<MailRequest>(MAIL_QUEUE, dora!.id)
    expect(job?.data.to).toBe(consenting)
    const smtp = await startSmtpListener()
    try {
      const { default: nodemailer } = await import('nodemailer')
      const transporter = nodemailer.createTransport({ url: smtp.url })
      const transport: MailTransport = { kind: 'smtp', send: async (mail) => void (await transporter.sendMail({ from: 'BrokerVault <no-reply@brokervault.test>', ...mail })) }
      await deliverMail(job!.data, transport)
      const received = await smtp.waitForMail(consenting)
      expect(received.subject).toBe('Thank you for visiting Harbour house')
      expect(received.text).toContain('Hello Dora Dias,')
      expect(received.text).toContain(`http://localhost:3000/preview/${row!.shareId}`)
      expect(received.text).toContain('Alda Agent')
      expect(smtp.received).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })
})
