import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clients } from '#db/schema.ts'
import { setSubscription } from '#tests/support/db.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { clientForm, createClientVia } from '#tests/support/clients.ts'

async function clientActivity(clientId: string) {
  const rows = await getDb().select({ kind: activities.kind, summary: activities.summary }).from(activities).where(eq(activities.clientId, clientId))
  return rows.map((r) => r.kind).sort()
}

describe('clients', () => {
  it('creates a client with an activity record and shows the page', async () => {
    const { browser } = await signedInBroker()
    const id = await createClientVia(browser)
    const page = await (await browser.get(`/client/${id}`)).text()
    expect(page).toContain('Marta Silva')
    expect(page).toContain('mailto:marta@example.com')
    expect(page).toContain('Client added.')
    expect(await clientActivity(id)).toEqual(['client_created'])
  })

  it('shows errors next to the fields and writes nothing', async () => {
    const { browser } = await signedInBroker()
    const response = await browser.post('/client/new', clientForm({ fullName: '', email: 'not-an-email', kind: 'alien', budgetMin: '500', budgetMax: '100' }))
    expect(response.status).toBe(400)
    const html = await response.text()
    for (const message of ['Full name is required', 'Enter a valid email address', 'Choose a kind of client']) expect(html).toContain(message)
    expect(html).toContain('value="Referral"')
    const budget = await browser.post('/client/new', clientForm({ budgetMin: '500', budgetMax: '100' }))
    expect(await budget.text()).toContain('Maximum budget must be at least the minimum')
  })

  it('logs stage changes made with the stage form and with the edit form', async () => {
    const { browser } = await signedInBroker()
    const id = await createClientVia(browser)
    expect((await browser.post(`/client/${id}`, { intent: 'stage', stage: 'contacted' })).status).toBe(302)
    expect((await browser.post(`/client/edit/${id}`, clientForm({ stage: 'viewing' }))).headers.get('Location')).toBe(`/client/${id}`)
    const [row] = await getDb().select({ stage: clients.stage }).from(clients).where(eq(clients.id, id))
    expect(row?.stage).toBe('viewing')
    expect(await clientActivity(id)).toEqual(['client_created', 'client_stage_changed', 'client_stage_changed', 'client_updated'])
    expect((await browser.post(`/client/${id}`, { intent: 'stage', stage: 'married' })).status).toBe(400)
    expect((await browser.post(`/client/${id}`, { intent: 'nope' })).status).toBe(400)
  })

  it('filters the list by text, stage, kind and tags, in the URL', async () => {
    const { browser } = await signedInBroker()
    await createClientVia(browser, { fullName: 'Ana Costa', kind: 'buyer', stage: 'new', tags: 'vip' })
    await createClientVia(browser, { fullName: 'Bruno Dias', kind: 'seller', stage: 'negotiating', email: 'bruno@dias.pt', tags: '' })
    await createClientVia(browser, { fullName: 'Carla Reis', kind: 'tenant', stage: 'negotiating', tags: 'vip, relocating' })
    const names = async (query: string) => {
      const html = await (await browser.get(`/clients${query}`)).text()
      return ['Ana Costa', 'Bruno Dias', 'Carla Reis'].filter((n) => html.includes(n))
    }
    expect(await names('')).toEqual(['Ana Costa', 'Bruno Dias', 'Carla Reis'])
    expect(await names('?q=brun')).toEqual(['Bruno Dias'])
    expect(await names('?q=dias.pt')).toEqual(['Bruno Dias'])
    expect(await names('?stage=negotiating')).toEqual(['Bruno Dias', 'Carla Reis'])
    expect(await names('?kind=tenant')).toEqual(['Carla Reis'])
    expect(await names('?tags=vip')).toEqual(['Ana Costa', 'Carla Reis'])
    expect(await names('?tags=vip,relocating')).toEqual(['Carla Reis'])
    const twoPages = await (await browser.get('/clients?pageSize=2')).text()
    expect(twoPages).toContain('Page 1 of 2')
    const bad = await browser.get('/clients?stage=asleep')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Unknown stage')
  })
})

