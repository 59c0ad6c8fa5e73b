import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clients, deals, properties, viewings } from '#db/schema.ts'
import { moveDeal } from '#app/modules/deals/deals.server.ts'
import { setViewingStatus } from '#app/modules/agenda/viewings.server.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { scheduleViewingVia } from '#tests/support/agenda.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser, scopeOf } from '#tests/support/db.ts'
import { inputTag } from '#tests/support/html.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/** A broker with an active listing (sale unless told), a new client and a deal on both. */
async function brokerWithDeal(purpose: 'sale' | 'rent' = 'sale') {
  const { browser, email } = await signedInBroker()
  const propertyId = await createPropertyVia(browser, { title: 'Canal House', purpose, rentPeriod: purpose === 'rent' ? 'monthly' : '', status: 'active' })
  const clientId = await createClientVia(browser, { fullName: 'Maria Jansen', email: `maria-${Math.random().toString(36).slice(2)}@example.com` })
  const created = await browser.post('/deals', { intent: 'create', clientId, propertyId, title: 'Canal House sale', value: '750000', currency: 'EUR', redirectTo: '' })
  const dealId = /^\/deal\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')![1]!
  return { browser, email, propertyId, clientId, dealId }
}

const stateOf = async (dealId: string, clientId: string, propertyId: string) => {
  const [deal] = await getDb().select({ stage: deals.stage }).from(deals).where(eq(deals.id, dealId))
  const [client] = await getDb().select({ stage: clients.stage }).from(clients).where(eq(clients.id, clientId))
  const [property] = await getDb().select({ status: properties.status }).from(properties).where(eq(properties.id, propertyId))
  return { deal: deal!.stage, client: client!.stage, property: property!.status }
}

const activityKinds = async (email: string) => {
  const owner = (await findUser(email)).id
  const rows = await getDb().select({ kind: activities.kind, summary: activities.summary }).from(activities).where(eq(activities.ownerId, owner))
  return rows
}

/** Posts a board move and returns the toast the next page shows. */
async function moveOnBoard(browser: TestBrowser, dealId: string, stage: string, extra: Record<string, string> = {}) {
  const response = await browser.post('/deals', { intent: 'move', dealId, stage, ...extra })
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/deals')
  return (await browser.get('/deals')).text()
}

/**
 * Makes every update of one row of `table` fail inside the database: the follow-on's write
 * breaks mid-transaction, so the test sees whether what came before it was rolled back.
 */
