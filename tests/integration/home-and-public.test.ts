import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clients, deals } from '#db/schema.ts'
import { expireTrial, findUser } from '#tests/support/db.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

describe('/home dashboard', () => {
  it('shows usage, counts by status and stage, the open pipeline and recent activity', async () => {
    const { browser, email } = await signedInBroker('Hana Home')
    await createPropertyVia(browser, { title: 'Active one', status: 'active' })
    await createPropertyVia(browser, { title: 'Sold one', status: 'sold' })
    const ownerId = (await findUser(email)).id
    const [client] = await getDb().insert(clients).values({ ownerId, fullName: 'Pipeline Client', stage: 'negotiating' }).returning({ id: clients.id })
    await getDb().insert(deals).values([
      { ownerId, clientId: client!.id, title: 'Open A', stage: 'offer', value: 200000, currency: 'EUR' },
      { ownerId, clientId: client!.id, title: 'Open B', stage: 'lead', value: 50000, currency: 'EUR' },
      { ownerId, clientId: client!.id, title: 'Closed', stage: 'closed_won', value: 999999, currency: 'EUR' },
    ])
    const response = await browser.get('/home')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Welcome back, Hana Home')
    expect(html).toContain('2 / 5 properties')
    expect(html).toContain('€250,000')
    expect(html).not.toContain('€1,249,999')
    expect(html).toContain('Added Active one')
    expect(html).toContain('days left')
    // One active, one sold; one client negotiating.
    expect(html).toMatch(/Active<\/dt><dd[^>]*>1</)
    expect(html).toMatch(/Negotiating<\/dt><dd[^>]*>1</)
  })

  it('makes a bounded number of queries however much activity there is', async () => {
    const { browser } = await signedInBroker()
    const count = async () => Number(/db;desc="(\d+) queries"/.exec((await browser.get('/home')).headers.get('Server-Timing') ?? '')?.[1])
    // The feed asks the properties module once for the titles of a page's properties: count
    // from the first listing on, then add more.
    await createPropertyVia(browser, { title: 'Listing first' })
    const before = await count()
    for (let i = 0; i < 3; i++) await createPropertyVia(browser, { title: `Listing ${i}` })
    expect(await count()).toBe(before)
  })
})

describe('/public-properties', () => {
  it("lists every broker's public active listings, never private or inactive ones", async () => {
    const seller = await signedInBroker('Paula Public')
    await createPropertyVia(seller.browser, { title: 'Public active villa', visibility: 'public', status: 'active', city: 'Faro' })
    await createPropertyVia(seller.browser, { title: 'Public draft villa', visibility: 'public', status: 'draft', city: 'Faro' })
    await createPropertyVia(seller.browser, { title: 'Private active villa', visibility: 'private', status: 'active', city: 'Faro' })
    const { browser: other } = await signedInBroker()
    const html = await (await other.get('/public-properties?city=faro')).text()
    expect(html).toContain('Public active villa')
    expect(html).toContain('Paula Public')
    expect(html).not.toContain('Public draft villa')
    expect(html).not.toContain('Private active villa')
    const filtered = await (await other.get('/public-properties?city=faro&q=nothing-like-this')).text()
    expect(filtered).not.toContain('Public active villa')
  })

  it('stays reachable with an expired trial', async () => {
    const { browser, email } = await signedInBroker()
    await expireTrial(email)
    expect((await browser.get('/public-properties')).status).toBe(200)
  })
})

describe('/public-properties/{id}', () => {
  it('shows a public active listing to any broker without private notes; anything else is a 404', async () => {
    const seller = await signedInBroker('Sara Seller')
    const publicId = await createPropertyVia(seller.browser, { title: 'Open house', visibility: 'public', status: 'active', privateNotes: 'SECRET-NOTE-42' })
    const privateId = await createPropertyVia(seller.browser, { title: 'Hidden house', visibility: 'private', status: 'active' })
    const draftId = await createPropertyVia(seller.browser, { title: 'Draft house', visibility: 'public', status: 'draft' })
    const { browser } = await signedInBroker()
    const page = await browser.get(`/public-properties/${publicId}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Open house')
    expect(html).toContain('Sara Seller')
    expect(html).toContain('Preview Mode - View Only')
    expect(html).not.toContain('SECRET-NOTE-42')
    for (const id of [privateId, draftId, 'not-a-uuid']) expect((await browser.get(`/public-properties/${id}`)).status).toBe(404)
  })
})
