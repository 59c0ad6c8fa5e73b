import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clients, deals } from '#db/schema.ts'
import { listDealsByStage } from '#app/modules/deals/board.server.ts'
import { findUser, scopeOf } from '#tests/support/db.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

// The client screens are written in parallel: clients go straight into the database.
async function insertClient(email: string, fullName = 'Ana Client') {
  const ownerId = (await findUser(email)).id
  const [row] = await getDb().insert(clients).values({ ownerId, fullName }).returning({ id: clients.id })
  return row!.id
}

function dealForm(clientId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { intent: 'create', clientId, title: 'Alfama flat sale', value: '250000', currency: 'EUR', redirectTo: '/deals', ...overrides }
}

/** Creates a deal through the /deals form; returns its id. */
async function createDealVia(browser: TestBrowser, clientId: string, overrides: Record<string, string> = {}) {
  const response = await browser.post('/deals', dealForm(clientId, { redirectTo: '', ...overrides }))
  const id = /^\/deal\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
  if (response.status !== 302 || !id) throw new Error(`deal create failed: ${response.status} ${await response.text()}`)
  return id
}

async function dealActivity(dealId: string) {
  return getDb()
    .select({ kind: activities.kind, data: activities.data, clientId: activities.clientId, propertyId: activities.propertyId, summary: activities.summary })
    .from(activities)
    .where(eq(activities.dealId, dealId))
    .orderBy(activities.createdAt)
}

/** The HTML of one stage column on the board. */
function stageColumn(html: string, stage: string) {
  const start = html.indexOf(`data-stage="${stage}"`)
  const end = html.indexOf('</section>', start)
  return start < 0 ? '' : html.slice(start, end)
}

