import { setTimeout } from 'node:timers/promises'
import { gunzipSync } from 'node:zlib'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, shares } from '#db/schema.ts'
import { settleShareViews, TestBrowser } from '#tests/support/app.ts'
import { joinAgency, logoPng, ownerWithSeats, saveAgencyDetails, uploadLogo } from '#tests/support/agency.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'
import { broker, createShare, sharedWorld, uploadDocument, uploadPhotos } from '#tests/support/share-world.ts'

/** The queries a response made, from its Server-Timing header (db;desc="N queries"). */
const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])

const viewCountOf = async (shareId: string) => (await getDb().select({ views: shares.viewCount }).from(shares).where(eq(shares.id, shareId)))[0]?.views

/** Each render has its own CSP nonce; two renders of the same content differ only there. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '')

/**
 * A returning visitor (the visitor cookie is set on the first view). `page` reads the page
 * again; `fromMemory` reads it until it comes with no query. On a Postgres server that is once
 * this server has heard the commit of the last change (a NOTIFY on its own connection, a
 * moment after the writer's commit returns); until then every read asks the database.
 */
async function visitor(path: string) {
  const browser = new TestBrowser()
  expect((await browser.get(path)).status).toBe(200)
  const page = async () => {
    const response = await browser.get(path)
    expect(response.status).toBe(200)
    return { html: withoutNonces(await response.text()), queries: queriesOf(response) }
  }
  return {
    browser,
    page,
    async fromMemory() {
      const first = await page()
      let read = first
      for (let attempt = 0; read.queries !== 0 && attempt < 40; attempt++) {
        await setTimeout(25)
        read = await page()
        expect(read.html).toBe(first.html)
      }
      expect(read.queries).toBe(0)
      return read
    },
  }
}

