import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clients, comments, deals } from '#db/schema.ts'
import { findUser } from '#tests/support/db.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

// The client screens are written in parallel: clients and deals go straight into the database.
async function insertClientAndDeal(email: string) {
  const ownerId = (await findUser(email)).id
  const [client] = await getDb().insert(clients).values({ ownerId, fullName: 'Nora Tenant' }).returning({ id: clients.id })
  const [deal] = await getDb()
    .insert(deals)
    .values({ ownerId, clientId: client!.id, title: 'Nora lease', currency: 'EUR' })
    .returning({ id: deals.id })
  return { ownerId, clientId: client!.id, dealId: deal!.id }
}

async function commentsOf(ownerId: string) {
  return getDb().select().from(comments).where(eq(comments.ownerId, ownerId)).orderBy(comments.createdAt)
}

describe('adding notes', () => {
  it('adds a note to a property, a client and a deal, logs each and redirects back', async () => {
    const { browser, email } = await signedInBroker()
    const { ownerId, clientId, dealId } = await insertClientAndDeal(email)
    const propertyId = await createPropertyVia(browser, { title: 'Garden house' })
    for (const [subject, id] of [['property', propertyId], ['client', clientId], ['deal', dealId]] as const) {
      const response = await browser.post('/comments', { intent: 'add', subject, id, body: `About the ${subject}`, redirectTo: `/${subject}/${id}?tab=notes` })
      expect(response.status, subject).toBe(302)
      expect(response.headers.get('Location')).toBe(`/${subject}/${id}?tab=notes`)
    }
    const rows = await commentsOf(ownerId)
    expect(rows.map((r) => [r.subject, r.propertyId, r.clientId, r.dealId, r.body])).toEqual([
      ['property', propertyId, null, null, 'About the property'],
      ['client', null, clientId, null, 'About the client'],
      ['deal', null, null, dealId, 'About the deal'],
    ])
    const logged = await getDb()
      .select({ summary: activities.summary, propertyId: activities.propertyId, clientId: activities.clientId, dealId: activities.dealId })
      .from(activities)
      .where(and(eq(activities.ownerId, ownerId), eq(activities.kind, 'comment_added')))
      .orderBy(activities.createdAt)
    expect(logged).toEqual([
      { summary: 'Note on Garden house', propertyId, clientId: null, dealId: null },
      { summary: 'Note on Nora Tenant', propertyId: null, clientId, dealId: null },
      // A deal's note is filed under its client too, so it shows in the client's feed.
      { summary: 'Note on Nora lease', propertyId: null, clientId, dealId },
    ])
  })

  it('shows the thread on the deal page newest last, escaped, line breaks kept, with the toast', async () => {
    const { browser, email } = await signedInBroker()
    const { dealId } = await insertClientAndDeal(email)
    await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body: 'First call\r\nwent well' })
    const second = await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body: '<script>alert(1)</script>' })
    // Without redirectTo the note returns to its subject's page.
    expect(second.headers.get('Location')).toBe(`/deal/${dealId}`)
    const html = await (await browser.follow(second)).response.text()
    expect(html).toContain('Note added.')
    expect(html).toContain('First call\nwent well')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>alert(1)')
    expect(html.indexOf('First call')).toBeLessThan(html.indexOf('&lt;script&gt;alert(1)'))
    expect(html).toContain('action="/comments"')
  })

  it('the deal page makes the same number of queries however long its thread is', async () => {
    const { browser, email } = await signedInBroker()
    const { dealId } = await insertClientAndDeal(email)
    const queries = async () => Number(/db;desc="(\d+) queries"/.exec((await browser.get(`/deal/${dealId}`)).headers.get('Server-Timing') ?? '')?.[1])
    await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body: 'One' })
    const withOne = await queries()
    for (let i = 0; i < 5; i++) await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body: `Note ${i}` })
    expect(withOne).toBeGreaterThan(0)
    expect(await queries()).toBe(withOne)
  })

  it('never redirects to another site', async () => {
    const { browser, email } = await signedInBroker()
    const { clientId } = await insertClientAndDeal(email)
    for (const redirectTo of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      const response = await browser.post('/comments', { intent: 'add', subject: 'client', id: clientId, body: 'Hi', redirectTo })
      expect(response.headers.get('Location')).toBe(`/client/${clientId}`)
    }
  })
})

