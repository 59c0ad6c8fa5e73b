import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, properties, propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { MAX_PHOTO_BYTES } from '#app/modules/media/limits.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'

// The app under test runs with DATA_DIR=test-results/integration-data/<project> (vitest.config.ts).
const FILES_DIR = path.resolve(process.env.DATA_DIR!, 'files')
const SPOOL_DIR = path.resolve(process.env.DATA_DIR!, 'tmp/uploads')

async function brokerWithProperty(title = 'Sea view flat') {
  const { browser, email } = await signedInBroker()
  const owner = await findUser(email)
  const [property] = await getDb()
    .insert(properties)
    .values({ ownerId: owner.id, category: 'residential', type: 'apartment', purpose: 'sale', title })
    .returning({ id: properties.id })
  return { browser, propertyId: property!.id, mediaPath: `/property/${property!.id}/media` }
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })

const fileOf = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type })

function photoUpload(...files: File[]) {
  const form = new FormData()
  form.set('intent', 'upload-photos')
  for (const file of files) form.append('photos', file)
  return form
}

function documentUpload(file: File, title = '') {
  const form = new FormData()
  form.set('intent', 'upload-document')
  form.set('title', title)
  form.set('document', file)
  return form
}

const photosOf = (propertyId: string) =>
  getDb().select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId)).orderBy(asc(propertyPhotos.position))

const documentsOf = (propertyId: string) =>
  getDb().select().from(propertyDocuments).where(eq(propertyDocuments.propertyId, propertyId))

async function storedFiles(kind: 'photos' | 'documents', propertyId: string) {
  return readdir(path.join(FILES_DIR, kind, propertyId)).catch(() => [])
}

async function expectNoSpooledUploads() {
  expect(await readdir(SPOOL_DIR).catch(() => [])).toEqual([])
}

async function bodyMetadata(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata()
}

/** The tag numbers in the EXIF GPS directory (empty without one). */
function gpsTags(exif: Buffer | undefined): number[] {
  if (!exif) return []
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const tagsAt = (directory: number) => Array.from({ length: u16(directory) }, (_, i) => directory + 2 + i * 12)
  const gpsPointer = tagsAt(u32(4)).find((entry) => u16(entry) === 0x8825)
  return gpsPointer === undefined ? [] : tagsAt(u32(gpsPointer + 8)).map(u16)
}