describe('matching properties', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    const broker = await signedInBroker()
    browser = broker.browser
    await setSubscription(broker.email, { plan: 'starter' })
    await createPropertyVia(browser, { title: 'Alfama flat', city: 'Lisbon', area: 'Alfama', price: '300000', bedrooms: '2' })
    await createPropertyVia(browser, { title: 'Benfica house', city: 'Lisbon', area: 'Benfica', price: '450000', bedrooms: '4', type: 'house' })
    await createPropertyVia(browser, { title: 'Porto loft', city: 'Porto', area: 'Ribeira', price: '280000', bedrooms: '3' })
    await createPropertyVia(browser, { title: 'Too dear', city: 'Lisbon', area: 'Chiado', price: '2000000', bedrooms: '5' })
    await createPropertyVia(browser, { title: 'Draft flat', city: 'Lisbon', price: '250000', bedrooms: '3', status: 'draft' })
    await createPropertyVia(browser, { title: 'Rental studio', city: 'Lisbon', price: '900', purpose: 'rent', rentPeriod: 'monthly', type: 'studio' })
    await createPropertyVia(browser, { title: 'Braga flat', city: 'Braga', area: 'Sé', price: '200000', bedrooms: '3' })
    await createPropertyVia(browser, { title: 'Évora house', city: 'Évora', area: 'Centro Histórico', price: '350000', bedrooms: '3', type: 'house' })
  })

  const matchesFor = async (requirements: Record<string, string>) => {
    const response = await browser.post('/client/new', clientForm(requirements))
    const id = response.headers.get('Location') ?? ''
    const html = await (await browser.get(id)).text()
    // The matches section ends where the Deals card (whose property picker lists every title)
    // starts; the navigation before it has a Deals link too.
    const start = html.indexOf('Matching properties')
    const section = html.slice(start, html.indexOf('>Deals<', start))
    const titles = ['Alfama flat', 'Benfica house', 'Porto loft', 'Too dear', 'Draft flat', 'Rental studio', 'Braga flat', 'Évora house']
    return titles.filter((t) => section.includes(t)).sort((a, b) => section.indexOf(a) - section.indexOf(b))
  }

  it('keeps active properties within purpose, budget and places, enough bedrooms first', async () => {
    const matches = await matchesFor({ wantedPurpose: 'sale', budgetMax: '500000', budgetCurrency: 'EUR', wantedPlaces: 'Lisbon', minBedrooms: '3' })
    expect(matches).toEqual(['Benfica house', 'Alfama flat'])
  })

  it('shows only properties whose city or area is a wanted place, ignoring case and accents', async () => {
    // Braga fits on price and bedrooms, but the client wants Lisbon: it is not a match.
    expect(await matchesFor({ wantedPurpose: 'sale', budgetMax: '500000', budgetCurrency: 'EUR', wantedPlaces: 'Lisbon' })).not.toContain('Braga flat')
    const anyCase = async (places: string) => (await matchesFor({ wantedPurpose: 'sale', wantedPlaces: places })).sort()
    expect(await anyCase('LISBON')).toEqual(['Alfama flat', 'Benfica house', 'Too dear'])
    expect(await anyCase('lisbon')).toEqual(['Alfama flat', 'Benfica house', 'Too dear'])
    expect(await matchesFor({ wantedPlaces: 'evora, ribeira' })).toEqual(['Évora house', 'Porto loft'])
    expect(await matchesFor({ wantedPlaces: 'centro historico' })).toEqual(['Évora house'])
    expect(await matchesFor({ wantedPlaces: 'Coimbra' })).toEqual([])
    // No places named: every place fits.
    expect(await matchesFor({ wantedPurpose: 'sale', budgetMax: '250000', budgetCurrency: 'EUR' })).toEqual(['Braga flat'])
  })

  it('compares a budget only with prices in its currency', async () => {
    // The listings are priced in euros; the same figure in dollars or pounds is another budget.
    expect(await matchesFor({ wantedPurpose: 'sale', budgetMax: '500000', budgetCurrency: 'USD' })).toEqual([])
    expect(await matchesFor({ wantedPurpose: 'sale', budgetMin: '1000000', budgetCurrency: 'eur' })).toEqual(['Too dear'])
  })

  it('shows the budget in its currency', async () => {
    const response = await browser.post('/client/new', clientForm({ budgetMin: '250000', budgetMax: '400000', budgetCurrency: 'GBP' }))
    const html = await (await browser.get(response.headers.get('Location') ?? '')).text()
    expect(html).toContain('£250,000 – £400,000')
  })

  it('refuses a budget currency that is not an ISO code, next to the field', async () => {
    const response = await browser.post('/client/new', clientForm({ budgetMax: '1000', budgetCurrency: 'EURO' }))
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Use a three-letter ISO currency code, such as USD or EUR')
  })

  it('filters by type and category', async () => {
    expect(await matchesFor({ wantedTypes: 'house' })).toEqual(['Évora house', 'Benfica house'])
    expect(await matchesFor({ wantedPurpose: 'rent' })).toEqual(['Rental studio'])
  })

  it('shows wanted places as typed, without duplicates, on the page and in the edit form', async () => {
    const response = await browser.post('/client/new', clientForm({ wantedPlaces: ' Lisbon,  Alfama ,lisbon, São João, SAO JOAO' }))
    const id = /^\/client\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
    const [row] = await getDb().select({ wantedPlaces: clients.wantedPlaces }).from(clients).where(eq(clients.id, id!))
    expect(row?.wantedPlaces).toEqual(['Lisbon', 'Alfama', 'São João'])
    expect(await (await browser.get(`/client/${id}`)).text()).toContain('Lisbon, Alfama, São João')
    expect(await (await browser.get(`/client/edit/${id}`)).text()).toContain('value="Lisbon, Alfama, São João"')
  })

  it('says so when nothing fits', async () => {
    expect(await matchesFor({ wantedPurpose: 'sale', budgetMax: '1000' })).toEqual([])
  })
})

describe('another broker', () => {
  it('gets 404 for the client page, the edit page and every action', async () => {
    const owner = await signedInBroker()
    const id = await createClientVia(owner.browser)
    const { browser: other } = await signedInBroker()
    expect((await other.get(`/client/${id}`)).status).toBe(404)
    expect((await other.get(`/client/edit/${id}`)).status).toBe(404)
    expect((await other.post(`/client/${id}`, { intent: 'stage', stage: 'lost' })).status).toBe(404)
    expect((await other.post(`/client/edit/${id}`, clientForm({ fullName: 'Hijacked' }))).status).toBe(404)
    expect(await (await other.get('/clients')).text()).not.toContain('Marta Silva')
    const [row] = await getDb().select({ fullName: clients.fullName, stage: clients.stage }).from(clients).where(eq(clients.id, id))
    expect(row).toEqual({ fullName: 'Marta Silva', stage: 'new' })
  })
})