describe('share page cache', () => {
  it('serves an anonymous visitor from memory: no query, gzipped once, with an ETag and 304', async () => {
    const { propertyShare } = await sharedWorld()
    const path = `/preview/${propertyShare}`
    const client = await visitor(path)
    const first = await client.fromMemory()
    const second = await client.page()
    expect(second.queries).toBe(0)
    expect(second.html).toBe(first.html)

    const gzipped = await client.browser.get(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(withoutNonces(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString())).toBe(first.html)
    const etag = gzipped.headers.get('ETag')
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(gzipped.headers.get('Cache-Control')).toBe('public, max-age=60, s-maxage=300')
    expect(gzipped.headers.get('Content-Security-Policy')).toContain("default-src 'self'")
    expect(gzipped.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const notModified = await client.browser.get(path, { headers: { 'If-None-Match': etag! } })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')

    // A new visitor gets the cached page with its visitor cookie, and nothing is cached publicly.
    const newcomer = await new TestBrowser().get(path)
    expect(newcomer.headers.getSetCookie().some((cookie) => cookie.startsWith('bv_visitor='))).toBe(true)
    expect(newcomer.headers.get('Cache-Control')).toBe('private, no-store')
    expect(withoutNonces(await newcomer.text())).toBe(first.html)
  })

  it('keeps one page per theme, and answers tracking parameters and a broker previewing their own link from memory', async () => {
    const { owner, propertyShare } = await sharedWorld()
    const path = `/preview/${propertyShare}`
    const anonymous = await (await visitor(path)).fromMemory()
    expect(anonymous.html).not.toContain('data-theme="dark"')

    // A theme draws the document differently: its own page, rendered once, then from memory.
    const themed = new TestBrowser()
    await themed.post('/theme', { theme: 'dark' })
    const dark = await themed.get(path)
    expect(queriesOf(dark)).toBeGreaterThan(1)
    expect(await dark.text()).toContain('data-theme="dark"')
    const darkAgain = await themed.get(path)
    expect(queriesOf(darkAgain)).toBe(0)
    expect(await darkAgain.text()).toContain('data-theme="dark"')
    expect(darkAgain.headers.get('Cache-Control')).toBe('private, no-store')

    // Links shared through chat apps and mail tools carry tracking parameters: same page, no query.
    for (const query of ['utm_source=whatsapp', 'utm_source=newsletter&utm_medium=email&utm_campaign=may', 'fbclid=IwAR0x', 'gclid=abc&mc_eid=42']) {
      const tracked = await new TestBrowser().get(`${path}?${query}`)
      expect(queriesOf(tracked), query).toBe(0)
      expect(withoutNonces(await tracked.text())).toBe(anonymous.html)
    }
    // Any other parameter may change the page: rendered.
    expect(queriesOf(await new TestBrowser().get(`${path}?photo=2`))).toBeGreaterThan(1)

    // The broker previewing their own link (session and navigation cookies) gets the same page,
    // privately, and it is not counted as a view.
    // (A browser follows the redirect after creating the link, which shows and clears its toast.)
    await owner.browser.get('/home')
    expect([...owner.browser.cookies.keys()].sort()).toEqual(['bv_nav', 'bv_session'])
    await settleShareViews()
    const viewsBefore = (await viewCountOf(propertyShare)) ?? 0
    const preview = await owner.browser.get(path)
    expect(queriesOf(preview)).toBe(0)
    expect(preview.headers.get('Cache-Control')).toBe('private, no-store')
    expect(preview.headers.getSetCookie()).toEqual([])
    expect(withoutNonces(await preview.text())).toBe(anonymous.html)
    await settleShareViews()
    expect(await viewCountOf(propertyShare)).toBe(viewsBefore)

    // Another signed-in broker opening it is a view, counted once, and still no query on the answer.
    const other = await broker('Otto Other')
    await other.browser.get('/home')
    expect(queriesOf(await other.browser.get(path))).toBe(0)
    await other.browser.get(path)
    await settleShareViews()
    expect(await viewCountOf(propertyShare)).toBe(viewsBefore + 1)
  })

  it("shows every change of the property, its photos and documents, and the broker's profile on the next request", async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    const client = await visitor(`/preview/${propertyShare}`)
    const expectChange = async (change: () => Promise<unknown>, check: (html: string) => void) => {
      await client.fromMemory()
      await change()
      const after = await client.page()
      expect(after.queries).toBeGreaterThan(1)
      check(after.html)
    }

    await expectChange(
      () => owner.browser.post(`/property/${propertyId}/edit`, propertyForm({ title: 'Sea view flat, new roof', price: '450000' })),
      (html) => expect(html).toContain('Sea view flat, new roof'),
    )
    let photoId = ''
    await expectChange(
      async () => (photoId = (await uploadPhotos(owner.browser, propertyId, 1))[0]!.id),
      (html) => expect(html).toContain(`/media/${photoId}/`),
    )
    await expectChange(
      () => owner.browser.post(`/property/${propertyId}/media`, { intent: 'caption', photoId, caption: 'Terrace at sunset' }),
      (html) => expect(html).toContain('Terrace at sunset'),
    )
    await expectChange(
      () => owner.browser.post(`/property/${propertyId}/media`, { intent: 'delete-photo', photoId }),
      (html) => expect(html).not.toContain(`/media/${photoId}/`),
    )
    let documentId = ''
    await expectChange(
      async () => (documentId = await uploadDocument(owner.browser, propertyId, 'Floor plan', true)),
      (html) => expect(html).toContain(`/documents/${documentId}`),
    )
    await expectChange(
      () => owner.browser.post(`/property/${propertyId}/media`, { intent: 'share-document', documentId, shared: 'false' }),
      (html) => expect(html).not.toContain(`/documents/${documentId}`),
    )
    await expectChange(
      () => owner.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Olivia Broker', phone: '+351 912 000 111', agencyName: '', licenceNumber: '' }),
      (html) => expect(html).toContain('+351 912 000 111'),
    )
  })

  it("shows a shortlist's notes and the client's own reactions on the next request; another broker's changes keep it", async () => {
    const { owner, propertyId, clientId, listingPath } = await sharedWorld()
    const client = await visitor(listingPath)
    await client.fromMemory()
    await owner.browser.post(`/client/${clientId}/edit-listing`, { intent: 'note', propertyId, note: 'Ask about the garage.' })
    expect((await client.page()).html).toContain('Ask about the garage.')

    await client.fromMemory()
    expect((await client.browser.post(listingPath, { propertyId, reaction: 'interested' })).status).toBe(303)
    // The redirect's toast is rendered for this visitor; the next plain view is current too.
    expect(await (await client.browser.get(listingPath)).text()).toContain('Thank you!')
    expect((await client.page()).html).toContain('Your answer: Interested.')

    await client.fromMemory()
    const other = await broker('Otto Other')
    await other.browser.get('/home')
    await owner.browser.get('/home')
    await other.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Otto Renamed', phone: '', agencyName: '', licenceNumber: '' })
    expect((await client.page()).queries).toBe(0)
  })

  it('answers 404 at once for a link revoked or expired while its page is in memory', async () => {
    const { owner, propertyShare, listingShare, listingPath } = await sharedWorld()
    const property = await visitor(`/preview/${propertyShare}`)
    await property.fromMemory()
    await owner.browser.post('/shares', { intent: 'revoke', shareId: propertyShare, redirectTo: '/home' })
    expect((await property.browser.get(`/preview/${propertyShare}`)).status).toBe(404)

    const listing = await visitor(listingPath)
    await listing.fromMemory()
    await getDb().update(shares).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(shares.id, listingShare))
    expect((await listing.browser.get(listingPath)).status).toBe(404)
  })
})

