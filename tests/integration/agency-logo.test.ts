import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { agencies } from '#db/schema.ts'
import { GOOD_PASSWORD, TestBrowser } from '#tests/support/app.ts'
import { joinAgency, logoPng, ownerWithSeats, uploadLogo } from '#tests/support/agency.ts'

/*
 * The agency's logo (issue 26): uploaded on /agency by the owner and admins through the avatar's
 * pipeline (checked by content, re-encoded without metadata, WebP sizes), kept in shape, served
 * by its random id with the avatars' caching, replaced and removed with its files.
 */

// The app under test runs with DATA_DIR=test-results/integration-data/<project> (vitest.config.ts).
const FILES_DIR = path.resolve(process.env.DATA_DIR!, 'files')
const logoFilesOf = (agencyId: string) => readdir(path.join(FILES_DIR, 'logos', agencyId)).catch(() => [] as string[])

async function logoIdOf(agencyId: string) {
  const [row] = await getDb().select({ logoId: agencies.logoId }).from(agencies).where(eq(agencies.id, agencyId))
  return row?.logoId ?? null
}

/** A wordmark-shaped JPEG with GPS in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 1600, height: 400, channels: 3, background: '#123456' } })
    .withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .jpeg()
    .toBuffer()

describe('the agency logo', () => {
  it('is stored as WebP sizes that keep its shape and transparency, with no metadata, and served by its id with the avatars’ caching', async () => {
    const owner = await ownerWithSeats()
    const saved = await uploadLogo(owner.browser, await logoPng(600, 200))
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/agency')
    const logoId = await logoIdOf(owner.agencyId)
    expect(logoId).toMatch(/^[0-9a-f]{32}$/)
    expect((await logoFilesOf(owner.agencyId)).sort()).toEqual([`${logoId}-256.webp`, `${logoId}-96.webp`])
    // /agency shows it, with the forms to replace and remove it.
    const page = await (await owner.browser.get('/agency')).text()
    expect(page).toContain(`src="/logos/${logoId}/96"`)
    expect(page).toContain('Remove logo')

    // Each size fits its box (four times as wide as high) without being enlarged: a 600 × 200
    // logo is 288 × 96 and, in the 256 box, its own 600 × 200.
    for (const [height, expected] of [
      [96, { width: 288, height: 96 }],
      [256, { width: 600, height: 200 }],
    ] as const) {
      const file = await new TestBrowser().get(`/logos/${logoId}/${height}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('Content-Type')).toBe('image/webp')
      expect(file.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', ...expected, hasAlpha: true })
      const etag = file.headers.get('ETag') ?? ''
      expect(etag).toBe(`"${logoId}-${height}"`)
      expect((await new TestBrowser().get(`/logos/${logoId}/${height}`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    }
    expect((await new TestBrowser().get(`/logos/${logoId}/64`)).status).toBe(404)
    expect((await new TestBrowser().get(`/logos/${'b'.repeat(32)}/96`)).status).toBe(404)
    expect((await new TestBrowser().get('/logos/not-an-id/96')).status).toBe(404)

    // A photo's metadata (camera, GPS) does not survive; a wide one fits its box.
    expect((await uploadLogo(owner.browser, await jpegWithGps(), 'logo.jpg', 'image/jpeg')).status).toBe(302)
    const replacedBy = await logoIdOf(owner.agencyId)
    expect(replacedBy).not.toBe(logoId)
    const wide = await sharp(Buffer.from(await (await new TestBrowser().get(`/logos/${replacedBy}/96`)).arrayBuffer())).metadata()
    expect(wide).toMatchObject({ width: 384, height: 96 })
    expect(wide.exif).toBeUndefined()
    expect(wide.xmp).toBeUndefined()
    // The replaced logo's files and address are gone.
    expect((await logoFilesOf(owner.agencyId)).sort()).toEqual([`${replacedBy}-256.webp`, `${replacedBy}-96.webp`])
    expect((await new TestBrowser().get(`/logos/${logoId}/96`)).status).toBe(404)

    // Removed: no logo, no files, the address answers 404.
    const removed = await owner.browser.post('/agency', { intent: 'remove-logo' })
    expect(removed.status).toBe(302)
    expect(await logoIdOf(owner.agencyId)).toBeNull()
    expect(await logoFilesOf(owner.agencyId)).toEqual([])
    expect((await new TestBrowser().get(`/logos/${replacedBy}/96`)).status).toBe(404)
    expect(await (await owner.browser.get('/agency')).text()).toContain('No logo yet')
  })

  it('refuses what is not an image (400) or too big (413) next to the field, and stores nothing', async () => {
    const owner = await ownerWithSeats()
    const pdf = await uploadLogo(owner.browser, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'logo.png')
    expect(pdf.status).toBe(400)
    const html = await pdf.text()
    expect(html).toMatch(/id="logo-error"[^>]*>.*?is not a JPEG, PNG, WebP, AVIF or GIF image/s)
    expect(html).toContain('aria-describedby="logo-hint logo-error"')

    const huge = new Uint8Array(15 * 1024 * 1024 + 10)
    huge.set((await logoPng()).subarray(0, 64))
    expect((await uploadLogo(owner.browser, huge)).status).toBe(413)
    expect(await logoIdOf(owner.agencyId)).toBeNull()
    expect(await logoFilesOf(owner.agencyId)).toEqual([])
  })

  it('is changed by the owner and admins; an agent sees it and gets 403 for an upload or a removal', async () => {
    const owner = await ownerWithSeats()
    const admin = await joinAgency(owner.browser, 'admin', 'Adam Admin')
    const agent = await joinAgency(owner.browser, 'agent', 'Agnes Agent')
    expect((await uploadLogo(admin.browser, await logoPng())).status).toBe(302)
    const logoId = await logoIdOf(owner.agencyId)
    expect(logoId).toMatch(/^[0-9a-f]{32}$/)

    expect((await uploadLogo(agent.browser, await logoPng(300, 100))).status).toBe(403)
    expect((await agent.browser.post('/agency', { intent: 'remove-logo' })).status).toBe(403)
    expect(await logoIdOf(owner.agencyId)).toBe(logoId)
    const seen = await (await agent.browser.get('/agency')).text()
    expect(seen).toContain(`src="/logos/${logoId}/96"`)
    expect(seen).not.toContain('Remove logo')
    expect(seen).not.toContain('name="logo"')
  })

  it('goes with the agency when its owner deletes their account', async () => {
    const owner = await ownerWithSeats()
    expect((await uploadLogo(owner.browser, await logoPng())).status).toBe(302)
    const logoId = await logoIdOf(owner.agencyId)
    expect(await logoFilesOf(owner.agencyId)).toHaveLength(2)
    const deleted = await owner.browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation: 'DELETE' })
    expect(deleted.status).toBe(302)
    expect(await logoFilesOf(owner.agencyId)).toEqual([])
    expect((await new TestBrowser().get(`/logos/${logoId}/96`)).status).toBe(404)
  })
})
