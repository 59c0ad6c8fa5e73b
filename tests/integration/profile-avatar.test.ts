import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'
import { createBrokerWorld } from '#tests/support/world.ts'

// The app under test runs with DATA_DIR=test-results/integration-data/<project> (vitest.config.ts).
const FILES_DIR = path.resolve(process.env.DATA_DIR!, 'files')

const avatarFilesOf = (userId: string) => readdir(path.join(FILES_DIR, 'avatars', userId)).catch(() => [] as string[])

async function avatarIdOf(email: string) {
  const user = await findUser(email)
  const [row] = await getDb().select({ avatarId: profiles.avatarId, timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, user.id))
  return { userId: user.id, avatarId: row?.avatarId ?? null, timeZone: row?.timeZone }
}

function avatarUpload(bytes: Uint8Array, name = 'me.jpg', type = 'image/jpeg') {
  const form = new FormData()
  form.set('intent', 'upload-avatar')
  form.set('avatar', new File([new Uint8Array(bytes)], name, { type }))
  return form
}

/** A wide photo with GPS in its EXIF: left half red, right half blue, a green stripe in the middle. */
async function widePhotoWithGps() {
  const width = 900
  const height = 300
  const red = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } }).png().toBuffer()
  const green = await sharp({ create: { width: 100, height, channels: 3, background: '#00ff00' } }).png().toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: green, left: 400, top: 0 },
    ])
    .withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .jpeg()
    .toBuffer()
}