describe('bad notes', () => {
  it('an empty or too long note is a 400 page with the message next to the field and the text kept', async () => {
    const { browser, email } = await signedInBroker()
    const { ownerId, dealId } = await insertClientAndDeal(email)
    const empty = await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body: '   ', redirectTo: `/deal/${dealId}` })
    expect(empty.status).toBe(400)
    const emptyHtml = await empty.text()
    expect(emptyHtml).toContain('Your note was not saved')
    expect(emptyHtml).toContain('Write a note first')
    expect(emptyHtml).toContain(`aria-describedby="comment-body-deal-${dealId}-error"`)
    expect(emptyHtml).toContain('Note on Nora lease')
    const longText = `Start ${'x'.repeat(4000)}`
    const tooLong = await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body: longText, redirectTo: `/deal/${dealId}` })
    expect(tooLong.status).toBe(400)
    const longHtml = await tooLong.text()
    expect(longHtml).toContain('A note can be at most 4000 characters')
    expect(longHtml).toContain(longText)
    // The form again, still returning to the deal.
    expect(longHtml).toContain(`name="redirectTo" value="/deal/${dealId}"`)
    expect(await commentsOf(ownerId)).toEqual([])
  })

  it('counts a line break as one character, as the browser does', async () => {
    const { browser, email } = await signedInBroker()
    const { ownerId, dealId } = await insertClientAndDeal(email)
    const body = Array.from({ length: 100 }, () => 'y'.repeat(39)).join('\r\n') // 3900 + 99 CRLF
    const response = await browser.post('/comments', { intent: 'add', subject: 'deal', id: dealId, body })
    expect(response.status).toBe(302)
    const [row] = await commentsOf(ownerId)
    expect(row?.body.length).toBe(3999)
  })
})

describe('notes on somebody else’s data', () => {
  it('posting on a foreign or malformed property, client or deal is a 404 and writes nothing', async () => {
    const owner = await signedInBroker()
    const intruder = await signedInBroker('Intruder')
    const { ownerId, clientId, dealId } = await insertClientAndDeal(owner.email)
    const propertyId = await createPropertyVia(owner.browser)
    for (const [subject, id] of [['property', propertyId], ['client', clientId], ['deal', dealId], ['deal', 'not-a-uuid'], ['client', propertyId]] as const) {
      const response = await intruder.browser.post('/comments', { intent: 'add', subject, id, body: 'Mine now' })
      expect(response.status, `${subject} ${id}`).toBe(404)
      // Even an empty body: ownership is checked first, so nothing tells whether the id exists.
      const empty = await intruder.browser.post('/comments', { intent: 'add', subject, id, body: '' })
      expect(empty.status, `${subject} ${id} empty`).toBe(404)
    }
    expect((await intruder.browser.post('/comments', { intent: 'add', subject: 'share', id: dealId, body: 'x' })).status).toBe(404)
    expect((await intruder.browser.post('/comments', { intent: 'delete', subject: 'deal', id: dealId, body: 'x' })).status).toBe(400)
    expect(await commentsOf(ownerId)).toEqual([])
    expect(await commentsOf((await findUser(intruder.email)).id)).toEqual([])
  })

  it('GET /comments is a 404 and a signed-out POST goes to sign-in', async () => {
    const { browser } = await signedInBroker()
    expect((await browser.get('/comments')).status).toBe(404)
    const anonymous = await new TestBrowser().post('/comments', { intent: 'add', subject: 'deal', id: crypto.randomUUID(), body: 'x' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/auth/)
  })
})
