import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb, queryRows, withScope } from '#db/client.server.ts'
import { agencies, leads, properties } from '#db/schema.ts'
import { consentWording } from '#app/modules/leads/enquiry-fields.ts'
import { ENQUIRY_LIMIT_PER_DOOR, ENQUIRY_LIMIT_PER_IP } from '#app/modules/leads/form-leads.server.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { joinAgency, ownerWithSeats, saveAgencyDetails } from '#tests/support/agency.ts'
import { ownerScopeOf } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { sharedWorld, uploadPhotos } from '#tests/support/share-world.ts'

/*
 * Issue 27, items 1 and 2 (docs/decisions/036-enquiries-and-website.md): enquiry forms on share
 * pages and agency websites become leads; the website lists exactly the public active listings,
 * in search engines' terms (JSON-LD, Open Graph, canonical addresses, sitemap, robots.txt), and a
 * listing that is gone answers 410 with similar ones. Both drivers.
 */

const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])

/** An agency with a name, an owner, an agent, and listings: two public active, one private, one public draft. */
async function agencyWithListings() {
  const owner = await ownerWithSeats('Wanda Website')
  const name = `Costa Homes ${randomUUID().slice(0, 8)}`
  await saveAgencyDetails(owner.browser, { name, phone: '+351 912 345 678', email: 'hello@costa.example' })
  const agent = await joinAgency(owner.browser, 'agent', 'Arlo Agent')
  const [row] = await getDb().select({ slug: agencies.slug }).from(agencies).where(eq(agencies.id, owner.agencyId))
  const open1 = await createPropertyVia(owner.browser, { title: 'Harbour View Apartment', visibility: 'public', status: 'active', price: '450000', bedrooms: '3', city: 'Lisbon' })
  const open2 = await createPropertyVia(agent.browser, { title: 'Garden House', visibility: 'public', status: 'active', price: '620000', type: 'house', bedrooms: '4', city: 'Lisbon' })
  const hidden = await createPropertyVia(owner.browser, { title: 'Private Loft', visibility: 'private', status: 'active' })
  const draft = await createPropertyVia(owner.browser, { title: 'Draft Cottage', visibility: 'public', status: 'draft' })
  return { owner, agent, name, slug: row!.slug, open1, open2, hidden, draft }
}

const leadsOf = (agencyId: string) => getDb().select().from(leads).where(eq(leads.agencyId, agencyId))

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
}

/*
 * The schema.org properties each type used may carry (from schema.org: a type has its own and
 * every supertype's): the JSON-LD must use no other, and the values must have the right shape.
 */
