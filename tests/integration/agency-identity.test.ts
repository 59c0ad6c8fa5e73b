import { desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { agencies, shares, viewings } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { runClientAlerts } from '#app/modules/alerts/run.server.ts'
import { renderMail, type MailRequest } from '#app/modules/mail/message.ts'
import { signedInBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { joinAgency, logoPng, ownerWithSeats, queuedMailsTo, saveAgencyDetails, uploadLogo } from '#tests/support/agency.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { ownerScopeOf } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/*
 * Issue 26, "the agency's identity": every page a client opens (a shared property, a shared
 * shortlist, the alert page, the viewing feedback page, the unsubscribe page), the print
 * brochure and the mails a client gets (alerts, viewing invitations, the feedback request) carry
 * the agency — name, logo, licence, address, contact — above the card of the agent assigned to
 * what was sent. An agency of one named as its broker's profile looks exactly as before.
 */

const cardOf = (html: string) => /<section aria-label="Your broker"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
const agencyPartOf = (card: string) => /<address data-agency=""[\s\S]*?<\/address>/.exec(card)?.[0] ?? ''
const occurrences = (text: string, needle: string) => text.split(needle).length - 1

async function uploadAvatar(browser: TestBrowser) {
  const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#468' } }).jpeg().toBuffer()
  const form = new FormData()
  form.set('intent', 'upload-avatar')
  form.set('avatar', new File([new Uint8Array(jpeg)], 'me.jpg', { type: 'image/jpeg' }))
  expect((await browser.postMultipart('/profile/account?upload=avatar', form)).status).toBe(302)
}

async function newestShare(browser: TestBrowser, kind: 'property' | 'client_listing', targetId: string) {
  expect((await browser.post('/shares', { intent: 'create', kind, targetId, expiresInDays: '', redirectTo: '/home' })).status).toBe(302)
  const target = kind === 'property' ? eq(shares.propertyId, targetId) : eq(shares.clientId, targetId)
  const [row] = await getDb().select({ id: shares.id }).from(shares).where(target).orderBy(desc(shares.createdAt)).limit(1)
  return row!.id
}

/**
 * What one broker's client is sent: a property and shortlist link, an alert mail (its page and
 * unsubscribe link), a viewing done (its invitation and feedback mails, its feedback page).
 */
async function clientWorld(browser: TestBrowser) {
  const clientEmail = uniqueEmail('identity-client')
  const clientId = await createClientVia(browser, { fullName: 'Bruno Buyer', email: clientEmail, wantedPurpose: 'sale', wantedPlaces: 'Lisbon' })
  expect((await browser.post(`/client/${clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
  const propertyId = await createPropertyVia(browser, { title: 'Baixa flat', price: '260000', city: 'Lisbon' })
  expect((await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })).status).toBe(302)
  const sent: MailRequest[] = []
  await runClientAlerts({ now: new Date(), send: async (mails) => void sent.push(...mails) })
  const alertMail = sent.find((m) => m.to === clientEmail)
  const alertPath = /\/alerts\/[A-Za-z0-9_-]{22}/.exec(alertMail?.action?.url ?? '')?.[0]
  const unsubscribePath = /\/unsubscribe\/[A-Za-z0-9_-]{43}/.exec(alertMail?.headers?.['List-Unsubscribe'] ?? '')?.[0]
  expect(alertPath && unsubscribePath, 'the alert mail’s links').toBeTruthy()

  const scheduled = await browser.post(`/property/${propertyId}`, { intent: 'schedule-viewing', clientId, date: '2024-05-02', time: '10:00', durationMinutes: '30' })
  expect(scheduled.status).toBe(302)
  const [viewing] = await getDb().select({ id: viewings.id }).from(viewings).where(eq(viewings.propertyId, propertyId))
  expect((await browser.post(`/viewing/${viewing!.id}`, { intent: 'status', status: 'done' })).status).toBe(302)
  const [done] = await getDb().select({ token: viewings.feedbackToken }).from(viewings).where(eq(viewings.id, viewing!.id))

  return {
    propertyId,
    clientEmail,
    alertMail: alertMail!,
    pages: [
      `/preview/${await newestShare(browser, 'property', propertyId)}`,
      `/client-listing/${await newestShare(browser, 'client_listing', clientId)}`,
      alertPath!,
      `/viewing-feedback/${done!.token}`,
      unsubscribePath!,
    ],
  }
}

describe('the agency on what a client sees', () => {
  it('shows the agency (name, logo, licence, address, contact) above the assigned agent’s own card on every client page and the brochure', async () => {
    const owner = await ownerWithSeats('Olga Owner')
    await saveAgencyDetails(owner.browser, {
      name: 'Costa Homes',
      licenceNumber: 'AMI-12345',
      phone: '+351 210 000 000',
      email: 'hello@costa-homes.pt',
      website: 'https://costa-homes.pt',
      address: 'Rua Augusta 100, 1100-053 Lisboa',
    })
    expect((await uploadLogo(owner.browser, await logoPng())).status).toBe(302)
    const [agency] = await getDb().select({ logoId: agencies.logoId }).from(agencies).where(eq(agencies.id, owner.agencyId))
    const logo = `/logos/${agency!.logoId}/96`

    // The agent who looks after the client: their own phone, avatar and e-mail.
    const agent = await joinAgency(owner.browser, 'agent', 'Rita Agent')
    const profile = { intent: 'update-profile', fullName: 'Rita Agent', phone: '+351 912 345 678', agencyName: 'Rita’s old agency', licenceNumber: '' }
    expect((await agent.browser.post('/profile/account', profile)).status).toBe(302)
    await uploadAvatar(agent.browser)
    const world = await clientWorld(agent.browser)

    const client = new TestBrowser()
    for (const path of [...world.pages, `/property/${world.propertyId}/brochure`]) {
      const response = await (path.endsWith('/brochure') ? agent.browser : client).get(path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      if (!path.endsWith('/brochure')) expect(html, path).toMatch(/<title>[^<]* · Costa Homes<\/title>/)
      const card = cardOf(html)
      const agencyPart = agencyPartOf(card)
      // The agency: its logo (decorative beside its name), name, licence, address and contact.
      expect(agencyPart, path).toContain(`src="${logo}"`)
      expect(agencyPart, path).toContain('<p class="text-base font-semibold">Costa Homes</p>')
      expect(agencyPart, path).toContain('AMI-12345')
      expect(agencyPart, path).toContain('Rua Augusta 100, 1100-053 Lisboa')
      expect(agencyPart, path).toContain('href="tel:+351210000000"')
      expect(agencyPart, path).toContain('href="mailto:hello@costa-homes.pt"')
      expect(agencyPart, path).toContain('href="https://costa-homes.pt" rel="noreferrer">costa-homes.pt</a>')
      // The agent: their name, avatar, phone and e-mail; not the owner's, not their old agency.
      const agentPart = card.replace(agencyPart, '')
      expect(agentPart, path).toContain('Rita Agent')
      expect(agentPart, path).toMatch(/<img src="\/avatars\/[0-9a-f]{32}\/256" alt="Rita Agent"/)
      expect(agentPart, path).toContain('href="tel:+351912345678"')
      expect(agentPart, path).toContain(`href="mailto:${agent.email}"`)
      expect(card, path).not.toContain('Olga Owner')
      expect(card, path).not.toContain('old agency')
      expect(occurrences(card, 'Costa Homes'), path).toBe(1)
    }
    // The logo is anyone's to load, as the avatar is.
    const file = await client.get(logo)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('image/webp')
  })

  it('signs the mails a client gets with the agent’s card and the agency’s identity', async () => {
    const owner = await ownerWithSeats('Olga Owner')
    await saveAgencyDetails(owner.browser, { name: 'Costa Homes', licenceNumber: 'AMI-12345', website: 'https://costa-homes.pt', address: 'Rua Augusta 100, Lisboa' })
    expect((await uploadLogo(owner.browser, await logoPng())).status).toBe(302)
    const [agency] = await getDb().select({ logoId: agencies.logoId }).from(agencies).where(eq(agencies.id, owner.agencyId))
    const agent = await joinAgency(owner.browser, 'agent', 'Rita Agent')
    expect((await agent.browser.post('/profile/account', { intent: 'update-profile', fullName: 'Rita Agent', phone: '+351 912 345 678', agencyName: '', licenceNumber: '' })).status).toBe(302)
    await uploadAvatar(agent.browser)
    const world = await clientWorld(agent.browser)

    const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
    const expected = {
      agent: ['Rita Agent', '+351 912 345 678', agent.email],
      agency: ['Costa Homes', 'Licence AMI-12345', 'Rua Augusta 100, Lisboa', 'https://costa-homes.pt'],
      logoUrl: `${appUrl}/logos/${agency!.logoId}/96`,
      avatarUrl: expect.stringMatching(new RegExp(`^${appUrl}/avatars/[0-9a-f]{32}/256$`)),
    }
    // The alert mail, and the viewing's invitation and feedback request (queued for the worker).
    const viewingMails = await queuedMailsTo(world.clientEmail)
    expect(viewingMails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Viewing invitation: Baixa flat/), 'How was your viewing of Baixa flat?'])
    for (const mail of [world.alertMail, ...viewingMails]) {
      expect(mail.signature, mail.subject).toEqual(expected)
      const rendered = renderMail(mail, 'help@brokervault.test')
      expect(rendered.text, mail.subject).toContain(`Rita Agent\n+351 912 345 678\n${agent.email}\n\nCosta Homes\nLicence AMI-12345\nRua Augusta 100, Lisboa\nhttps://costa-homes.pt\n\n-- \n`)
      expect(rendered.html, mail.subject).toContain(`<img src="${expected.logoUrl}" alt="" height="48"`)
      expect(rendered.html, mail.subject).toContain('Rita Agent</p>')
      expect(rendered.html, mail.subject).not.toContain('Olga Owner')
    }
  })

  it('looks as before for an agency of one named as its broker’s profile: the card alone, no line twice', async () => {
    const { browser, email } = await signedInBroker('Ana Costa')
    const profile = { intent: 'update-profile', fullName: 'Ana Costa', agencyName: 'Costa Homes', licenceNumber: 'AMI-12345', phone: '+351 912 345 678' }
    expect((await browser.post('/profile/account', profile)).status).toBe(302)
    // As migration 0022 left every account: the agency named, numbered and reachable as the profile.
    await saveAgencyDetails(browser, { name: 'Costa Homes', licenceNumber: 'AMI-12345', phone: '+351912345678' })
    const world = await clientWorld(browser)

    const expectedCard =
      '<section aria-label="Your broker" class="rounded-xl border border-line bg-surface p-4 print:break-inside-avoid">' +
      '<address class="flex items-center gap-4 not-italic">' +
      '<span aria-hidden="true" style="width:96px;height:96px;font-size:38px" class="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand">AC</span>' +
      '<div class="flex flex-col gap-0.5 text-sm"><p class="text-base font-semibold">Ana Costa</p><p>Costa Homes</p>' +
      '<p class="text-muted">Licence <!-- -->AMI-12345</p><p><a href="tel:+351912345678">+351 912 345 678</a></p>' +
      `<p><a href="mailto:${email}">${email}</a></p></div></address></section>`
    const client = new TestBrowser()
    for (const path of world.pages) {
      const html = await (await client.get(path)).text()
      expect(cardOf(html), path).toBe(expectedCard)
      expect(html, path).toContain('Sent to you by Ana Costa with BrokerVault · <a href="/privacy">Privacy</a>')
    }
    for (const mail of [world.alertMail, ...(await queuedMailsTo(world.clientEmail))]) {
      expect(mail.signature, mail.subject).toEqual({ agent: ['Ana Costa', 'Costa Homes', 'Licence AMI-12345', '+351 912 345 678', email], agency: [], avatarUrl: null, logoUrl: null })
    }

    // With a logo of its own, the agency gets its part; its name moves there and is not repeated.
    expect((await uploadLogo(browser, await logoPng())).status).toBe(302)
    const { agencyId } = await ownerScopeOf(email)
    const [agency] = await getDb().select({ logoId: agencies.logoId }).from(agencies).where(eq(agencies.id, agencyId))
    const card = cardOf(await (await client.get(world.pages[0]!)).text())
    expect(agencyPartOf(card)).toContain(`src="/logos/${agency!.logoId}/96"`)
    expect(occurrences(card, 'Costa Homes')).toBe(1)
    expect(occurrences(card, 'AMI-12345')).toBe(1)
    expect(occurrences(card, '+351 912 345 678')).toBe(1)
  })
})
