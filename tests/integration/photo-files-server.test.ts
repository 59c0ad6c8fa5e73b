import { setTimeout } from 'node:timers/promises'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { propertyForm } from '#tests/support/properties.ts'
import { startLocalS3, type LocalS3 } from '#tests/support/local-s3.ts'
import { getPage, postForm, projectDatabaseEnv, signedInJar, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'

// Tagged photo files through `node server.mjs` (docs/decisions/028-public-immutable-photos.md):
// on local disk a known-open photo is answered before the router, like a static file; on
// object storage the router answers it, with the same headers.
const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable'
const TAGGED = /\/media\/[0-9a-f-]{36}\/(?:thumb|medium|large)\/[\w-]{12}\.webp/g
const BEFORE_ROUTER = 'photo;desc="before the router"'

let server: ServerProcess | undefined
let s3: LocalS3 | undefined
afterEach(async () => {
  await server?.dispose()
  await s3?.close()
  server = undefined
  s3 = undefined
})

/** A broker with one shared property holding `count` photos; answers the share page's path. */
async function sharedPropertyWithPhotos(url: string, count: number) {
  const jar = await signedInJar(url)
  const created = await postForm(url, '/property/new/residential', propertyForm({ title: 'Harbour loft' }), jar)
  const propertyId = /^\/property\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')?.[1]
  expect(propertyId, `create answered ${created.status}`).toBeDefined()
  const form = new FormData()
  form.set('intent', 'upload-photos')
  for (let i = 0; i < count; i++) {
    const jpeg = await sharp({ create: { width: 700, height: 525, channels: 3, background: { r: 30 + i * 40, g: 90, b: 160 } } }).jpeg().toBuffer()
    form.append('photos', new File([new Uint8Array(jpeg)], `room-${i}.jpg`, { type: 'image/jpeg' }))
  }
  const uploaded = await fetch(`${url}/property/${propertyId}/media?upload=photos`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: url, 'Sec-Fetch-Site': 'same-origin', Cookie: jar.header },
    body: form,
  })
  expect(uploaded.status).toBe(302)
  const shared = await postForm(url, '/shares', { intent: 'create', kind: 'property', targetId: propertyId!, expiresInDays: '', redirectTo: `/property/${propertyId}` }, jar)
  expect(shared.status).toBe(302)
  const page = await (await getPage(url, `/property/${propertyId}`, jar)).text()
  const sharePath = /\/preview\/[\w-]{22}/.exec(page)?.[0]
  expect(sharePath).toBeDefined()
  const shareId = sharePath!.split('/')[2]!
  return { jar, propertyId: propertyId!, sharePath: sharePath!, shareId }
}

/** The photo addresses of the share page as an anonymous phone gets it. */
async function taggedUrlsOf(url: string, sharePath: string) {
  const html = await (await fetch(`${url}${sharePath}`)).text()
  return [...new Set(html.match(TAGGED))]
}

/** Reads a tagged URL until it is answered before the router (once the server listens for changes). */
async function untilBeforeRouter(url: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(url)
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    if (response.headers.get('Server-Timing')?.includes(BEFORE_ROUTER)) return response
    await setTimeout(50)
  }
  throw new Error(`${url} never came from memory`)
}

describe('tagged photo files through node server.mjs', () => {
  it('on local disk: answered like a static file, bytes as the router gives them, 304 and HEAD; revoked, a 404 at once', async () => {
    server = await startServerProcess(projectDatabaseEnv())
    await server.waitUntilHealthy()
    const { jar, sharePath, shareId } = await sharedPropertyWithPhotos(server.url, 2)
    const urls = await taggedUrlsOf(server.url, sharePath)
    // Two photos, three sizes each: 320 and 640 px, and the 700 px photo itself as the large one.
    expect(urls).toHaveLength(6)

    for (const path of urls) {
      const viaRouter = await fetch(`${server.url}${path}`)
      const routed = Buffer.from(await viaRouter.arrayBuffer())
      const fast = await untilBeforeRouter(`${server.url}${path}`)
      expect(fast.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
      expect(fast.headers.get('Content-Type')).toBe('image/webp')
      expect(fast.headers.get('ETag')).toBe(viaRouter.headers.get('ETag'))
      expect(fast.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(fast.headers.get('Server-Timing')).toContain('db;desc="0 queries"')
      const again = await fetch(`${server.url}${path}`)
      const bytes = Buffer.from(await again.arrayBuffer())
      expect(bytes.equals(routed)).toBe(true)
      expect(Number(again.headers.get('Content-Length'))).toBe(bytes.length)

      const notModified = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': fast.headers.get('ETag')! } })
      expect(notModified.status).toBe(304)
      expect(notModified.headers.get('Server-Timing')).toContain(BEFORE_ROUTER)
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('Content-Length')).toBe(String(bytes.length))
    }
    // A query string, another tag: the router's answer (a photo with a cache buster; a 404).
    const [first] = urls
    const busted = await fetch(`${server.url}${first}?v=1`)
    expect(busted.status).toBe(200)
    expect(busted.headers.get('Server-Timing')).not.toContain(BEFORE_ROUTER)
    const wrongTag = await fetch(`${server.url}${first!.replace(/[\w-]{12}\.webp$/, 'AAAAAAAAAAAA.webp')}`)
    expect(wrongTag.status).toBe(404)

    // Revoked: the page and every photo are 404s on the very next request, cached by nobody.
    expect((await postForm(server.url, '/shares', { intent: 'revoke', shareId, redirectTo: '/home' }, jar)).status).toBe(302)
    expect((await fetch(`${server.url}${sharePath}`)).status).toBe(404)
    for (const path of urls) {
      const gone = await fetch(`${server.url}${path}`)
      expect(gone.status).toBe(404)
      expect(gone.headers.get('Cache-Control')).toBe('private, no-store')
    }
    // The owner still sees them, privately.
    const own = await fetch(`${server.url}${first}`, { headers: { Cookie: jar.header } })
    expect(own.status).toBe(200)
    expect(own.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
  }, 120_000)

  it('on S3 storage (s3rver): the router serves them, public and immutable, with no query once known', async () => {
    s3 = await startLocalS3('photos-test')
    const bucket = s3
    server = await startServerProcess({
      ...projectDatabaseEnv(),
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    })
    await server.waitUntilHealthy()
    const { sharePath } = await sharedPropertyWithPhotos(server.url, 1)
    const urls = await taggedUrlsOf(server.url, sharePath)
    expect(urls).toHaveLength(3)
    for (const path of urls) {
      let response = await fetch(`${server.url}${path}`)
      for (let attempt = 0; !response.headers.get('Server-Timing')?.includes('db;desc="0 queries"') && attempt < 40; attempt++) {
        await response.arrayBuffer()
        await setTimeout(50)
        response = await fetch(`${server.url}${path}`)
      }
      expect(response.status).toBe(200)
      expect(response.headers.get('Server-Timing')).toContain('db;desc="0 queries"')
      expect(response.headers.get('Server-Timing')).not.toContain(BEFORE_ROUTER)
      expect(response.headers.get('Cache-Control')).toBe(PUBLIC_IMMUTABLE)
      const bytes = Buffer.from(await response.arrayBuffer())
      expect((await sharp(bytes).metadata()).format).toBe('webp')
      expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length)
      const notModified = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': response.headers.get('ETag')! } })
      expect(notModified.status).toBe(304)
    }
    // The files are in the bucket: the original and three sizes.
    const listed = await bucket.inspector.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: 'photos/' }))
    expect(listed.Contents).toHaveLength(4)
  }, 120_000)
})
