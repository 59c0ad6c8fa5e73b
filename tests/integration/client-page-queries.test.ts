import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { deals } from '#db/schema.ts'
import { setSubscription, findUser } from '#tests/support/db.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { scheduleViewingVia } from '#tests/support/agenda.ts'

/** The statements a response made, from its Server-Timing header (db;desc="N queries"). */
const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])

/**
 * The client page's statements, pinned: the session, the client, then one query per card
 * (matches, deals, notes, activity, viewings, tasks, alerts, the deal form's property picker,
 * the shortlist that marks a match "On the shortlist", the leads the client came from: their
 * conversation is read only when there are some),
 * and the lookups that put names on what the cards found (cover photos, property titles and
 * client names for the deals, activity and viewings, who turned alerts on). A lookup is skipped
 * when there is nothing to name, so an empty page makes fewer; more of anything makes no more.
 */
const BARE_PAGE_QUERIES = 13
const FULL_PAGE_QUERIES = 19

describe('the client page', () => {
  it('makes a fixed number of queries: more matches, deals, notes, viewings or tasks add none', async () => {
    const { browser, email } = await signedInBroker()
    await setSubscription(email, { plan: 'professional' })
    const ownerId = (await findUser(email)).id
    const clientId = await createClientVia(browser, { wantedPurpose: 'sale', wantedPlaces: 'Lisbon', minBedrooms: '2' })
    const page = `/client/${clientId}`
    await browser.get(page) // takes the creation's flash
    expect(queriesOf(await browser.get(page))).toBe(BARE_PAGE_QUERIES)

    const addEverything = async (n: number) => {
      const propertyId = await createPropertyVia(browser, { title: `Fitting flat ${n}`, city: 'Lisbon', price: '300000', bedrooms: '3', status: 'active' })
      await createPropertyVia(browser, { title: `Small flat ${n}`, city: 'Lisbon', price: '200000', bedrooms: '1', status: 'active' })
      await getDb().insert(deals).values({ ownerId, clientId, propertyId, title: `Flat deal ${n}`, stage: 'offer', value: 300000, currency: 'EUR' })
      expect((await browser.post('/comments', { intent: 'add', subject: 'client', id: clientId, body: `Called ${n}` })).status).toBe(302)
      await scheduleViewingVia(browser, propertyId, clientId)
      expect((await browser.post(page, { intent: 'add-task', title: `Send the plans ${n}`, dueDate: '2030-01-01', dueTime: '09:00' })).status).toBe(302)
    }
    await addEverything(1)
    expect((await browser.post(page, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
    await browser.get(page)
    const full = await browser.get(page)
    const html = await full.text()
    for (const shown of ['Fitting flat 1', 'Flat deal 1', 'Called 1', 'Send the plans 1']) expect(html).toContain(shown)
    expect(queriesOf(full)).toBe(FULL_PAGE_QUERIES)

    for (let n = 2; n <= 4; n++) await addEverything(n)
    await browser.get(page)
    expect(queriesOf(await browser.get(page))).toBe(FULL_PAGE_QUERIES)
  })
})