describe('avatar', () => {
  it('refuses a file that is not an image by its content, next to the field, and stores nothing', async () => {
    const { browser, email } = await signedInBroker()
    // A PDF named like a JPEG: the name and the browser's type are ignored.
    const response = await browser.postMultipart('/profile/account?upload=avatar', avatarUpload(new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'me.jpg'))
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toMatch(/id="avatar-error"[^>]*>.*?is not a JPEG, PNG, WebP, AVIF or GIF image/s)
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="avatar-hint avatar-error"|aria-describedby="avatar-hint avatar-error"[^>]*aria-invalid="true"/)
    const { userId, avatarId } = await avatarIdOf(email)
    expect(avatarId).toBeNull()
    expect(await avatarFilesOf(userId)).toEqual([])
  })

  it('refuses damaged image data and a file over 15 MB (413)', async () => {
    const { browser, email } = await signedInBroker()
    const jpeg = await widePhotoWithGps()
    const truncated = await browser.postMultipart('/profile/account?upload=avatar', avatarUpload(jpeg.subarray(0, 400)))
    expect(truncated.status).toBe(400)
    expect(await truncated.text()).toContain('could not be read as an image')

    const huge = new Uint8Array(15 * 1024 * 1024 + 10)
    huge.set(jpeg.subarray(0, 64))
    const tooLarge = await browser.postMultipart('/profile/account?upload=avatar', avatarUpload(huge))
    expect(tooLarge.status).toBe(413)
    const { userId, avatarId } = await avatarIdOf(email)
    expect(avatarId).toBeNull()
    expect(await avatarFilesOf(userId)).toEqual([])
  })

  it('stores centred 256 and 64 px WebP squares without metadata, served with a versioned, cached URL', async () => {
    const { browser, email } = await signedInBroker('Ana Costa')
    const response = await browser.postMultipart('/profile/account?upload=avatar', avatarUpload(await widePhotoWithGps()))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/profile/account')
    const { userId, avatarId } = await avatarIdOf(email)
    expect(avatarId).toMatch(/^[0-9a-f]{32}$/)
    expect((await avatarFilesOf(userId)).sort()).toEqual([`${avatarId}-256.webp`, `${avatarId}-64.webp`])

    for (const size of [256, 64]) {
      // Anyone may load it (share pages show it to clients who never sign in).
      const file = await new TestBrowser().get(`/avatars/${avatarId}/${size}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('Content-Type')).toBe('image/webp')
      expect(file.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
      const bytes = Buffer.from(await file.arrayBuffer())
      const meta = await sharp(bytes).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size })
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      // Cover, centred: the 900×300 photo's middle third (the green stripe is at its centre).
      const centre = await sharp(bytes).extract({ left: size / 2 - 2, top: size / 2 - 2, width: 4, height: 4 }).raw().toBuffer()
      expect(centre[1]).toBeGreaterThan(200)
      expect(centre[0]).toBeLessThan(60)
      const etag = file.headers.get('ETag') ?? ''
      expect((await new TestBrowser().get(`/avatars/${avatarId}/${size}`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    }
    expect((await new TestBrowser().get(`/avatars/${avatarId}/128`)).status).toBe(404)
    expect((await new TestBrowser().get(`/avatars/${'a'.repeat(32)}/64`)).status).toBe(404)

    // The header shows the 64 px square on every app page; the profile page the 256 px one.
    const home = await (await browser.get('/home')).text()
    expect(home).toContain(`src="/avatars/${avatarId}/64"`)
    expect(await (await browser.get('/profile/account')).text()).toContain(`src="/avatars/${avatarId}/256"`)
  })

  it('replacing deletes the old files and the old URL; removing deletes the files and shows initials', async () => {
    const { browser, email } = await signedInBroker('Bruno Dias Lopes')
    const first = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } }).png().toBuffer()
    expect((await browser.postMultipart('/profile/account?upload=avatar', avatarUpload(first, 'a.png', 'image/png'))).status).toBe(302)
    const { userId, avatarId: oldId } = await avatarIdOf(email)

    // A small image is still stored at both sizes (upscaled), so the URLs always name squares.
    const second = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#993366' } }).webp().toBuffer()
    expect((await browser.postMultipart('/profile/account?upload=avatar', avatarUpload(second, 'b.webp', 'image/webp'))).status).toBe(302)
    const { avatarId: newId } = await avatarIdOf(email)
    expect(newId).not.toBe(oldId)
    expect((await avatarFilesOf(userId)).sort()).toEqual([`${newId}-256.webp`, `${newId}-64.webp`])
    expect((await new TestBrowser().get(`/avatars/${oldId}/64`)).status).toBe(404)
    const small = await new TestBrowser().get(`/avatars/${newId}/256`)
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256 })

    const removed = await browser.post('/profile/account', { intent: 'remove-avatar' })
    expect(removed.status).toBe(302)
    expect(await avatarIdOf(email)).toMatchObject({ avatarId: null })
    expect(await avatarFilesOf(userId)).toEqual([])
    expect((await new TestBrowser().get(`/avatars/${newId}/64`)).status).toBe(404)
    const home = await (await browser.get('/home')).text()
    expect(home).not.toContain('/avatars/')
    expect(home).toMatch(/>BL<\/span>/)
    // Removing again is harmless.
    expect((await browser.post('/profile/account', { intent: 'remove-avatar' })).status).toBe(302)
  })

  it('shows on the share pages’ contact card (256 px, alt = the broker’s name) with phone, agency and licence', async () => {
    const world = await createBrokerWorld()
    const saved = await world.browser.post('/profile/account', {
      intent: 'update-profile',
      fullName: 'Carla Nunes',
      phone: '+351 912 000 111',
      agencyName: 'Lisbon Homes',
      licenceNumber: 'AMI-9876',
      timeZone: 'Europe/Lisbon',
    })
    expect(saved.status).toBe(302)
    const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#123456' } }).jpeg().toBuffer()
    expect((await world.browser.postMultipart('/profile/account?upload=avatar', avatarUpload(photo))).status).toBe(302)
    const { avatarId } = await avatarIdOf(world.email)

    for (const sharePath of [`/preview/${world.propertyShare}`, `/client-listing/${world.listingShare}`]) {
      const html = await (await new TestBrowser().get(sharePath)).text()
      const card = html.slice(html.indexOf('aria-label="Your broker"'))
      expect(card).toMatch(new RegExp(`<img src="/avatars/${avatarId}/256" alt="Carla Nunes"`))
      expect(card).toContain('Lisbon Homes')
      expect(card).toMatch(/Licence (<!-- -->)?AMI-9876/)
      expect(card).toContain('href="tel:+351912000111"')
    }
  })
})

describe('time zone', () => {
  it('is UTC by default, offered as a list, saved when valid and refused otherwise', async () => {
    const { browser, email } = await signedInBroker()
    expect((await avatarIdOf(email)).timeZone).toBe('UTC')
    const page = await (await browser.get('/profile/account')).text()
    expect(page).toMatch(/<select[^>]*name="timeZone"/)
    expect(page).toMatch(/<option value="UTC" selected="">UTC<\/option>/)
    // Grouped by region, each place by its own name (the list is tested in broker-time-zone.test.ts).
    expect(page).toMatch(/<optgroup label="America">(<option [^>]*>[^<]*<\/option>)*<option value="America\/Sao_Paulo">Sao Paulo<\/option>/)

    const base = { intent: 'update-profile', fullName: 'Zoned Broker' }
    expect((await browser.post('/profile/account', { ...base, timeZone: 'Asia/Tokyo' })).status).toBe(302)
    expect((await avatarIdOf(email)).timeZone).toBe('Asia/Tokyo')
    expect(await (await browser.get('/profile/account')).text()).toMatch(/<option value="Asia\/Tokyo" selected="">/)

    for (const bad of ['Mars/Olympus_Mons', 'Europe/lisbon', '+02:00']) {
      const refused = await browser.post('/profile/account', { ...base, fullName: 'Changed', timeZone: bad })
      expect(refused.status).toBe(400)
      expect(await refused.text()).toMatch(/id="[^"]*timeZone[^"]*"[^>]*>\s*<li>Choose a time zone from the list/)
    }
    expect(await avatarIdOf(email)).toMatchObject({ timeZone: 'Asia/Tokyo' })
    const [profile] = await getDb().select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, (await findUser(email)).id))
    expect(profile?.fullName).toBe('Zoned Broker')
  })
})
