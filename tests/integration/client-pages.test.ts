import { desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { shares, viewings } from '#db/schema.ts'
import { runClientAlerts } from '#app/modules/alerts/run.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { signedInBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/**
 * Issue 25, item 6: every page a client opens without signing in (a shared property, a shared
 * shortlist, the alert page, the viewing feedback page, the unsubscribe page) speaks for the
 * broker: their card (name, agency, avatar, phone, e-mail) and one quiet line with a privacy
 * link; none of BrokerVault's sign-up header (Pricing / Sign in / Get started) or its twelve
 * legal links; and no script.
 */
describe('pages a client opens', () => {
  it('carry the broker’s card and one privacy line, not our header and legal footer, and ship no JavaScript', async () => {
    const { browser } = await signedInBroker('Ana Costa')
    const saved = await browser.post('/profile/account', { intent: 'update-profile', fullName: 'Ana Costa', agencyName: 'Costa Homes', licenceNumber: 'AMI-12345', phone: '+351 912 345 678' })
    expect(saved.status).toBe(302)
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#468' } }).jpeg().toBuffer()
    const avatar = new FormData()
    avatar.set('intent', 'upload-avatar')
    avatar.set('avatar', new File([new Uint8Array(jpeg)], 'me.jpg', { type: 'image/jpeg' }))
    expect((await browser.postMultipart('/profile/account?upload=avatar', avatar)).status).toBe(302)

    const clientEmail = uniqueEmail('client-pages')
    const clientId = await createClientVia(browser, { fullName: 'Bruno Buyer', email: clientEmail, wantedPurpose: 'sale', wantedPlaces: 'Lisbon' })
    const share = async (kind: 'property' | 'client_listing', targetId: string) => {
      expect((await browser.post('/shares', { intent: 'create', kind, targetId, expiresInDays: '', redirectTo: '/home' })).status).toBe(302)
      const [row] = await getDb().select({ id: shares.id }).from(shares).where(kind === 'property' ? eq(shares.propertyId, targetId) : eq(shares.clientId, targetId)).orderBy(desc(shares.createdAt)).limit(1)
      return row!.id
    }

    // Alerts on: the mail's links are the alert page and the unsubscribe page.
    expect((await browser.post(`/client/${clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
    // A listing new since then: what the alert mails.
    const propertyId = await createPropertyVia(browser, { title: 'Baixa flat', price: '260000', city: 'Lisbon' })
    expect((await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })).status).toBe(302)
    const sent: MailRequest[] = []
    await runClientAlerts({ now: new Date(), send: async (mails) => void sent.push(...mails) })
    const mail = sent.find((m) => m.to === clientEmail)
    const alertPath = /\/alerts\/[A-Za-z0-9_-]{22}/.exec(mail?.action?.url ?? '')?.[0]
    const unsubscribePath = /\/unsubscribe\/[A-Za-z0-9_-]{43}/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[0]
    expect(alertPath && unsubscribePath, 'the alert mail’s links').toBeTruthy()

    // A viewing that took place, marked done: its feedback page.
    const scheduled = await browser.post(`/property/${propertyId}`, { intent: 'schedule-viewing', clientId, date: '2024-05-02', time: '10:00', durationMinutes: '30' })
    expect(scheduled.status).toBe(302)
    const [viewing] = await getDb().select({ id: viewings.id }).from(viewings).where(eq(viewings.propertyId, propertyId))
    expect((await browser.post(`/viewing/${viewing!.id}`, { intent: 'status', status: 'done' })).status).toBe(302)
    const [done] = await getDb().select({ token: viewings.feedbackToken }).from(viewings).where(eq(viewings.id, viewing!.id))

    const pages: [string, string][] = [
      [`/preview/${await share('property', propertyId)}`, 'Baixa flat · Costa Homes'],
      [`/client-listing/${await share('client_listing', clientId)}`, 'Properties selected for you by Ana Costa · Costa Homes'],
      [alertPath!, 'New properties for you · Costa Homes'],
      [`/viewing-feedback/${done!.token}`, 'Your viewing feedback · Costa Homes'],
      [unsubscribePath!, 'Unsubscribe from property alerts · Costa Homes'],
    ]
    const client = new TestBrowser()
    for (const [path, title] of pages) {
      const response = await client.get(path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain(`<title>${title}</title>`)
      // The broker's card: name, agency, avatar, phone and e-mail.
      const card = /<section aria-label="Your broker"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
      expect(card, path).toContain('Ana Costa')
      expect(card, path).toContain('Costa Homes')
      expect(card, path).toMatch(/<img[^>]+src="\/avatars\/[0-9a-f]{32}\/256"/)
      expect(card, path).toContain('href="tel:+351912345678"')
      expect(card, path).toMatch(/href="mailto:[^"]+@/)
      // One quiet line with the privacy link; nothing else of ours.
      expect(html.match(/href="\/privacy"/g), path).toHaveLength(1)
      expect(html, path).toContain('Sent to you by Ana Costa with BrokerVault · <a href="/privacy">Privacy</a>')
      for (const ours of ['Get started', 'href="/pricing"', 'href="/auth', 'Shipping policy', 'Refund policy', 'Cookie policy', 'href="/terms"', '© 2024 BrokerVault']) {
        expect(html, `${path}: ${ours}`).not.toContain(ours)
      }
      expect(html, path).not.toMatch(/<script[\s>]/)
    }
  })
})