describe('share views under a burst of first visitors', () => {
  it('counts every first visitor exactly once, in a few batched writes, without holding up an answer', async () => {
    const { propertyShare } = await sharedWorld()
    const path = `/preview/${propertyShare}`
    await (await visitor(path)).fromMemory()
    await settleShareViews()
    const before = (await viewCountOf(propertyShare)) ?? 0

    // 300 phones that never saw the link, at once, and each opens it a second time.
    const phones = Array.from({ length: 300 }, () => new TestBrowser())
    const first = await Promise.all(phones.map((phone) => phone.get(path)))
    expect(first.every((response) => response.status === 200)).toBe(true)
    expect(first.every((response) => queriesOf(response) === 0)).toBe(true)
    expect(first.every((response) => response.headers.getSetCookie().some((cookie) => cookie.startsWith('bv_visitor=')))).toBe(true)
    await Promise.all(phones.map((phone) => phone.get(path)))
    await settleShareViews()

    expect(await viewCountOf(propertyShare)).toBe(before + 300)
    const [{ views } = { views: 0 }] = await getDb()
      .select({ views: sql<number>`count(*)::int` })
      .from(activities)
      .where(and(eq(activities.shareId, propertyShare), eq(activities.kind, 'share_viewed')))
    expect(views).toBe(before + 300)
  })

  it('renders a changed page once while concurrent visitors wait for that render', async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    const path = `/preview/${propertyShare}`
    const client = await visitor(path)
    await client.fromMemory()
    await owner.browser.post(`/property/${propertyId}/edit`, propertyForm({ title: 'Sea view flat, repainted' }))

    const phones = Array.from({ length: 12 }, () => new TestBrowser())
    const answers = await Promise.all(phones.map((phone) => phone.get(path)))
    const texts = await Promise.all(answers.map((response) => response.text()))
    // Every one shows the change; one rendered it (the page's queries), the others asked only
    // whether the link is live (or nothing, once the page was kept).
    expect(texts.every((html) => html.includes('Sea view flat, repainted'))).toBe(true)
    const rendered = answers.filter((response) => queriesOf(response) > 1)
    expect(rendered).toHaveLength(1)
  })
})

describe('share pages of an agency', () => {
  it("show a change of the agency's identity or of the agent's own profile on the next request, and keep on another agency's or a colleague's", async () => {
    const owner = await ownerWithSeats('Olga Owner')
    await saveAgencyDetails(owner.browser, { name: 'Costa Homes' })
    const agent = await joinAgency(owner.browser, 'agent', 'Rita Agent')
    const propertyId = await createPropertyVia(agent.browser, { title: 'Alfama loft', price: '390000' })
    const client = await visitor(`/preview/${await createShare(agent.browser, 'property', propertyId)}`)
    const elsewhere = await sharedWorld()
    const otherClient = await visitor(`/preview/${elsewhere.propertyShare}`)
    const expectChange = async (change: () => Promise<unknown>, check: (html: string) => void) => {
      await client.fromMemory()
      await change()
      const after = await client.page()
      expect(after.queries).toBeGreaterThan(1)
      check(after.html)
    }
    expect((await client.page()).html).toContain('<p>Costa Homes</p>')

    // Another agency names itself: its pages are rendered anew, this one stays in memory.
    await otherClient.fromMemory()
    await client.fromMemory()
    await saveAgencyDetails(elsewhere.owner.browser, { name: 'Lima Estates' })
    expect((await client.page()).queries).toBe(0)
    expect((await otherClient.page()).html).toContain('<p>Lima Estates</p>')

    await expectChange(
      () => saveAgencyDetails(owner.browser, { name: 'Costa Homes & Sons', website: 'https://costa-homes.pt' }),
      (html) => {
        expect(html).toContain('Costa Homes &amp; Sons')
        expect(html).toContain('href="https://costa-homes.pt"')
      },
    )
    let logo = ''
    await expectChange(
      async () => uploadLogo(owner.browser, await logoPng()),
      (html) => (logo = /src="(\/logos\/[0-9a-f]{32}\/96)"/.exec(html)?.[1] ?? ''),
    )
    expect(logo).not.toBe('')
    await expectChange(
      () => owner.browser.post('/agency', { intent: 'remove-logo' }),
      (html) => expect(html).not.toContain(logo),
    )
    await expectChange(
      () => agent.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Rita Agent', phone: '+351 913 000 222', agencyName: '', licenceNumber: '' }),
      (html) => expect(html).toContain('+351 913 000 222'),
    )

    // The owner's own profile is not on the agent's page: it stays in memory.
    await client.fromMemory()
    await owner.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Olga Renamed', phone: '+351 914 000 333', agencyName: '', licenceNumber: '' })
    expect((await client.page()).queries).toBe(0)
  })

  it("shows the successor's card once a removed member's link is handed over", async () => {
    const owner = await ownerWithSeats('Olga Owner')
    const agent = await joinAgency(owner.browser, 'agent', 'Rita Agent')
    const propertyId = await createPropertyVia(agent.browser, { title: 'Graça terrace flat', price: '410000' })
    const shareId = await createShare(agent.browser, 'property', propertyId)
    const client = await visitor(`/preview/${shareId}`)
    const before = await client.fromMemory()
    expect(before.html).toContain('Rita Agent')

    // A new visitor just before the removal: the view is written after it, in the link's agency
    // (the removed member has none left to file it under).
    expect((await new TestBrowser().get(`/preview/${shareId}`)).status).toBe(200)
    expect((await owner.browser.post('/agency', { intent: 'remove', userId: agent.userId, successorId: owner.userId })).status).toBe(302)
    const after = await client.page()
    expect(after.queries).toBeGreaterThan(1)
    expect(after.html).toContain('Olga Owner')
    expect(after.html).not.toContain('Rita Agent')
    await settleShareViews()
    expect(await viewCountOf(shareId)).toBe(2)
  })
})
