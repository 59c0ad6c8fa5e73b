import { beforeAll, describe, expect, it } from 'vitest'
import { setSubscription } from '#tests/support/db.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

let browser: TestBrowser
const LISTINGS: (Record<string, string> & { title: string })[] = [
  { title: 'Harbour loft', city: 'Porto', area: 'Ribeira', price: '320000', bedrooms: '1', tags: 'river view, loft', status: 'active', referenceCode: 'PT-0042', description: 'Exposed granite walls' },
  { title: 'Family house with garden', city: 'Lisbon', area: 'Benfica', price: '540000', bedrooms: '4', tags: 'garden', status: 'active', type: 'house' },
  { title: 'Studio near campus', city: 'Coimbra', area: 'Centro', price: '650', purpose: 'rent', rentPeriod: 'monthly', bedrooms: '0', type: 'studio', status: 'rented', tags: 'student' },
  { title: 'Penthouse with terrace', city: 'Lisbon', area: 'Chiado', price: '1200000', bedrooms: '3', type: 'penthouse', status: 'under_offer', tags: 'river view, luxury' },
  { title: 'Quiet flat', city: 'Lisbon', area: 'Alvalade', price: '', bedrooms: '2', status: 'draft', street: 'Avenida da Igreja 5' },
]

async function titles(query: string) {
  const response = await browser.get(`/properties${query}`)
  const html = await response.text()
  return { status: response.status, html, found: LISTINGS.map((l) => l.title).filter((t) => html.includes(t)) }
}

beforeAll(async () => {
  const broker = await signedInBroker()
  browser = broker.browser
  await setSubscription(broker.email, { plan: 'starter' })
  for (const listing of LISTINGS) await createPropertyVia(browser, listing)
})

describe('/properties filters (GET, in the URL)', () => {
  it('lists everything with the usage line, newest first', async () => {
    const { html, found } = await titles('')
    expect(found).toHaveLength(5)
    expect(html).toContain('5 / 25 properties')
    expect(html.indexOf('Quiet flat')).toBeLessThan(html.indexOf('Harbour loft'))
  })

  it.each([
    ['?q=harbour', ['Harbour loft']],
    ['?q=PT-0042', ['Harbour loft']],
    ['?q=granite', ['Harbour loft']],
    ['?q=igreja', ['Quiet flat']],
    ['?q=pent', ['Penthouse with terrace']],
    ['?q=garden house', ['Family house with garden']],
    ['?city=lisbon', ['Family house with garden', 'Penthouse with terrace', 'Quiet flat']],
    ['?city=ribe', ['Harbour loft']],
    ['?tags=river view', ['Harbour loft', 'Penthouse with terrace']],
    ['?tags=river view, luxury', ['Penthouse with terrace']],
    ['?status=active', ['Harbour loft', 'Family house with garden']],
    ['?type=studio', ['Studio near campus']],
    ['?purpose=rent', ['Studio near campus']],
    ['?minPrice=500000', ['Family house with garden', 'Penthouse with terrace']],
    ['?maxPrice=400000', ['Harbour loft', 'Studio near campus']],
    ['?minPrice=300000&maxPrice=600000', ['Harbour loft', 'Family house with garden']],
    ['?minBedrooms=3', ['Family house with garden', 'Penthouse with terrace']],
    ['?city=lisbon&minBedrooms=3&status=active', ['Family house with garden']],
    ['?q=nothing-matches-this', []],
  ])('%s', async (query, expected) => {
    const { status, found } = await titles(query)
    expect(status).toBe(200)
    expect(found.sort()).toEqual([...expected].sort())
  })

  it('sorts by price both ways, unpriced listings last', async () => {
    const asc = (await titles('?sort=price_asc')).html
    const order = ['Studio near campus', 'Harbour loft', 'Family house with garden', 'Penthouse with terrace', 'Quiet flat']
    const positions = order.map((t) => asc.indexOf(t))
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    const desc = (await titles('?sort=price_desc')).html
    expect(desc.indexOf('Penthouse with terrace')).toBeLessThan(desc.indexOf('Harbour loft'))
    expect(desc.indexOf('Harbour loft')).toBeLessThan(desc.indexOf('Quiet flat'))
  })

  it('paginates and keeps the filters in the page links', async () => {
    const first = await titles('?city=lisbon&pageSize=2')
    expect(first.found).toHaveLength(2)
    expect(first.html).toContain('Page 1 of 2')
    expect(first.html).toContain('href="/properties?city=lisbon&amp;pageSize=2&amp;page=2"')
    const second = await titles('?city=lisbon&pageSize=2&page=2')
    expect(second.found).toHaveLength(1)
    const beyond = await titles('?page=9')
    expect(beyond.found).toHaveLength(0)
  })

  it('never returns more than 100 rows a page', async () => {
    const response = await browser.get('/properties?pageSize=500')
    expect(response.status).toBe(200)
  })

  it('reports bad filter values next to their fields (400) and still applies the good ones', async () => {
    const { status, html, found } = await titles('?minPrice=abc&status=demolished&city=porto')
    expect(status).toBe(400)
    expect(html).toContain('Minimum price must be a number')
    expect(html).toContain('Unknown status')
    expect(found).toEqual(['Harbour loft'])
    const inverted = await titles('?minPrice=900000&maxPrice=100')
    expect(inverted.html).toContain('Maximum price must be at least the minimum price')
  })

  it('treats search text as words, not as query syntax', async () => {
    for (const q of ["' or 1=1 --", 'a & | ! : * ( )', '%', '\\']) {
      expect((await browser.get(`/properties?q=${encodeURIComponent(q)}`)).status).toBe(200)
    }
  })
})

it('a list page makes the same number of queries whatever its size (no N+1)', async () => {
  const queriesFor = async (query: string) => {
    const timing = (await browser.get(`/properties${query}`)).headers.get('Server-Timing') ?? ''
    return Number(/db;desc="(\d+) queries"/.exec(timing)?.[1])
  }
  const one = await queriesFor('?pageSize=1')
  const all = await queriesFor('?pageSize=100')
  expect(one).toBeGreaterThan(0)
  expect(all).toBe(one)
})

describe("a broker's search reads their own listings only", () => {
  it('never finds another broker’s listing, by a word, a prefix, a phrase or a negation', async () => {
    const other = await signedInBroker()
    await createPropertyVia(other.browser, { title: 'Harbour cottage elsewhere', city: 'Porto', referenceCode: 'PT-0042', status: 'active' })
    for (const q of ['harbour', 'harb', '"harbour cottage"', 'PT-0042', '-zzz', 'cottage']) {
      const { found, html } = await titles(`?q=${encodeURIComponent(q)}`)
      expect(html, q).not.toContain('Harbour cottage elsewhere')
      // A negation alone matches everything of this broker's and nothing of the other's.
      if (q === '-zzz') expect(found).toHaveLength(LISTINGS.length)
    }
    const theirs = await (await other.browser.get('/properties?q=harb')).text()
    expect(theirs).toContain('Harbour cottage elsewhere')
    expect(theirs).not.toContain('Harbour loft')
  })
})
