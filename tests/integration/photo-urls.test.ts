import { setTimeout } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { properties, propertyPhotos, shares } from '#db/schema.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import { TestBrowser } from '#tests/support/app.ts'
import { broker, createShare, sharedWorld, uploadPhotos } from '#tests/support/share-world.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

// docs/decisions/028-public-immutable-photos.md
const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable'
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable'
const NOT_CACHED = 'private, no-store'
const TAGGED = /^\/media\/([0-9a-f-]{36})\/(thumb|medium|large)\/([\w-]{12})\.webp$/

const queriesOf = (response: Response) => Number(/db;desc="(\d+) queries"/.exec(response.headers.get('Server-Timing') ?? '')?.[1])

/** Every photo address in a page: src and srcset alike. */
function photoUrlsIn(html: string) {
  const urls = [...html.matchAll(/(?:src|srcSet)="([^"]+)"/g)].flatMap((m) => m[1]!.split(',').map((part) => part.trim().split(' ')[0]!))
  return [...new Set(urls.filter((url) => url.startsWith('/media/')))]
}

/** The stored bytes of the file a tagged URL names, read from storage by the photo's row. */
async function storedBytesOf(url: string) {
  const [, photoId, variant] = TAGGED.exec(url)!
  const [photo] = await getDb().select().from(propertyPhotos).where(eq(propertyPhotos.id, photoId!))
  const width = Math.min({ thumb: 320, medium: 640, large: 1280 }[variant as 'thumb'], photo!.width)
  const stored = await getFileStorage().get(photo!.variantKeys[String(width)]!)
  return Buffer.from(await new Response(stored!.body).arrayBuffer())
}

/**
 * Reads a URL until it comes with no query: on a Postgres server that is once this server has
 * heard the commit of the last change (a NOTIFY a moment after the writer's commit returns).
 */
async function untilFromMemory(browser: TestBrowser, url: string) {
  let response = await browser.get(url)
  for (let attempt = 0; queriesOf(response) !== 0 && attempt < 40; attempt++) {
    expect(response.status).toBe(200)
    await setTimeout(25)
    response = await browser.get(url)
  }
  expect(response.status).toBe(200)
  expect(queriesOf(response)).toBe(0)
  return response
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404)
  expect(response.headers.get('Cache-Control')).toBe(NOT_CACHED)
}

describe('photos of a share page', () => {
  it('go out at tagged addresses: public, immutable for a year, the stored bytes, an ETag and 304; from memory once known', async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    // Wide enough for every stored width (320, 640 and 1280 px).
    await uploadPhotos(owner.browser, propertyId, 2, 1300)
    const client = new TestBrowser()
    const html = await (await client.get(`/preview/${propertyShare}`)).text()
    const urls = photoUrlsIn(html)
    // Two photos, three sizes each, and nothing but tagged addresses.
    expect(urls).toHaveLength(6)
    for (const url of urls) expect(url).toMatch(TAGGED)

    for (const url of urls) {
      const response = await client.get(url)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
      expect(response.headers.get('Content-Type')).toBe('image/webp')
      expect(response.headers.get('ETag')).toBe(`"${TAGGED.exec(url)![3]}"`)
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.equals(await storedBytesOf(url))).toBe(true)
      expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length)

      const notModified = await client.get(url, { headers: { 'If-None-Match': response.headers.get('ETag')! } })
      expect(notModified.status).toBe(304)
      expect(notModified.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
      expect(await notModified.text()).toBe('')
    }
    // Known to be open: no query, with or without a session cookie.
    await untilFromMemory(client, urls[0]!)
    const asOwner = await owner.browser.get(urls[0]!)
    expect(asOwner.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)

    // A tag that is not the file's names nothing; another size's tag neither.
    const [, photoId, variant, tag] = TAGGED.exec(urls[0]!)!
    await expectNotFound(await client.get(`/media/${photoId}/${variant}/AAAAAAAAAAAA.webp`))
    const otherSize = urls.find((url) => url.includes(photoId!) && !url.includes(`/${variant}/`))!
    await expectNotFound(await client.get(otherSize.replace(TAGGED.exec(otherSize)![3]!, tag!)))
    await expectNotFound(await client.get(`/media/${photoId}/${variant}/${tag}.jpg`))
    await expectNotFound(await client.get(`/media/${photoId}/original/${tag}.webp`))

    // The untagged address of the same photo still works, and stays private as before.
    const untagged = await client.get(`/media/${photoId}/${variant}`)
    expect(untagged.status).toBe(200)
    expect(untagged.headers.get('Cache-Control')).toBe(PRIVATE_IMMUTABLE)
  })
})