async function failUpdatesOf(table: 'clients' | 'properties', id: string) {
  const name = `fail_${table}_${id.replaceAll('-', '_')}`
  await getDb().execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`))
  await getDb().execute(sql.raw(`create trigger ${name} before update on ${table} for each row when (old.id = '${id}') execute function ${name}()`))
  return async () => {
    await getDb().execute(sql.raw(`drop trigger ${name} on ${table}`))
    await getDb().execute(sql.raw(`drop function ${name}()`))
  }
}

describe('a deal won: the client and the property follow', () => {
  it('offers both changes ticked on the board and the deal page, and makes them with the move, said in the toast', async () => {
    const { browser, email, propertyId, clientId, dealId } = await brokerWithDeal()
    for (const page of ['/deals', `/deal/${dealId}`]) {
      const html = await (await browser.get(page)).text()
      expect(html).toContain('When closed as won, also:')
      expect(inputTag(html, { type: 'checkbox', name: 'clientWon', value: 'yes' })).toMatchObject({ checked: true, after: expect.stringMatching(/^<span>Set Maria Jansen to Won<\/span>/) })
      expect(inputTag(html, { type: 'checkbox', name: 'propertyClosed', value: 'yes' })).toMatchObject({ checked: true, after: expect.stringMatching(/^<span>Mark Canal House as Sold<\/span>/) })
    }
    const board = await moveOnBoard(browser, dealId, 'closed_won', { clientWon: 'yes', propertyClosed: 'yes' })
    expect(board).toContain('Moved Canal House sale to Closed – won. Maria Jansen is now Won. Canal House is now Sold.')
    expect(await stateOf(dealId, clientId, propertyId)).toEqual({ deal: 'closed_won', client: 'won', property: 'sold' })
    const summaries = (await activityKinds(email)).map((a) => `${a.kind}: ${a.summary}`)
    expect(summaries).toEqual(expect.arrayContaining([
      'deal_moved: Moved Canal House sale from Lead to Closed – won',
      'client_stage_changed: Maria Jansen: New → Won',
      'property_status_changed: Canal House: Active → Sold',
    ]))
    // Done: nothing more is offered for that deal, and the property no longer matches clients.
    expect(board).not.toContain('When closed as won, also:')
    const other = await createClientVia(browser, { fullName: 'Other Buyer', email: 'other@example.com' })
    expect(await (await browser.get(`/client/${other}`)).text()).not.toContain(`href="/property/${propertyId}"`)
  })

  it('makes a rental Rented, and makes only the changes left ticked', async () => {
    const rental = await brokerWithDeal('rent')
    const html = await (await rental.browser.get('/deals')).text()
    expect(html).toContain('Mark Canal House as Rented')
    // Only the property ticked: the client stays New.
    await moveOnBoard(rental.browser, rental.dealId, 'closed_won', { propertyClosed: 'yes' })
    expect(await stateOf(rental.dealId, rental.clientId, rental.propertyId)).toEqual({ deal: 'closed_won', client: 'new', property: 'rented' })

    // Nothing ticked: the deal moves alone.
    const plain = await brokerWithDeal()
    const toast = await moveOnBoard(plain.browser, plain.dealId, 'closed_won')
    expect(toast).toContain('Moved Canal House sale to Closed – won.')
    expect(await stateOf(plain.dealId, plain.clientId, plain.propertyId)).toEqual({ deal: 'closed_won', client: 'new', property: 'active' })
    // Already won, the offer still stands, and ticking it later makes the change.
    const again = await moveOnBoard(plain.browser, plain.dealId, 'closed_won', { clientWon: 'yes' })
    expect(again).toContain('Canal House sale is already in Closed – won. Maria Jansen is now Won.')
    expect(await stateOf(plain.dealId, plain.clientId, plain.propertyId)).toMatchObject({ client: 'won' })
  })

  it('ignores the ticks for any other stage', async () => {
    const { browser, propertyId, clientId, dealId } = await brokerWithDeal()
    await moveOnBoard(browser, dealId, 'offer', { clientWon: 'yes', propertyClosed: 'yes' })
    expect(await stateOf(dealId, clientId, propertyId)).toEqual({ deal: 'offer', client: 'new', property: 'active' })
  })

  it('is one transaction: when the property cannot change, neither the deal nor the client does', async () => {
    const { email, propertyId, clientId, dealId } = await brokerWithDeal()
    const owner = (await findUser(email)).id
    const restore = await failUpdatesOf('properties', propertyId)
    try {
      await expect(moveDeal(await scopeOf(owner), dealId, 'closed_won', { client: true, property: true })).rejects.toThrow()
    } finally {
      await restore()
    }
    expect(await stateOf(dealId, clientId, propertyId)).toEqual({ deal: 'lead', client: 'new', property: 'active' })
    expect((await activityKinds(email)).map((a) => a.kind)).not.toContain('deal_moved')
    // And with the database willing, the same call makes all three.
    expect(await moveDeal(await scopeOf(owner), dealId, 'closed_won', { client: true, property: true })).toMatchObject({ moved: true, followed: { client: { changed: true }, property: { changed: true } } })
    expect(await stateOf(dealId, clientId, propertyId)).toEqual({ deal: 'closed_won', client: 'won', property: 'sold' })
  })

  it('answers another broker’s deal with a 404 and changes nothing, ticks or not', async () => {
    const mine = await brokerWithDeal()
    const { browser: stranger } = await signedInBroker()
    const response = await stranger.post('/deals', { intent: 'move', dealId: mine.dealId, stage: 'closed_won', clientWon: 'yes', propertyClosed: 'yes' })
    expect(response.status).toBe(404)
    expect(await stateOf(mine.dealId, mine.clientId, mine.propertyId)).toEqual({ deal: 'lead', client: 'new', property: 'active' })
  })
})

describe('a viewing done: a new client moves to Viewing', () => {
  async function pastViewing() {
    const { browser, email } = await signedInBroker()
    const propertyId = await createPropertyVia(browser, { title: 'Alfama loft' })
    const clientId = await createClientVia(browser, { fullName: 'Marta Silva', email: `marta-${Math.random().toString(36).slice(2)}@example.com` })
    const viewingId = await scheduleViewingVia(browser, propertyId, clientId, { date: '2030-03-14' })
    // It took place yesterday (Done is refused before the start).
    await getDb().update(viewings).set({ startsAt: new Date(Date.now() - 86_400_000) }).where(eq(viewings.id, viewingId))
    return { browser, email, clientId, viewingId }
  }
  const clientStage = async (clientId: string) => (await getDb().select({ stage: clients.stage }).from(clients).where(eq(clients.id, clientId)))[0]!.stage

  it('offers the move ticked and makes it with Done, said in the toast', async () => {
    const { browser, clientId, viewingId } = await pastViewing()
    const page = await (await browser.get(`/viewing/${viewingId}`)).text()
    expect(page).toContain('When done, also:')
    expect(inputTag(page, { type: 'checkbox', name: 'clientToViewing', value: 'yes' })).toMatchObject({ checked: true, after: expect.stringMatching(/^<span>Move Marta Silva from New to Viewing<\/span>/) })
    const response = await browser.post(`/viewing/${viewingId}`, { intent: 'status', status: 'done', clientToViewing: 'yes' })
    expect(response.status).toBe(302)
    expect(await (await browser.get(`/viewing/${viewingId}`)).text()).toContain('Marta Silva is now at Viewing.')
    expect(await clientStage(clientId)).toBe('viewing')
  })

  it('leaves the client when unticked, for any other status, and when they are further along', async () => {
    const unticked = await pastViewing()
    await unticked.browser.post(`/viewing/${unticked.viewingId}`, { intent: 'status', status: 'done' })
    expect(await clientStage(unticked.clientId)).toBe('new')

    const noShow = await pastViewing()
    await noShow.browser.post(`/viewing/${noShow.viewingId}`, { intent: 'status', status: 'no_show', clientToViewing: 'yes' })
    expect(await clientStage(noShow.clientId)).toBe('new')

    const further = await pastViewing()
    await getDb().update(clients).set({ stage: 'negotiating' }).where(eq(clients.id, further.clientId))
    expect(await (await further.browser.get(`/viewing/${further.viewingId}`)).text()).not.toContain('When done, also:')
    await further.browser.post(`/viewing/${further.viewingId}`, { intent: 'status', status: 'done', clientToViewing: 'yes' })
    expect(await clientStage(further.clientId)).toBe('negotiating')
  })

  it('is one transaction: when the client cannot change, the viewing stays as it was', async () => {
    const { email, clientId, viewingId } = await pastViewing()
    const owner = (await findUser(email)).id
    const restore = await failUpdatesOf('clients', clientId)
    try {
      await expect(setViewingStatus(await scopeOf(owner), viewingId, 'done', 'UTC', { clientToViewing: true })).rejects.toThrow()
    } finally {
      await restore()
    }
    const [row] = await getDb().select({ status: viewings.status, feedbackToken: viewings.feedbackToken }).from(viewings).where(and(eq(viewings.id, viewingId)))
    expect(row).toEqual({ status: 'scheduled', feedbackToken: null })
    expect(await clientStage(clientId)).toBe('new')
  })
})