describe('photos', () => {
  it('stores a JPEG as a re-encoded original and WebP variants 320, 640 and 1280 px wide', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const jpeg = await image(2000, 1500).jpeg().toBuffer()
    const response = await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(fileOf(jpeg, 'living room.jpg', 'image/jpeg')))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(mediaPath)
    expect(await (await browser.follow(response)).response.text()).toContain('Added 1 photo.')

    const [photo, ...others] = await photosOf(propertyId)
    expect(others).toEqual([])
    expect(photo).toMatchObject({ position: 0, width: 2000, height: 1500 })
    expect(Object.keys(photo!.variantKeys).sort()).toEqual(['1280', '320', '640'])
    expect(await storedFiles('photos', propertyId)).toHaveLength(4)
    const [activity] = await getDb().select().from(activities).where(eq(activities.propertyId, propertyId))
    expect(activity).toMatchObject({ kind: 'photos_added' })

    for (const [variant, width] of [['thumb', 320], ['medium', 640], ['large', 1280]] as const) {
      const served = await browser.get(`/media/${photo!.id}/${variant}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('Content-Type')).toBe('image/webp')
      expect(served.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
      expect(await bodyMetadata(served)).toMatchObject({ format: 'webp', width })
    }
    const original = await browser.get(`/media/${photo!.id}/original`)
    expect(original.headers.get('Content-Type')).toBe('image/jpeg')
    expect(original.headers.get('Cache-Control')).toBe('private, max-age=3600')
    expect(original.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const originalBytes = Buffer.from(await original.arrayBuffer())
    expect(Number(original.headers.get('Content-Length'))).toBe(originalBytes.length)
    expect(await sharp(originalBytes).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 })

    const etag = original.headers.get('ETag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await browser.get(`/media/${photo!.id}/original`, { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect((await browser.get(`/media/${photo!.id}/huge`)).status).toBe(404)
    expect((await browser.get('/media/not-a-uuid/thumb')).status).toBe(404)

    const page = await (await browser.get(mediaPath)).text()
    expect(page).toContain('Cover')
    // Pages link each size at its tagged address (docs/decisions/028-public-immutable-photos.md).
    expect(page).toMatch(new RegExp(`/media/${photo!.id}/large/[\\w-]{12}\\.webp 1280w`))
    await expectNoSpooledUploads()
  })

  it('never upscales: a 500 px photo has a 320 px thumb and is itself the medium and large size', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const png = await image(500, 400).png().toBuffer()
    await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(fileOf(png, 'plan.png', 'image/png')))
    const [photo] = await photosOf(propertyId)
    expect(Object.keys(photo!.variantKeys).sort()).toEqual(['320', '500'])
    expect(await bodyMetadata(await browser.get(`/media/${photo!.id}/large`))).toMatchObject({ width: 500 })
    const page = await (await browser.get(mediaPath)).text()
    expect(page).toMatch(new RegExp(`/media/${photo!.id}/thumb/[\\w-]{12}\\.webp 320w, /media/${photo!.id}/medium/[\\w-]{12}\\.webp 500w`))
    expect(page).not.toContain('1280w')
  })

  it('strips EXIF with GPS from the original and every variant, and turns photos upright', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const located = await image(1400, 1000)
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' } })
      .png()
      .toBuffer()
    expect(gpsTags((await sharp(located).metadata()).exif)).toContain(2) // GPSLatitude
    const sideways = await image(400, 200).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    expect((await sharp(sideways).metadata()).orientation).toBe(6)

    const response = await browser.postMultipart(
      `${mediaPath}?upload=photos`,
      photoUpload(fileOf(located, 'garden.png', 'image/png'), fileOf(sideways, 'hall.jpg', 'image/jpeg')),
    )
    expect(response.status).toBe(302)
    const [gardenPhoto, hallPhoto] = await photosOf(propertyId)
    expect(hallPhoto).toMatchObject({ width: 200, height: 400 })
    for (const photo of [gardenPhoto!, hallPhoto!]) {
      for (const key of [photo.originalKey, ...Object.values(photo.variantKeys)]) {
        const stored = await sharp(await readFile(path.join(FILES_DIR, key))).metadata()
        expect(stored.exif, key).toBeUndefined()
        expect(stored.xmp, key).toBeUndefined()
        expect(stored.orientation, key).toBeUndefined()
      }
    }
  })

  it('refuses an HTML file named .jpg with a message next to the field, storing nothing', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>')
    const response = await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(fileOf(html, 'villa.jpg', 'image/jpeg')))
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('“villa.jpg” is not a JPEG, PNG, WebP, AVIF or GIF image.')
    expect(await photosOf(propertyId)).toEqual([])
    expect(await storedFiles('photos', propertyId)).toEqual([])
    await expectNoSpooledUploads()
  })

  it('refuses a decompression bomb and an unreadable HEIC with field errors, storing nothing', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    // A few hundred bytes whose header claims 10,000 × 10,000 pixels.
    const bomb = Buffer.from(await image(8, 8).jpeg().toBuffer())
    const frame = bomb.indexOf(Buffer.from([0xff, 0xc0]))
    bomb.writeUInt16BE(10_000, frame + 5)
    bomb.writeUInt16BE(10_000, frame + 7)
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(256, 7)])

    const bombResponse = await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(fileOf(bomb, 'bomb.jpg', 'image/jpeg')))
    expect(bombResponse.status).toBe(400)
    expect(await bombResponse.text()).toContain('“bomb.jpg” has more than 50 megapixels.')
    const heicResponse = await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(fileOf(heic, 'IMG_0001.HEIC', 'image/heic')))
    expect(heicResponse.status).toBe(400)
    expect(await heicResponse.text()).toContain('“IMG_0001.HEIC” is a HEIC photo, which can&#x27;t be read here yet.')
    expect(await photosOf(propertyId)).toEqual([])
    expect(await storedFiles('photos', propertyId)).toEqual([])
  })

  it('answers 413 for a photo just over 15 MB, storing nothing', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const huge = fileOf(new Uint8Array(MAX_PHOTO_BYTES + 1), 'huge.jpg', 'image/jpeg')
    const response = await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(huge))
    expect(response.status).toBe(413)
    expect(await response.text()).toContain('Each photo must be 15 MB or smaller.')
    expect(await photosOf(propertyId)).toEqual([])
    expect(await storedFiles('photos', propertyId)).toEqual([])
    await expectNoSpooledUploads()
  })

  it('takes at most 20 photos an upload and 40 a property: the 41st is refused', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const tiny = await image(8, 8).png().toBuffer()
    const batch = (size: number) => photoUpload(...Array.from({ length: size }, (_, i) => fileOf(tiny, `p${i}.png`, 'image/png')))

    const tooMany = await browser.postMultipart(`${mediaPath}?upload=photos`, batch(21))
    expect(tooMany.status).toBe(413)
    expect(await tooMany.text()).toContain('Upload at most 20 photos at a time.')
    for (let i = 0; i < 2; i++) expect((await browser.postMultipart(`${mediaPath}?upload=photos`, batch(20))).status).toBe(302)
    expect(await photosOf(propertyId)).toHaveLength(40)

    const fileCount = (await storedFiles('photos', propertyId)).length
    const refused = await browser.postMultipart(`${mediaPath}?upload=photos`, batch(1))
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('This property already has 40 photos, the most it can have.')
    expect(await photosOf(propertyId)).toHaveLength(40)
    expect(await storedFiles('photos', propertyId)).toHaveLength(fileCount)
    await expectNoSpooledUploads()
  })

  it('moves photos, sets the cover, saves captions, deletes a photo to the trash and its files with it for good', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const files = await Promise.all([300, 301, 302].map(async (width) => fileOf(await image(width, 200).png().toBuffer(), `${width}.png`, 'image/png')))
    await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(...files))
    const [a, b, c] = (await photosOf(propertyId)).map((photo) => photo.id)
    // The gallery's order: photos in the trash are not in it.
    const order = async () => (await photosOf(propertyId)).filter((photo) => photo.deletedAt === null).map((photo) => [photo.id, photo.position])

    expect((await browser.post(mediaPath, { intent: 'move-down', photoId: a! })).status).toBe(302)
    expect(await order()).toEqual([[b, 0], [a, 1], [c, 2]])
    await browser.post(mediaPath, { intent: 'move-up', photoId: c! })
    expect(await order()).toEqual([[b, 0], [c, 1], [a, 2]])
    await browser.post(mediaPath, { intent: 'cover', photoId: a! })
    expect(await order()).toEqual([[a, 0], [b, 1], [c, 2]])
    expect(await (await browser.follow(await browser.post(mediaPath, { intent: 'move-up', photoId: a! }))).response.text())
      .toContain('That photo is already first.')

    await browser.post(mediaPath, { intent: 'caption', photoId: b!, caption: '  Kitchen with sea view  ' })
    expect((await photosOf(propertyId))[1]?.caption).toBe('Kitchen with sea view')
    const tooLong = await browser.post(mediaPath, { intent: 'caption', photoId: b!, caption: 'x'.repeat(201) })
    expect(tooLong.status).toBe(400)
    const page = await tooLong.text()
    expect(page).toContain('Keep the caption to 200 characters or fewer.')
    expect(page).toContain(`value="${'x'.repeat(201)}"`)

    const deleted = (await photosOf(propertyId))[0]!
    expect((await browser.post(mediaPath, { intent: 'delete-photo', photoId: a! })).status).toBe(302)
    expect(await order()).toEqual([[b, 0], [c, 1]])
    const keys = [deleted.originalKey, ...Object.values(deleted.variantKeys)]
    // In the trash (issue 25): its files stay, and its owner still sees it there.
    for (const key of keys) expect(existsSync(path.join(FILES_DIR, key)), key).toBe(true)
    expect((await browser.get(`/media/${a}/thumb`)).status).toBe(200)
    expect((await browser.post('/trash', { intent: 'delete-forever', kind: 'photo', id: a! })).status).toBe(302)
    for (const key of keys) expect(existsSync(path.join(FILES_DIR, key)), key).toBe(false)
    expect((await browser.get(`/media/${a}/thumb`)).status).toBe(404)
    const kinds = await getDb().select({ kind: activities.kind }).from(activities).where(eq(activities.propertyId, propertyId))
    expect(kinds.map((row) => row.kind).sort()).toEqual(['photo_deleted', 'photos_added'])
  })

  it('asks before a delete: ?delete-photo and ?delete-document show the confirming POST form; unknown ids are 404s', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    await browser.postMultipart(`${mediaPath}?upload=photos`, photoUpload(fileOf(await image(320, 240).png().toBuffer(), 'a.png', 'image/png')))
    await browser.postMultipart(`${mediaPath}?upload=document`, documentUpload(fileOf(PDF, 'plan.pdf', 'application/pdf'), 'Plan'))
    const [photo] = await photosOf(propertyId)
    const [document] = await documentsOf(propertyId)

    // The page itself offers links, not one-click delete buttons.
    const plain = await (await browser.get(mediaPath)).text()
    expect(plain).toContain(`href="${mediaPath}?delete-photo=${photo!.id}"`)
    expect(plain).toContain(`href="${mediaPath}?delete-document=${document!.id}"`)
    expect(plain).not.toContain('value="delete-photo"')
    expect(plain).not.toContain('<dialog')

    const photoStep = await browser.get(`${mediaPath}?delete-photo=${photo!.id}`)
    expect(photoStep.status).toBe(200)
    const photoHtml = await photoStep.text()
    expect(photoHtml).toContain('Delete this photo?')
    expect(photoHtml).toMatch(/<dialog[^>]* open=""/)
    expect(photoHtml).toContain('<input type="hidden" name="intent" value="delete-photo"/>')
    expect(photoHtml).toContain(`<input type="hidden" name="photoId" value="${photo!.id}"/>`)
    const documentHtml = await (await browser.get(`${mediaPath}?delete-document=${document!.id}`)).text()
    expect(documentHtml).toContain('Delete “Plan”?')
    expect(documentHtml).toContain(`<input type="hidden" name="documentId" value="${document!.id}"/>`)
    // Showing the step deletes nothing.
    expect(await photosOf(propertyId)).toHaveLength(1)
    expect(await documentsOf(propertyId)).toHaveLength(1)

    const other = await brokerWithProperty('Other flat')
    await other.browser.postMultipart(`${other.mediaPath}?upload=photos`, photoUpload(fileOf(await image(320, 240).png().toBuffer(), 'b.png', 'image/png')))
    const [foreignPhoto] = await photosOf(other.propertyId)
    for (const query of [`delete-photo=${foreignPhoto!.id}`, 'delete-photo=not-an-id', `delete-document=${photo!.id}`, 'delete-document=']) {
      expect((await browser.get(`${mediaPath}?${query}`)).status, query).toBe(404)
    }
  })

  it('refuses an unknown intent or upload with 400', async () => {
    const { browser, mediaPath } = await brokerWithProperty()
    expect((await browser.post(mediaPath, { intent: 'drop-tables' })).status).toBe(400)
    expect((await browser.postMultipart(`${mediaPath}?upload=everything`, photoUpload())).status).toBe(400)
  })
})

describe('documents', () => {
  it('stores a PDF, titled after its file name, and serves it as an attachment', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const name = 'Escritura – Casa Ñ.pdf'
    const response = await browser.postMultipart(`${mediaPath}?upload=document`, documentUpload(fileOf(PDF, name, 'application/pdf')))
    expect(response.status).toBe(302)
    const [document] = await documentsOf(propertyId)
    expect(document).toMatchObject({ title: 'Escritura – Casa Ñ', fileName: name, contentType: 'application/pdf', sharedWithClients: false })

    const download = await browser.get(`/documents/${document!.id}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('Content-Type')).toBe('application/pdf')
    expect(download.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Escritura _ Casa N.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    expect(download.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(download.headers.get('Cache-Control')).toBe('private, no-store')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)

    await browser.post(mediaPath, { intent: 'share-document', documentId: document!.id, shared: 'true' })
    expect((await documentsOf(propertyId))[0]?.sharedWithClients).toBe(true)
    await browser.post(mediaPath, { intent: 'share-document', documentId: document!.id, shared: 'false' })
    expect((await documentsOf(propertyId))[0]?.sharedWithClients).toBe(false)

    expect((await browser.post(mediaPath, { intent: 'delete-document', documentId: document!.id })).status).toBe(302)
    // In the trash (issue 25): off the property page, its file kept until it is deleted for good.
    expect(await (await browser.get(mediaPath)).text()).not.toContain(`/documents/${document!.id}`)
    expect(await storedFiles('documents', propertyId)).toHaveLength(1)
    expect((await browser.post('/trash', { intent: 'delete-forever', kind: 'document', id: document!.id })).status).toBe(302)
    expect(await documentsOf(propertyId)).toEqual([])
    expect(await storedFiles('documents', propertyId)).toEqual([])
    expect((await browser.get(`/documents/${document!.id}`)).status).toBe(404)
  })

  it('refuses a text file named .pdf and keeps the typed title', async () => {
    const { browser, propertyId, mediaPath } = await brokerWithProperty()
    const text = new TextEncoder().encode('Just some notes, not a PDF.')
    const response = await browser.postMultipart(
      `${mediaPath}?upload=document`,
      documentUpload(fileOf(text, 'deed.pdf', 'application/pdf'), 'Title deed'),
    )
    expect(response.status).toBe(400)
    const page = await response.text()
    expect(page).toContain('“deed.pdf” is not a PDF, Word, Excel, PowerPoint or image file.')
    expect(page).toContain('value="Title deed"')
    expect(await documentsOf(propertyId)).toEqual([])
    expect(await storedFiles('documents', propertyId)).toEqual([])
    await expectNoSpooledUploads()
  })
})

