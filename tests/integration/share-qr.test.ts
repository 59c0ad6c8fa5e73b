import jsQR from 'jsqr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { shareTargets } from '#app/modules/sharing/share-links.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

const decodeEntities = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')

/** The first SVG inside the element marked data-testid, rasterised with sharp and read by jsQR. */
async function decodeQr(html: string, testId: string): Promise<string | null> {
  const at = html.indexOf(`data-testid="${testId}"`)
  if (at < 0) throw new Error(`no ${testId} on the page`)
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html.slice(at))?.[0]
  if (!svg) throw new Error(`no SVG in ${testId}`)
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).resize(400).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
}

const shareUrlOn = (html: string) => /<textarea id="share-url-[^"]+"[^>]*>([^<]+)<\/textarea>/.exec(html)?.[1] ?? null

describe('share links: QR codes and ready-made messages', () => {
  it('shows a QR code of a property link that decodes to the link, with WhatsApp, SMS and e-mail drafts', async () => {
    const { browser } = await signedInBroker('Quinn QR')
    const propertyId = await createPropertyVia(browser, { title: 'Harbour loft' })
    await browser.post('/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '', redirectTo: `/property/${propertyId}` })
    const page = await (await browser.get(`/property/${propertyId}`)).text()
    const url = shareUrlOn(page)
    expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{22}$/)
    expect(await decodeQr(page, 'share-qr')).toBe(url)

    const targets = shareTargets('property', url!)
    expect(targets.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`Here is a property I think you will like: ${url}`)}`)
    expect(targets.sms.startsWith('sms:?&body=')).toBe(true)
    expect(targets.email).toBe(`mailto:?subject=A%20property%20for%20you&body=${encodeURIComponent(`Here is a property I think you will like: ${url}`)}`)
    const hrefs = [...page.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!))
    expect(hrefs).toContain(targets.whatsapp)
    expect(hrefs).toContain(targets.sms)
    expect(hrefs).toContain(targets.email)
  })

  it('does the same for a client’s shortlist link, and shows no QR for a revoked link', async () => {
    const { browser } = await signedInBroker('Quinn Shortlist')
    const propertyId = await createPropertyVia(browser)
    const clientId = await createClientVia(browser)
    await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })
    const listing = `/client/${clientId}/listing`
    await browser.post('/shares', { intent: 'create', kind: 'client_listing', targetId: clientId, expiresInDays: '', redirectTo: listing })
    const page = await (await browser.get(listing)).text()
    const url = shareUrlOn(page)
    expect(url).toMatch(/\/client-listing\/[A-Za-z0-9_-]{22}$/)
    expect(await decodeQr(page, 'share-qr')).toBe(url)
    expect(page).toContain(`https://wa.me/?text=${encodeURIComponent(`Here are the properties I selected for you: ${url}`)}`)

    const shareId = url!.split('/').pop()!
    await browser.post('/shares', { intent: 'revoke', shareId, redirectTo: listing })
    expect(await (await browser.get(listing)).text()).not.toContain('data-testid="share-qr"')
  })

  it('prints a brochure whose QR code is the property’s share link, or offers to make one', async () => {
    const { browser } = await signedInBroker('Bruna Brochure')
    const propertyId = await createPropertyVia(browser, { title: 'Garden house', price: '450000' })
    const before = await (await browser.get(`/property/${propertyId}/brochure`)).text()
    expect(before).toContain('This property has no live share link yet')
    const created = await browser.post('/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '', redirectTo: `/property/${propertyId}/brochure` })
    expect(created.headers.get('Location')).toBe(`/property/${propertyId}/brochure`)
    const brochure = await (await browser.get(`/property/${propertyId}/brochure`)).text()
    expect(brochure).toContain('Garden house')
    expect(brochure).toContain('€450,000')
    expect(brochure).toContain('Bruna Brochure')
    const url = shareUrlOn(await (await browser.get(`/property/${propertyId}`)).text())
    expect(await decodeQr(brochure, 'brochure-qr')).toBe(url)

    const { browser: intruder } = await signedInBroker('Ivo Intruder')
    expect((await intruder.get(`/property/${propertyId}/brochure`)).status).toBe(404)
  })
})
