import { XMLParser, XMLValidator } from 'fast-xml-parser'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ORIGIN, signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['property', 'image'].includes(name) })

async function feedPathOf(browser: TestBrowser) {
  const html = await (await browser.get('/profile/connections')).text()
  const url = /value="(http:\/\/localhost:3000\/feeds\/[A-Za-z0-9_-]{22}\/kyero\.xml)"/.exec(html)?.[1]
  return url ? new URL(url).pathname : null
}

async function addPhoto(browser: TestBrowser, propertyId: string) {
  const upload = new FormData()
  upload.set('intent', 'upload-photos')
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer()
  upload.append('photos', new File([new Uint8Array(jpeg)], 'front.jpg', { type: 'image/jpeg' }))
  expect((await browser.postMultipart(`/property/${propertyId}/media?upload=photos`, upload)).status).toBe(302)
}

describe('Kyero portal feed', () => {
  it('publishes only the broker’s public, active properties as well-formed Kyero v3 XML with public photo URLs', async () => {
    const { browser } = await signedInBroker()
    const listed = await createPropertyVia(browser, { title: 'Listed', visibility: 'public', status: 'active', referenceCode: 'K-1', latitude: '38.7', longitude: '-9.1', builtArea: '90', description: 'Sunny & <bright> "flat"' })
    const rental = await createPropertyVia(browser, { title: 'Rental', visibility: 'public', status: 'active', purpose: 'rent', rentPeriod: 'monthly', price: '1500', referenceCode: 'K-2' })
    await createPropertyVia(browser, { title: 'Private', visibility: 'private', status: 'active' })
    await createPropertyVia(browser, { title: 'Draft', visibility: 'public', status: 'draft' })
    await createPropertyVia(browser, { title: 'Sold', visibility: 'public', status: 'sold' })
    await createPropertyVia((await signedInBroker()).browser, { title: 'Another broker', visibility: 'public', status: 'active' })
    await addPhoto(browser, listed)

    expect(await feedPathOf(browser)).toBeNull()
    expect(await (await browser.get('/profile/connections')).text()).toContain('>Create a feed address</button>')
    expect((await browser.post('/profile/portal-feed', { intent: 'create' })).headers.get('Location')).toBe('/profile/connections#portal-feed')
    const path = (await feedPathOf(browser))!
    expect(path).toBeTruthy()
    const card = await (await browser.get('/profile/connections')).text()
    expect(card).toContain('<label for="portal-feed-url" class="block font-medium">Feed address</label>')
    expect(card).toContain('>Replace the address</button>')
    expect(card).toContain('>Turn off the feed</button>')

    const response = await new TestBrowser().get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    expect(XMLValidator.validate(xml)).toBe(true)
    const feed = parser.parse(xml) as { root: { kyero: { feed_version: number }; property: Record<string, unknown>[] } }
    expect(feed.root.kyero.feed_version).toBe(3)
    expect(feed.root.property.map((p) => p.id).sort()).toEqual([listed, rental].sort())
    const flat = feed.root.property.find((p) => p.id === listed)!
    expect(flat).toMatchObject({
      ref: 'K-1',
      price: 250000,
      currency: 'EUR',
      price_freq: 'sale',
      type: 'apartment',
      town: 'Lisbon',
      location: { latitude: 38.7, longitude: -9.1 },
      beds: 2,
      baths: 1,
      surface_area: { built: 90 },
      desc: { en: 'Sunny & <bright> "flat"' },
    })
    expect(flat.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(feed.root.property.find((p) => p.id === rental)).toMatchObject({ price: 1500, price_freq: 'month' })
    const images = (flat.images as { image: { '@_id': string; url: string }[] }).image
    expect(images).toHaveLength(1)
    expect(images[0]!['@_id']).toBe('1')
    expect(images[0]!.url.startsWith(`${ORIGIN}/media/`)).toBe(true)
    // The photo opens without a session.
    const photo = await new TestBrowser().get(new URL(images[0]!.url).pathname)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('Content-Type')).toMatch(/^image\//)
  })

  it('answers 304 while nothing listed changed, a new ETag after a change, and 404 once revoked', async () => {
    const { browser } = await signedInBroker()
    const id = await createPropertyVia(browser, { visibility: 'public', status: 'active' })
    await browser.post('/profile/portal-feed', { intent: 'create' })
    const path = (await feedPathOf(browser))!
    const portal = new TestBrowser()
    const first = await portal.get(path)
    const etag = first.headers.get('ETag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('Last-Modified')).toBeTruthy()
    const again = await portal.get(path, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    // A private property changes nothing the feed lists… a listed one does.
    await createPropertyVia(browser, { visibility: 'private', status: 'active' })
    expect((await portal.get(path, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await browser.post(`/property/${id}/edit`, propertyForm({ description: 'Freshly painted', visibility: 'public', status: 'active' }))).status).toBe(302)
    const changed = await portal.get(path, { headers: { 'If-None-Match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('ETag')).not.toBe(etag)
    expect(await changed.text()).toContain('Freshly painted')

    // Replacing the address kills the old one; revoking kills the new one.
    await browser.post('/profile/portal-feed', { intent: 'create' })
    const replaced = (await feedPathOf(browser))!
    expect(replaced).not.toBe(path)
    expect((await portal.get(path)).status).toBe(404)
    expect((await portal.get(replaced)).status).toBe(200)
    await browser.post('/profile/portal-feed', { intent: 'revoke' })
    expect(await feedPathOf(browser)).toBeNull()
    expect((await portal.get(replaced)).status).toBe(404)
    expect((await portal.get('/feeds/AAAAAAAAAAAAAAAAAAAAAA/kyero.xml')).status).toBe(404)
    expect((await portal.get('/feeds/short/kyero.xml')).status).toBe(404)
  })
})