describe('a private photo', () => {
  it('is a 404 to anyone but its owner at both addresses, never publicly cacheable; public listings open it', async () => {
    const owner = await broker('Paula Private')
    const propertyId = await createPropertyVia(owner.browser, { title: 'Quiet villa', status: 'active', visibility: 'private' })
    const [photo] = await uploadPhotos(owner.browser, propertyId, 1)
    // The owner's own pages use the tagged addresses too.
    const urls = photoUrlsIn(await (await owner.browser.get(`/property/${propertyId}`)).text())
    const tagged = urls.find((url) => url.startsWith(`/media/${photo!.id}/medium/`))!
    expect(tagged).toMatch(TAGGED)

    const anonymous = new TestBrowser()
    const other = await broker('Oscar Other')
    for (const viewer of [anonymous, other.browser]) {
      await expectNotFound(await viewer.get(tagged))
      await expectNotFound(await viewer.get(`/media/${photo!.id}/medium`))
      await expectNotFound(await viewer.get(`/media/${photo!.id}/original`))
    }
    // Its owner gets it, cached for good by the owner's browser only.
    const own = await owner.browser.get(tagged)
    expect(own.status).toBe(200)
    expect(own.headers.get('Cache-Control')).toBe(PRIVATE_IMMUTABLE)

    // Public and active (the public listings): open to anyone, publicly cacheable; private again: not.
    await getDb().update(properties).set({ visibility: 'public' }).where(eq(properties.id, propertyId))
    const open = await anonymous.get(tagged)
    expect(open.status).toBe(200)
    expect(open.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
    await untilFromMemory(anonymous, tagged)
    await getDb().update(properties).set({ visibility: 'private' }).where(eq(properties.id, propertyId))
    await expectNotFound(await anonymous.get(tagged))
    await getDb().update(properties).set({ visibility: 'public', status: 'draft' }).where(eq(properties.id, propertyId))
    await expectNotFound(await anonymous.get(tagged))
  })
})

describe('revoking a link', () => {
  it('closes its photos at once at both addresses, unless another live link still shows them', async () => {
    const { owner, propertyId, propertyShare, listingShare } = await sharedWorld()
    const [photo] = await uploadPhotos(owner.browser, propertyId, 1)
    const client = new TestBrowser()
    const [tagged] = photoUrlsIn(await (await client.get(`/preview/${propertyShare}`)).text()).filter((url) => url.includes('/thumb/'))
    await untilFromMemory(client, tagged!)

    // The shortlist's link still shows the property: still open, still public.
    await owner.browser.post('/shares', { intent: 'revoke', shareId: propertyShare })
    expect((await client.get(`/preview/${propertyShare}`)).status).toBe(404)
    const still = await client.get(tagged!)
    expect(still.status).toBe(200)
    expect(still.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
    await untilFromMemory(client, tagged!)

    // The last link revoked: the very next request is a 404 nobody caches, at both addresses.
    await owner.browser.post('/shares', { intent: 'revoke', shareId: listingShare })
    await expectNotFound(await client.get(tagged!))
    await expectNotFound(await client.get(`/media/${photo!.id}/thumb`))
    const own = await owner.browser.get(tagged!)
    expect(own.status).toBe(200)
    expect(own.headers.get('Cache-Control')).toBe(PRIVATE_IMMUTABLE)

    // A new link opens it again (the page that shows it is new too).
    const again = await createShare(owner.browser, 'property', propertyId)
    expect(photoUrlsIn(await (await client.get(`/preview/${again}`)).text())).toContain(tagged)
    expect((await client.get(tagged!)).headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
  })

  it('an expiring link: its photos are checked against the database near the end, and closed after it', async () => {
    const owner = await broker('Eva Expiring')
    const propertyId = await createPropertyVia(owner.browser, { title: 'Brief flat', status: 'active' })
    await uploadPhotos(owner.browser, propertyId, 1)
    const shareId = await createShare(owner.browser, 'property', propertyId)
    const client = new TestBrowser()
    const [tagged] = photoUrlsIn(await (await client.get(`/preview/${shareId}`)).text()).filter((url) => url.includes('/thumb/'))
    await untilFromMemory(client, tagged!)

    // Ends in two seconds: within the last minute every request asks the database's clock.
    await getDb().update(shares).set({ expiresAt: sql`now() + interval '2 seconds'` }).where(eq(shares.id, shareId))
    for (let i = 0; i < 3; i++) {
      const response = await client.get(tagged!)
      expect(response.status).toBe(200)
      expect(queriesOf(response)).toBeGreaterThan(0)
    }
    await setTimeout(2100)
    await expectNotFound(await client.get(tagged!))
  })
})

describe('a deleted photo', () => {
  it('is a 404 to clients at its tagged address on the next request, even when it was served from memory', async () => {
    const { owner, propertyId, propertyShare } = await sharedWorld()
    const [photo] = await uploadPhotos(owner.browser, propertyId, 1)
    const client = new TestBrowser()
    const urls = photoUrlsIn(await (await client.get(`/preview/${propertyShare}`)).text())
    await untilFromMemory(client, urls[0]!)
    const response = await owner.browser.post(`/property/${propertyId}/media`, { intent: 'delete-photo', photoId: photo!.id })
    expect(response.status).toBe(302)
    for (const url of urls) await expectNotFound(await client.get(url))
    // In the trash (issue 25) it is its owner's alone, shown on /trash; deleted for good, a 404 to them too.
    expect((await owner.browser.get(urls[0]!)).status).toBe(200)
    expect((await owner.browser.post('/trash', { intent: 'delete-forever', kind: 'photo', id: photo!.id })).status).toBe(302)
    await expectNotFound(await owner.browser.get(urls[0]!))
  })
})