const THING = ['@type', 'name', 'description', 'url', 'image', 'identifier', 'sameAs']
const CREATIVE_WORK = [...THING, 'about', 'offers', 'dateCreated', 'dateModified', 'datePublished', 'inLanguage']
const SCHEMA_PROPERTIES: Record<string, string[]> = {
  RealEstateListing: ['@context', ...CREATIVE_WORK, 'datePosted', 'leaseLength', 'breadcrumb', 'primaryImageOfPage', 'relatedLink'],
  Offer: [...THING, 'price', 'priceCurrency', 'availability', 'businessFunction', 'offeredBy', 'seller', 'itemOffered', 'priceSpecification', 'validFrom'],
  RealEstateAgent: [...THING, 'telephone', 'email', 'logo', 'address', 'areaServed'],
  Apartment: [...THING, 'address', 'numberOfBedrooms', 'numberOfBathroomsTotal', 'numberOfRooms', 'floorSize', 'yearBuilt', 'floorLevel', 'geo'],
  House: [...THING, 'address', 'numberOfBedrooms', 'numberOfBathroomsTotal', 'numberOfRooms', 'floorSize', 'yearBuilt', 'floorLevel', 'geo'],
  Place: [...THING, 'address', 'geo'],
  PostalAddress: ['@type', 'streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
  QuantitativeValue: ['@type', 'value', 'unitCode', 'unitText'],
}

/** Every object in the tree is of a known type and carries only that type's properties. */
function expectSchemaOrg(node: unknown, path = '$'): void {
  if (Array.isArray(node)) return node.forEach((item, i) => expectSchemaOrg(item, `${path}[${i}]`))
  if (node === null || typeof node !== 'object') return
  const object = node as Record<string, unknown>
  const type = String(object['@type'])
  const allowed = SCHEMA_PROPERTIES[type]
  expect(allowed, `${path}: a schema.org type this test knows (${type})`).toBeDefined()
  expect(Object.keys(object).filter((key) => !allowed!.includes(key)), `${path} (${type}): properties not of schema.org's ${type}`).toEqual([])
  for (const [key, value] of Object.entries(object)) expectSchemaOrg(value, `${path}.${key}`)
}

describe('the agency website', () => {
  it('lists exactly the public active listings, searches by the address, and shows the agents and the enquiry form', async () => {
    const { slug, name } = await agencyWithListings()
    expect(slug).toMatch(/^costa-homes-[0-9a-f]{8}$/)
    const visitor = new TestBrowser()
    const home = await visitor.get(`/a/${slug}`)
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain(name)
    expect(html).toContain('Harbour View Apartment')
    expect(html).toContain('Garden House')
    expect(html).not.toContain('Private Loft')
    expect(html).not.toContain('Draft Cottage')
    expect(html).toContain('Arlo Agent')
    expect(html).toContain(`action="/a/${slug}/enquiry"`)
    // Zero JavaScript: no script element but data.
    expect(html.match(/<script(?![^>]*application\/ld\+json)/g)).toBeNull()
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/a/${slug}"/>`)
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)

    const search = await (await visitor.get(`/a/${slug}?q=garden`)).text()
    expect(search).toContain('Garden House')
    expect(search).not.toContain('Harbour View Apartment')
    expect(search).toContain('noindex, follow')
    const filtered = await (await visitor.get(`/a/${slug}?minBedrooms=4&purpose=sale`)).text()
    expect(filtered).toContain('Garden House')
    expect(filtered).not.toContain('Harbour View Apartment')
    const cheap = await (await visitor.get(`/a/${slug}?maxPrice=500000&sort=price_asc`)).text()
    expect(cheap).toContain('Harbour View Apartment')
    expect(cheap).not.toContain('Garden House')
    // A bad filter is reported next to its field; the list still shows.
    const bad = await visitor.get(`/a/${slug}?minBedrooms=lots`)
    expect(bad.status).toBe(200)
    expect(await bad.text()).toContain('Bedrooms must be a number')
    expect((await visitor.get('/a/no-such-agency-anywhere')).status).toBe(404)
  })

  it('gives each listing a page at an address that survives a new title, with schema.org JSON-LD and Open Graph', async () => {
    const { owner, slug, open1, name } = await agencyWithListings()
    await uploadPhotos(owner.browser, open1, 2)
    const visitor = new TestBrowser()
    const bare = await visitor.get(`/a/${slug}/p/${open1}`)
    expect(bare.status).toBe(301)
    const canonical = bare.headers.get('Location')!
    expect(canonical).toBe(`/a/${slug}/p/${open1}-harbour-view-apartment`)
    const page = await visitor.get(canonical)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${canonical}"/>`)
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000${canonical}"/>`)
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/media\/[0-9a-f-]{36}\/large\/[\w-]{12}\.webp"/)
    expect(html).toContain(`action="/a/${slug}/p/${open1}/enquiry"`)

    const [ld] = jsonLdOf(html)
    expect(ld).toBeDefined()
    expectSchemaOrg(ld)
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: `http://localhost:3000${canonical}`,
      name: 'Harbour View Apartment',
      about: { '@type': 'Apartment', numberOfBedrooms: 3, address: { '@type': 'PostalAddress', addressLocality: 'Alfama, Lisbon' } },
      offers: {
        '@type': 'Offer',
        price: 450000,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        businessFunction: 'http://purl.org/goodrelations/v1#Sell',
        offeredBy: { '@type': 'RealEstateAgent', name, url: `http://localhost:3000/a/${slug}`, telephone: '+351 912 345 678' },
      },
    })
    expect(new Date(String(ld!.datePosted)).toString()).not.toBe('Invalid Date')
    expect((ld!.image as string[]).every((url) => url.startsWith('http://localhost:3000/media/'))).toBe(true)

    // A new title: the old address (and a made-up title part) lead to the new canonical one.
    await getDb().update(properties).set({ title: 'Harbour Penthouse' }).where(eq(properties.id, open1))
    const renamed = await visitor.get(canonical)
    expect(renamed.status).toBe(301)
    expect(renamed.headers.get('Location')).toBe(`/a/${slug}/p/${open1}-harbour-penthouse`)
    expect((await visitor.get(`/a/${slug}/p/${open1}-anything`)).headers.get('Location')).toBe(`/a/${slug}/p/${open1}-harbour-penthouse`)
    expect(await (await visitor.get(`/a/${slug}/p/${open1}-harbour-penthouse`)).text()).toContain('Harbour Penthouse')
  })

  it('lists exactly the public active listings in its sitemap, and robots.txt points to the sitemaps', async () => {
    const { slug, open1, open2, owner } = await agencyWithListings()
    const visitor = new TestBrowser()
    const idsIn = async () => {
      const response = await visitor.get(`/a/${slug}/sitemap.xml`)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toContain('application/xml')
      const xml = await response.text()
      expect(xml).toContain(`<loc>http://localhost:3000/a/${slug}</loc>`)
      return [...xml.matchAll(/\/a\/[a-z0-9-]+\/p\/([0-9a-f-]{36})/g)].map((m) => m[1]).sort()
    }
    expect(await idsIn()).toEqual([open1, open2].sort())
    // Withdrawn, made private, to the trash: gone from the sitemap; published: in it.
    const third = await createPropertyVia(owner.browser, { title: 'Third Flat', visibility: 'public', status: 'active' })
    expect(await idsIn()).toEqual([open1, open2, third].sort())
    await getDb().update(properties).set({ status: 'sold' }).where(eq(properties.id, open1))
    await getDb().update(properties).set({ visibility: 'private' }).where(eq(properties.id, open2))
    expect(await idsIn()).toEqual([third])
    await owner.browser.post(`/property/${third}`, { intent: 'delete', confirm: 'yes' })
    expect(await idsIn()).toEqual([])

    const robots = await visitor.get('/robots.txt')
    expect(robots.status).toBe(200)
    expect(await robots.text()).toContain('Sitemap: http://localhost:3000/sitemap.xml')
    const publicAgain = await createPropertyVia(owner.browser, { title: 'Fourth Flat', visibility: 'public', status: 'active' })
    expect(publicAgain).toBeTruthy()
    const index = await (await visitor.get('/sitemap.xml')).text()
    expect(index).toContain(`<loc>http://localhost:3000/a/${slug}/sitemap.xml</loc>`)
  })

  it('answers 410 with similar listings once a listing is sold or withdrawn, and never a bare 404', async () => {
    const { slug, open1, open2 } = await agencyWithListings()
    const visitor = new TestBrowser()
    const path = `/a/${slug}/p/${open1}-harbour-view-apartment`
    expect((await visitor.get(path)).status).toBe(200)
    await getDb().update(properties).set({ status: 'sold' }).where(eq(properties.id, open1))
    const gone = await visitor.get(path)
    expect(gone.status).toBe(410)
    const html = await gone.text()
    expect(html).toContain('is no longer available')
    expect(html).toContain('Garden House')
    expect(html).toContain(`/a/${slug}/p/${open2}-garden-house`)
    expect(html).toContain('noindex')
    // Made private: 410 too. An id that was never the agency's: a 404 that still shows listings.
    await getDb().update(properties).set({ visibility: 'private' }).where(eq(properties.id, open2))
    expect((await visitor.get(`/a/${slug}/p/${open2}-garden-house`)).status).toBe(410)
    await getDb().update(properties).set({ visibility: 'public' }).where(eq(properties.id, open2))
    const unknown = await visitor.get(`/a/${slug}/p/${randomUUID()}-nothing`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Garden House')
    // Enquiries about a gone listing are refused the same way.
    expect((await visitor.get(`/a/${slug}/p/${open1}/enquiry`)).status).toBe(410)
  })

  it('keeps pages in memory and drops exactly the ones a change touches', async () => {
    const { slug, open1, owner, agent } = await agencyWithListings()
    const other = await agencyWithListings()
    const visitor = new TestBrowser()
    const path = `/a/${slug}/p/${open1}-harbour-view-apartment`
    const read = async (target = path) => {
      const response = await visitor.get(target)
      return { status: response.status, html: await response.text(), queries: queriesOf(response) }
    }
    const fromMemory = async (target = path) => {
      let page = await read(target)
      for (let i = 0; page.queries !== 0 && i < 40; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
        page = await read(target)
      }
      expect(page.queries, target).toBe(0)
      return page
    }
    await fromMemory()
    await fromMemory(`/a/${slug}`)
    // Another agency's change keeps this one's pages.
    await getDb().update(properties).set({ title: 'Elsewhere' }).where(eq(properties.id, other.open1))
    expect((await read()).queries).toBe(0)
    // A listing's change, an agent's profile, the agency's name: each shows on the next request.
    await getDb().update(properties).set({ price: 455000 }).where(eq(properties.id, open1))
    expect((await read()).html).toContain('455,000')
    await fromMemory(`/a/${slug}`)
    await agent.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Arlo Renamed', timeZone: 'UTC' })
    expect((await read(`/a/${slug}`)).html).toContain('Arlo Renamed')
    await saveAgencyDetails(owner.browser, { name: 'Renamed Homes' })
    expect((await read()).html).toContain('Renamed Homes')
    // Renaming keeps the address (the slug changes only by hand).
    const [row] = await getDb().select({ slug: agencies.slug }).from(agencies).where(eq(agencies.id, owner.agencyId))
    expect(row!.slug).toBe(slug)
  })

  it('moves to a new address on /agency, the old one answering 301; another agency cannot take it', async () => {
    const { slug, owner, agent, open1 } = await agencyWithListings()
    const fresh = `${slug}-new`
    expect((await agent.browser.post('/agency', { intent: 'website-address', slug: fresh })).status).toBe(403)
    const moved = await owner.browser.post('/agency', { intent: 'website-address', slug: fresh })
    expect(moved.status).toBe(302)
    const visitor = new TestBrowser()
    const old = await visitor.get(`/a/${slug}?q=garden`)
    expect(old.status).toBe(301)
    expect(old.headers.get('Location')).toBe(`/a/${fresh}?q=garden`)
    expect((await visitor.get(`/a/${slug}/p/${open1}-harbour-view-apartment`)).headers.get('Location')).toBe(`/a/${fresh}/p/${open1}-harbour-view-apartment`)
    expect((await visitor.get(`/a/${slug}/sitemap.xml`)).headers.get('Location')).toBe(`/a/${fresh}/sitemap.xml`)
    expect((await visitor.get(`/a/${fresh}`)).status).toBe(200)
    expect(await (await owner.browser.get('/agency')).text()).toContain(`/a/${fresh}`)
    // Neither the old nor the new address is another agency's to take.
    const stranger = await signedInBroker('Stella Stranger')
    for (const taken of [slug, fresh]) {
      const refused = await stranger.browser.post('/agency', { intent: 'website-address', slug: taken })
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain('Another agency uses this address')
    }
    const invalid = await owner.browser.post('/agency', { intent: 'website-address', slug: '---' })
    expect(invalid.status).toBe(400)
    // Taking back its own old address: the redirect goes, the address answers again.
    expect((await owner.browser.post('/agency', { intent: 'website-address', slug })).status).toBe(302)
    expect((await visitor.get(`/a/${slug}`)).status).toBe(200)
    expect((await visitor.get(`/a/${fresh}`)).headers.get('Location')).toBe(`/a/${slug}`)
  })
})