describe("another broker's media", () => {
  it('is a 404 everywhere: the page, every intent, the files', async () => {
    const owner = await brokerWithProperty()
    const jpeg = await image(640, 480).jpeg().toBuffer()
    await owner.browser.postMultipart(`${owner.mediaPath}?upload=photos`, photoUpload(fileOf(jpeg, 'a.jpg', 'image/jpeg')))
    await owner.browser.postMultipart(
      `${owner.mediaPath}?upload=document`,
      documentUpload(fileOf(PDF, 'a.pdf', 'application/pdf')),
    )
    const [photo] = await photosOf(owner.propertyId)
    const [document] = await documentsOf(owner.propertyId)
    const intents: Record<string, string>[] = [
      { intent: 'caption', photoId: photo!.id, caption: 'Mine now' },
      { intent: 'move-up', photoId: photo!.id },
      { intent: 'move-down', photoId: photo!.id },
      { intent: 'cover', photoId: photo!.id },
      { intent: 'delete-photo', photoId: photo!.id },
      { intent: 'share-document', documentId: document!.id, shared: 'true' },
      { intent: 'delete-document', documentId: document!.id },
    ]

    const intruder = await brokerWithProperty('Intruder flat')
    expect((await intruder.browser.get(owner.mediaPath)).status).toBe(404)
    for (const form of intents) {
      // On the owner's page, and on the intruder's own page with the owner's ids.
      expect((await intruder.browser.post(owner.mediaPath, form)).status, form.intent).toBe(404)
      expect((await intruder.browser.post(intruder.mediaPath, form)).status, form.intent).toBe(404)
    }
    const upload = photoUpload(fileOf(jpeg, 'b.jpg', 'image/jpeg'))
    expect((await intruder.browser.postMultipart(`${owner.mediaPath}?upload=photos`, upload)).status).toBe(404)
    const documentForm = documentUpload(fileOf(PDF, 'b.pdf', 'application/pdf'))
    expect((await intruder.browser.postMultipart(`${owner.mediaPath}?upload=document`, documentForm)).status).toBe(404)

    const anonymous = new TestBrowser()
    for (const browser of [intruder.browser, anonymous]) {
      for (const variant of ['thumb', 'medium', 'large', 'original']) {
        expect((await browser.get(`/media/${photo!.id}/${variant}`)).status).toBe(404)
      }
      expect((await browser.get(`/documents/${document!.id}`)).status).toBe(404)
    }

    const [photoAfter] = await photosOf(owner.propertyId)
    expect(photoAfter).toMatchObject({ id: photo!.id, caption: '', position: 0 })
    expect(await documentsOf(owner.propertyId)).toMatchObject([{ id: document!.id, sharedWithClients: false }])
    expect(await photosOf(intruder.propertyId)).toEqual([])
  })
})