describe('creating deals', () => {
  it('creates a deal for the broker’s client and property, logs it and shows it on the board', async () => {
    const { browser, email } = await signedInBroker()
    const clientId = await insertClient(email, 'Maria Buyer')
    const propertyId = await createPropertyVia(browser, { title: 'River view flat' })
    const response = await browser.post(
      '/deals',
      dealForm(clientId, { propertyId, commission: '7500', expectedCloseDate: '2030-06-30', notes: 'Needs a mortgage' }),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/deals')
    const [row] = await getDb().select().from(deals).where(eq(deals.clientId, clientId))
    expect(row).toMatchObject({
      ownerId: (await findUser(email)).id,
      propertyId,
      title: 'Alfama flat sale',
      stage: 'lead',
      value: 250000,
      currency: 'EUR',
      commission: 7500,
      expectedCloseDate: '2030-06-30',
      notes: 'Needs a mortgage',
    })
    expect(await dealActivity(row!.id)).toEqual([
      expect.objectContaining({ kind: 'deal_created', clientId, propertyId, summary: 'New deal Alfama flat sale with Maria Buyer' }),
    ])
    const board = await (await browser.get('/deals')).text()
    expect(board).toContain('Deal Alfama flat sale created.')
    const lead = stageColumn(board, 'lead')
    for (const text of ['Alfama flat sale', 'Maria Buyer', 'River view flat', '€250,000', 'Sun 30 Jun 2030']) expect(lead).toContain(text)
    expect(lead).toContain(`href="/deal/${row!.id}"`)
    expect(lead).toContain(`href="/client/${clientId}"`)
  })

  it('returns to a same-site redirectTo (the client page) and never to another site', async () => {
    const { browser, email } = await signedInBroker()
    const clientId = await insertClient(email)
    const fromClientPage = await browser.post('/deals', dealForm(clientId, { redirectTo: `/client/${clientId}` }))
    expect(fromClientPage.headers.get('Location')).toBe(`/client/${clientId}`)
    const offSite = await browser.post('/deals', dealForm(clientId, { redirectTo: '//evil.example/x' }))
    expect(offSite.headers.get('Location')).toMatch(/^\/deal\/[0-9a-f-]{36}$/)
  })

  it('shows each error next to its field, keeps the values and writes nothing', async () => {
    const { browser, email } = await signedInBroker()
    const clientId = await insertClient(email)
    const response = await browser.post(
      '/deals',
      dealForm(clientId, { title: '', value: '-5', currency: 'XYZ', expectedCloseDate: '2030-02-30', notes: 'Keep me', redirectTo: `/client/${clientId}` }),
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    for (const message of ['Title is required', 'Value cannot be negative', 'Use a three-letter ISO currency code', 'Use a real date between 2000 and 2100']) {
      expect(html).toContain(message)
    }
    expect(html).toMatch(/aria-invalid="true"[^>]*name="title"|name="title"[^>]*aria-invalid="true"/)
    expect(html).toContain('Keep me')
    // The client page's redirectTo survives, so fixing the form returns there.
    expect(html).toContain(`value="/client/${clientId}"`)
    const commission = await browser.post('/deals', dealForm(clientId, { value: '1000', commission: '2000' }))
    expect(commission.status).toBe(400)
    expect(await commission.text()).toContain('Commission cannot be more than the deal value')
    const noClient = await browser.post('/deals', dealForm('', {}))
    expect(noClient.status).toBe(400)
    expect(await noClient.text()).toContain('Choose a client')
    expect(await getDb().select().from(deals).where(eq(deals.clientId, clientId))).toEqual([])
  })

  it('a foreign or malformed client or property is a 404 and nothing is written', async () => {
    const mine = await signedInBroker()
    const other = await signedInBroker('Other Broker')
    const myClient = await insertClient(mine.email)
    const theirClient = await insertClient(other.email)
    const theirProperty = await createPropertyVia(other.browser)
    expect((await mine.browser.post('/deals', dealForm(theirClient))).status).toBe(404)
    expect((await mine.browser.post('/deals', dealForm(myClient, { propertyId: theirProperty }))).status).toBe(404)
    expect((await mine.browser.post('/deals', dealForm('not-a-uuid'))).status).toBe(404)
    expect((await mine.browser.post('/deals', dealForm(myClient, { propertyId: 'nope' }))).status).toBe(404)
    // Ownership before the other fields: a foreign id with a bad title or commission is still a 404.
    expect((await mine.browser.post('/deals', dealForm(theirClient, { title: '', value: '1000', commission: '2000' }))).status).toBe(404)
    expect((await mine.browser.post('/deals', dealForm(myClient, { propertyId: theirProperty, value: 'lots' }))).status).toBe(404)
    const myId = (await findUser(mine.email)).id
    expect(await getDb().select().from(deals).where(eq(deals.ownerId, myId))).toEqual([])
    expect((await mine.browser.post('/deals', { intent: 'explode' })).status).toBe(400)
  })
})

describe('the board', () => {
  it('groups deals by stage with totals per currency, never adding currencies together', async () => {
    const { browser, email } = await signedInBroker()
    const clientId = await insertClient(email)
    await createDealVia(browser, clientId, { title: 'A', value: '100000', currency: 'EUR' })
    await createDealVia(browser, clientId, { title: 'B', value: '50000.5', currency: 'EUR' })
    await createDealVia(browser, clientId, { title: 'C', value: '300000', currency: 'USD' })
    await createDealVia(browser, clientId, { title: 'D', value: '' })
    const won = await createDealVia(browser, clientId, { title: 'E', value: '80000', currency: 'GBP' })
    await browser.post('/deals', { intent: 'move', dealId: won, stage: 'closed_won' })
    const html = await (await browser.get('/deals')).text()
    const lead = stageColumn(html, 'lead')
    expect(lead).toContain('(4)')
    expect(lead).toContain('€150,000.50 + $300,000')
    expect(stageColumn(html, 'closed_won')).toContain('£80,000')
    expect(stageColumn(html, 'offer')).toContain('No value yet')
    // The open pipeline leaves closed deals out.
    expect(html).toMatch(/Open pipeline: <strong[^>]*>€150,000.50 \+ \$300,000<\/strong>/)
    for (const label of ['Lead', 'Viewing', 'Offer', 'Under contract', 'Closed – won', 'Closed – lost']) expect(html).toContain(label)
  })

  it('shows at most 100 cards per stage while the totals count every deal', async () => {
    const { browser, email } = await signedInBroker()
    const clientId = await insertClient(email)
    const ownerId = (await findUser(email)).id
    // The oldest deal is the only one in CHF: its total must survive the card limit.
    const now = Date.now()
    const rows = Array.from({ length: 105 }, (_, i) => ({
      ownerId,
      clientId,
      title: `Bulk ${i}`,
      stage: 'viewing' as const,
      value: 1000,
      currency: i === 0 ? 'CHF' : 'EUR',
      updatedAt: new Date(now - (105 - i) * 60_000),
    }))
    await getDb().insert(deals).values(rows)
    const viewing = stageColumn(await (await browser.get('/deals')).text(), 'viewing')
    expect(viewing).toContain('(105)')
    expect(viewing.match(/data-deal-id=/g)).toHaveLength(100)
    expect(viewing).not.toContain('>Bulk 0<')
    expect(viewing).toContain('CHF')
    expect(viewing).toContain('€104,000')
    expect(viewing).toContain('Showing the 100 most recently updated of 105 deals')
    const board = await listDealsByStage(await scopeOf(ownerId))
    const column = board.find((c) => c.stage === 'viewing')!
    expect(column.totals).toEqual([
      { currency: 'CHF', total: 1000, count: 1 },
      { currency: 'EUR', total: 104000, count: 104 },
    ])
    expect(column.deals[0]).toMatchObject({ title: 'Bulk 104', value: 1000, clientName: 'Ana Client', propertyTitle: null })
    expect(board.map((c) => c.stage)).toEqual(['lead', 'viewing', 'offer', 'under_contract', 'closed_won', 'closed_lost'])
  })
})

it('the board makes the same number of queries whatever the number of deals (no N+1)', async () => {
  const { browser, email } = await signedInBroker()
  const clientId = await insertClient(email)
  const queries = async () => Number(/db;desc="(\d+) queries"/.exec((await browser.get('/deals')).headers.get('Server-Timing') ?? '')?.[1])
  await createDealVia(browser, clientId)
  const withOne = await queries()
  for (let i = 0; i < 6; i++) await createDealVia(browser, clientId, { title: `Deal ${i}`, currency: i % 2 ? 'USD' : 'EUR' })
  expect(withOne).toBeGreaterThan(0)
  expect(await queries()).toBe(withOne)
})

describe('moving deals', () => {
  it('moves through the board and the deal page, logging from → to each time', async () => {
    const { browser, email } = await signedInBroker()
    const clientId = await insertClient(email)
    const dealId = await createDealVia(browser, clientId)
    const first = await browser.post('/deals', { intent: 'move', dealId, stage: 'offer' })
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe('/deals')
    const board = await (await browser.get('/deals')).text()
    expect(board).toContain('Moved Alfama flat sale to Offer.')
    expect(stageColumn(board, 'offer')).toContain('Alfama flat sale')
    expect(stageColumn(board, 'lead')).not.toContain('Alfama flat sale')
    const second = await browser.post(`/deal/${dealId}`, { intent: 'move', stage: 'under_contract' })
    expect(second.headers.get('Location')).toBe(`/deal/${dealId}`)
    const page = await (await browser.get(`/deal/${dealId}`)).text()
    expect(page).toContain('Under contract')
    // The same stage again changes and logs nothing.
    const same = await browser.post('/deals', { intent: 'move', dealId, stage: 'under_contract' })
    expect((await browser.follow(same)).response.status).toBe(200)
    const log = await dealActivity(dealId)
    expect(log.map((a) => [a.kind, a.data])).toEqual([
      ['deal_created', expect.anything()],
      ['deal_moved', { from: 'lead', to: 'offer' }],
      ['deal_moved', { from: 'offer', to: 'under_contract' }],
    ])
    expect(log[1]).toMatchObject({ summary: 'Moved Alfama flat sale from Lead to Offer', clientId })
  })

  it('an unknown stage is a 400 shown next to that deal’s select', async () => {
    const { browser, email } = await signedInBroker()
    const dealId = await createDealVia(browser, await insertClient(email))
    const response = await browser.post('/deals', { intent: 'move', dealId, stage: 'celebrating' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain(`id="stage-${dealId}-error"`)
    expect(html).toContain('Choose one of the stages listed.')
    const [row] = await getDb().select({ stage: deals.stage }).from(deals).where(eq(deals.id, dealId))
    expect(row?.stage).toBe('lead')
  })
})

describe('the deal page', () => {
  it('shows the deal and saves edits; bad edits are 400s next to the fields', async () => {
    const { browser, email } = await signedInBroker()
    const dealId = await createDealVia(browser, await insertClient(email, 'Rui Seller'))
    const page = await (await browser.get(`/deal/${dealId}`)).text()
    for (const text of ['Alfama flat sale', 'Rui Seller', '€250,000', 'Lead', 'Notes']) expect(page).toContain(text)
    const saved = await browser.post(`/deal/${dealId}`, {
      intent: 'update', title: 'Alfama flat – final', value: '240000', currency: 'eur', commission: '6000', expectedCloseDate: '2031-01-15', notes: 'Signed\nsoon',
    })
    expect(saved.status).toBe(302)
    const [row] = await getDb().select().from(deals).where(eq(deals.id, dealId))
    expect(row).toMatchObject({ title: 'Alfama flat – final', value: 240000, currency: 'EUR', commission: 6000, expectedCloseDate: '2031-01-15', notes: 'Signed\nsoon' })
    const cleared = await browser.post(`/deal/${dealId}`, { intent: 'update', title: 'Alfama flat – final', currency: 'EUR', value: '' })
    expect(cleared.status).toBe(302)
    const [afterClear] = await getDb().select().from(deals).where(eq(deals.id, dealId))
    expect(afterClear).toMatchObject({ value: null, commission: null, expectedCloseDate: null, notes: '' })
    const bad = await browser.post(`/deal/${dealId}`, { intent: 'update', title: 'x'.repeat(161), currency: 'EUR', value: 'lots' })
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(html).toContain('Title must be at most 160 characters')
    expect(html).toContain('Value must be a number')
    expect((await browser.post(`/deal/${dealId}`, { intent: 'delete-everything' })).status).toBe(400)
  })

  it('every page and action on a foreign or malformed deal is a 404', async () => {
    const owner = await signedInBroker()
    const intruder = await signedInBroker('Intruder')
    const dealId = await createDealVia(owner.browser, await insertClient(owner.email))
    const { browser } = intruder
    expect((await browser.get(`/deal/${dealId}`)).status).toBe(404)
    expect((await browser.get('/deal/not-a-uuid')).status).toBe(404)
    expect((await browser.post(`/deal/${dealId}`, { intent: 'update', title: 'Mine now', currency: 'EUR' })).status).toBe(404)
    expect((await browser.post(`/deal/${dealId}`, { intent: 'move', stage: 'closed_lost' })).status).toBe(404)
    expect((await browser.post('/deals', { intent: 'move', dealId, stage: 'closed_lost' })).status).toBe(404)
    expect((await browser.post('/deals', { intent: 'move', dealId: '../x', stage: 'offer' })).status).toBe(404)
    // A stage outside the list as well: still a 404 (it was a 400 next to the deal's select).
    expect((await browser.post('/deals', { intent: 'move', dealId, stage: 'castle' })).status).toBe(404)
    expect((await browser.post(`/deal/${dealId}`, { intent: 'move', stage: 'castle' })).status).toBe(404)
    const [row] = await getDb().select().from(deals).where(and(eq(deals.id, dealId)))
    expect(row).toMatchObject({ title: 'Alfama flat sale', stage: 'lead' })
    expect(await (await browser.get('/deals')).text()).not.toContain('Alfama flat sale')
  })
})