const enquiry = (overrides: Record<string, string> = {}) => ({
  name: 'Lia Lopes',
  email: 'Lia.Lopes@Example.com',
  phone: '+351 912 000 111',
  message: 'Can I see it on Saturday?',
  viewingTimes: 'Saturday morning',
  consent: 'yes',
  website: '',
  ...overrides,
})

describe('enquiry forms', () => {
  it('turn a website enquiry into a lead with the property, the contact normalised and the consent kept with its words and time', async () => {
    const { slug, open1, owner, name } = await agencyWithListings()
    const visitor = new TestBrowser()
    const before = Date.now()
    const posted = await visitor.post(`/a/${slug}/p/${open1}/enquiry`, enquiry())
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toBe(`/a/${slug}/p/${open1}/enquiry/sent`)
    const sent = await visitor.get(posted.headers.get('Location')!)
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain('Thank you, your enquiry has been sent')
    const [lead] = await leadsOf(owner.agencyId)
    expect(lead).toMatchObject({
      source: 'website',
      status: 'new',
      propertyId: open1,
      contactName: 'Lia Lopes',
      emailNormalized: 'lia.lopes@example.com',
      phoneE164: '+351912000111',
      message: 'Can I see it on Saturday?',
      viewingTimes: 'Saturday morning',
      consentText: consentWording(name),
    })
    expect(lead!.consentedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(lead!.consentedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    // The owner sees it in the inbox; the agency's page enquiry has no property.
    expect(await (await owner.browser.get(`/lead/${lead!.id}`)).text()).toContain('Lia Lopes')
    expect((await new TestBrowser().post(`/a/${slug}/enquiry`, enquiry({ phone: '' }))).status).toBe(303)
    const all = await leadsOf(owner.agencyId)
    expect(all.filter((row) => row.propertyId === null && row.source === 'website')).toHaveLength(1)
  })

  it('refuse bad input with the message next to the field (400), writing nothing', async () => {
    const { slug, owner } = await agencyWithListings()
    const visitor = new TestBrowser()
    const refused = await visitor.post(`/a/${slug}/enquiry`, enquiry({ email: '', phone: '', consent: '' }))
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Give an e-mail address or a phone number')
    expect(html).toContain('Tick the box')
    expect(html).toMatch(/id="enquiry-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="enquiry-email"/)
    // The typed values come back.
    expect(html).toContain('Can I see it on Saturday?')
    expect((await visitor.post(`/a/${slug}/enquiry`, enquiry({ email: 'not-an-address' }))).status).toBe(400)
    expect(await leadsOf(owner.agencyId)).toHaveLength(0)
  })

  it('drop a filled honeypot as if taken, writing nothing', async () => {
    const { slug, owner } = await agencyWithListings()
    const bot = await new TestBrowser().post(`/a/${slug}/enquiry`, enquiry({ website: 'http://spam.example' }))
    expect(bot.status).toBe(303)
    expect(await leadsOf(owner.agencyId)).toHaveLength(0)
  })

  it('limit enquiries per address and per page with a 429 and a clear message, writing nothing', async () => {
    const { slug, owner } = await agencyWithListings()
    const visitor = new TestBrowser()
    for (let i = 0; i < ENQUIRY_LIMIT_PER_IP; i++) expect((await visitor.post(`/a/${slug}/enquiry`, enquiry())).status).toBe(303)
    const refused = await visitor.post(`/a/${slug}/enquiry`, enquiry())
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.text()).toContain('Too many enquiries from here at once')
    expect(await leadsOf(owner.agencyId)).toHaveLength(ENQUIRY_LIMIT_PER_IP)
    // Per page (a share link, a website): from many addresses, the door closes too.
    const { propertyShare, owner: broker } = await sharedWorld()
    await queryRows(sql`insert into rate_limits (key, count, window_start) values (${`enquiry:share:${propertyShare}`}, ${ENQUIRY_LIMIT_PER_DOOR}, now())`)
    const scope = await ownerScopeOf(await emailOf(broker.ownerId))
    const doorShut = await new TestBrowser().post(`/preview/${propertyShare}/enquiry`, enquiry())
    expect(doorShut.status).toBe(429)
    expect(await leadsOf(scope.agencyId)).toHaveLength(0)
  })

  it('take enquiries on share pages (property and shortlist) without breaking the share page kept in memory', async () => {
    const { propertyShare, listingPath, propertyId, owner } = await sharedWorld()
    const agencyId = (await ownerScopeOf(await emailOf(owner.ownerId))).agencyId
    const visitor = new TestBrowser()
    const page = await visitor.get(`/preview/${propertyShare}`)
    const html = await page.text()
    expect(html).toContain(`action="/preview/${propertyShare}/enquiry"`)
    expect(html).not.toMatch(/<script/)
    // The page is answered from memory before and after an enquiry (a lead changes no share page).
    let queries = 1
    for (let i = 0; queries !== 0 && i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      queries = queriesOf(await visitor.get(`/preview/${propertyShare}`))
    }
    expect(queries).toBe(0)
    expect((await visitor.post(`/preview/${propertyShare}/enquiry`, enquiry())).status).toBe(303)
    expect(queriesOf(await visitor.get(`/preview/${propertyShare}`))).toBe(0)
    expect((await visitor.post(`${listingPath}/enquiry`, enquiry({ message: 'About the shortlist' }))).status).toBe(303)
    const rows = await leadsOf(agencyId)
    expect(rows.map((row) => [row.source, row.propertyId]).sort()).toEqual([['enquiry_form', null], ['enquiry_form', propertyId]].sort())
    const sent = await visitor.get(`/preview/${propertyShare}/enquiry/sent`)
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain(`/preview/${propertyShare}`)
    expect((await visitor.get(`/preview/${propertyShare}/enquiry/elsewhere`)).status).toBe(404)
  })

  it('never show one agency another agency’s lead', async () => {
    const { slug, owner } = await agencyWithListings()
    expect((await new TestBrowser().post(`/a/${slug}/enquiry`, enquiry({ name: 'Only For A' }))).status).toBe(303)
    const [lead] = await leadsOf(owner.agencyId)
    const stranger = await signedInBroker('Otto Other')
    expect((await stranger.browser.get(`/lead/${lead!.id}`)).status).toBe(404)
    expect(await (await stranger.browser.get('/leads')).text()).not.toContain('Only For A')
    const strangerScope = await ownerScopeOf(stranger.email)
    const seen = await withScope(strangerScope, () => queryRows<{ id: string }>(sql`select id from leads where id = ${lead!.id}`))
    expect(seen).toEqual([])
    const own = await withScope(await ownerScopeOf(owner.email), () => queryRows<{ id: string }>(sql`select id from leads where id = ${lead!.id}`))
    expect(own).toHaveLength(1)
  })
})

async function emailOf(userId: string) {
  const [row] = await queryRows<{ email: string }>(sql`select email from users where id = ${userId}`)
  return row!.email
}
