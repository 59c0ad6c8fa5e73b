import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clientListingItems, clients, leadMessages, leads, notifications } from '#db/schema.ts'
import { signInboundMail } from '#app/modules/leads/inbound-signature.server.ts'
import { startInboundSmtp, type InboundSmtp } from '#app/modules/leads/smtp-receiver.server.ts'
import { deliverMail } from '#app/modules/mail/delivery.server.ts'
import type { MailTransport } from '#app/modules/mail/transport.server.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { queuedMailsTo, saveAgencyDetails } from '#tests/support/agency.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { ownerScopeOf } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { logs } from '#tests/support/setup-integration.ts'
import { startSmtpListener, type SmtpListener } from '#tests/support/smtp.ts'

/*
 * Issue 27 items 5 and 7 (docs/decisions/037-lead-routing-and-replies.md), on both drivers:
 * a reply sent from a lead's page goes out over real SMTP with Reply-To the agency's inbound
 * address and a Message-ID of ours; the lead's answer, sent over real SMTP to the built-in
 * receiver (and posted to the webhook), names that Message-ID and joins the lead's conversation
 * instead of becoming a lead; the conversation shows as text on the lead's and the client's
 * pages. Conversion finds the same person among the broker's clients by e-mail and by phone,
 * merges or makes a new client, keeps source and consent, and shortlists the property.
 */

const ADDRESS = /data-testid="lead-address"[^>]*>(leads\+[a-z2-7]{16}@leads\.example\.test)</
const SECRET = process.env.INBOUND_MAIL_SECRET ?? ''
const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '').replace(/&quot;/g, '"')

let smtp: SmtpListener
let receiver: InboundSmtp
let owner: Awaited<ReturnType<typeof signedInBroker>>
let address: string
let agencyId: string

/** The app's mailer over real SMTP to the listener, as the mail worker sends with SMTP_URL. */
function smtpTransport(): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtp.url })
  return { kind: 'smtp', send: async (mail) => void (await transporter.sendMail({ from: 'BrokerVault <no-reply@brokervault.test>', ...mail })) }
}
const toReceiver = () => nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true })

beforeAll(async () => {
  smtp = await startSmtpListener()
  receiver = await startInboundSmtp({ port: 0, host: '127.0.0.1' })
  logs.take((line) => line.msg === 'Inbound SMTP receiver listening')
  owner = await signedInBroker('Rita Replier')
  address = ADDRESS.exec(await (await owner.browser.get('/leads')).text())?.[1] ?? ''
  expect(address).not.toBe('')
  agencyId = (await ownerScopeOf(owner.email)).agencyId
})

afterAll(async () => {
  await receiver?.close()
  await smtp?.close()
})

const leadsOf = () => getDb().select().from(leads).where(eq(leads.agencyId, agencyId))

describe('replying to a lead, and the answer threading back', () => {
  it('sends over SMTP with Reply-To the inbound address; the answer by SMTP and by webhook joins the conversation', async () => {
    const tag = randomUUID().slice(0, 8)
    const enquiryId = `<enquiry-${tag}@portal.example>`
    await toReceiver().sendMail({
      from: `Marta Reis <marta-${tag}@example.com>`,
      to: address,
      subject: `Enquiry ${tag}`,
      messageId: enquiryId,
      text: 'Name: Marta Reis\nMessage: Can I see the flat this week?',
    })
    const lead = (await leadsOf()).find((row) => row.mailSubject === `Enquiry ${tag}`)!
    expect(lead).toMatchObject({ status: 'new', contactEmail: `marta-${tag}@example.com` })
    logs.take((line) => line.msg === 'Lead received by mail')

    // The reply form, filled from the first template.
    const page = await text(await owner.browser.get(`/lead/${lead.id}`))
    expect(page).toContain('Hello Marta,')
    const sent = await owner.browser.post(`/lead/${lead.id}`, { intent: 'reply', subject: 'Your enquiry', body: 'Hello Marta,\n\nThursday at 18:00 works for me.\n\nRita' })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe(`/lead/${lead.id}`)
    logs.take((line) => line.msg === 'Lead reply sent')
    const afterReply = (await leadsOf()).find((row) => row.id === lead.id)!
    expect(afterReply).toMatchObject({ status: 'claimed' })
    expect(afterReply.firstReplyAt).not.toBeNull()

    const [request] = await queuedMailsTo(`marta-${tag}@example.com`)
    expect(request?.headers?.['Reply-To']).toBe(address)
    expect(request?.headers?.['In-Reply-To']).toBe(enquiryId)
    await deliverMail(request!, smtpTransport())
    const wire = await smtp.waitForMail(`marta-${tag}@example.com`)
    expect(wire.subject).toBe('Your enquiry')
    expect(wire.replyTo?.text).toBe(address)
    expect(wire.inReplyTo).toBe(enquiryId)
    expect(wire.messageId).toMatch(/^<reply\.[0-9a-f-]{36}@leads\.example\.test>$/)
    expect(wire.text).toContain('Thursday at 18:00 works for me.')
    const [kept] = await getDb().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id))
    expect(kept).toMatchObject({ direction: 'out', messageId: wire.messageId, toAddress: `marta-${tag}@example.com` })

    // Her answer, as a mail program sends it: to the Reply-To, naming our Message-ID.
    await toReceiver().sendMail({
      from: `Marta Reis <marta-${tag}@example.com>`,
      to: address,
      subject: 'Re: Your enquiry',
      inReplyTo: wire.messageId,
      references: [enquiryId, wire.messageId!],
      text: 'Thursday is perfect. <b>See you</b> then.\n\n> Thursday at 18:00 works for me.',
    })
    logs.take((line) => line.msg === 'Answer to a lead reply received')
    expect((await leadsOf()).filter((row) => row.contactEmail === `marta-${tag}@example.com`)).toHaveLength(1)
    const thread = await getDb().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id)).orderBy(leadMessages.createdAt)
    expect(thread.map((message) => message.direction)).toEqual(['out', 'in'])
    expect(thread[1]?.body).toContain('Thursday is perfect.')
    const notices = await getDb().select().from(notifications).where(and(eq(notifications.href, `/lead/${lead.id}`), eq(notifications.summary, 'Marta Reis answered your reply')))
    expect(notices).toHaveLength(1)

    // Posted by an inbound-mail service instead: threaded too, and once only.
    const raw = [
      `From: Marta Reis <marta-${tag}@example.com>`,
      `To: ${address}`,
      'Subject: Re: Your enquiry',
      `Message-ID: <answer-${tag}@example.com>`,
      `References: ${enquiryId} ${wire.messageId}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>One more thing: <script>alert(1)</script>is there parking?</p>',
      '',
    ].join('\r\n')
    const post = () =>
      new TestBrowser().serverPost('/webhooks/inbound-mail', raw, { 'Content-Type': 'message/rfc822', 'X-Inbound-Signature': signInboundMail(Buffer.from(raw), SECRET) })
    expect(await (await post()).json()).toEqual({ received: true, created: 0, duplicates: 0, threaded: 1 })
    expect(await (await post()).json()).toEqual({ received: true, created: 0, duplicates: 1, threaded: 0 })
    logs.take((line) => line.msg === 'Answer to a lead reply received')

    // The page shows the conversation as text: the mail's markup is words, never elements.
    const shown = await text(await owner.browser.get(`/lead/${lead.id}`))
    expect(shown).toContain('Thursday at 18:00 works for me.')
    expect(shown).toContain('Thursday is perfect. &lt;b&gt;See you&lt;/b&gt; then.')
    expect(shown).toContain('is there parking?')
    expect(shown).not.toContain('<script>alert(1)')

    // Made a client: the conversation is on the client's page.
    const converted = await owner.browser.post(`/lead/${lead.id}`, { intent: 'convert', target: 'new' })
    expect(converted.status).toBe(302)
    const clientPath = converted.headers.get('Location') ?? ''
    expect(clientPath).toMatch(/^\/client\/[0-9a-f-]{36}$/)
    const clientPage = await text(await owner.browser.get(clientPath))
    expect(clientPage).toContain('From leads')
    expect(clientPage).toContain('Thursday is perfect.')
    expect(clientPage).toContain('is there parking?')
  })

  it('refuses an empty reply by its field (400), and a reply to a lead without an e-mail address', async () => {
    const [row] = await getDb()
      .insert(leads)
      .values({ agencyId, source: 'manual', contactName: 'Paulo Phone', contactPhone: '+351 912 111 222', phoneE164: '+351912111222', routedAt: new Date() })
      .returning({ id: leads.id })
    const empty = await owner.browser.post(`/lead/${row!.id}`, { intent: 'reply', subject: 'Hello', body: '   ' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Write the message.')
    const noEmail = await owner.browser.post(`/lead/${row!.id}`, { intent: 'reply', subject: 'Hello', body: 'Hi' })
    expect(noEmail.status).toBe(400)
    const page = await text(noEmail)
    expect(page).toContain('This lead left no e-mail address')
    // WhatsApp click-to-chat carries the template's words.
    expect(page).toMatch(/href="https:\/\/wa\.me\/351912111222\?text=Hello%20Paulo%2C/)
  })

  it('keeps an answer naming no reply of ours a new lead', async () => {
    await toReceiver().sendMail({ from: 'Stranger <stranger@example.com>', to: address, subject: 'Re: something', inReplyTo: '<not-ours@example.com>', text: 'Name: Stranger\nMessage: hello' })
    logs.take((line) => line.msg === 'Lead received by mail')
    expect((await leadsOf()).some((row) => row.mailSubject === 'Re: something')).toBe(true)
  })
})

describe('converting a lead', () => {
  it('finds the same person by e-mail and by phone, joins the lead to the chosen client, keeps source and consent, and shortlists the property', async () => {
    const broker = await signedInBroker('Carlos Converter')
    await saveAgencyDetails(broker.browser, { name: 'Casa Converter', phone: '+351 210 000 000' })
    const scope = await ownerScopeOf(broker.email)
    const byEmail = await createClientVia(broker.browser, { fullName: 'Joana by e-mail', email: 'Joana.Lima@Example.com' })
    const byPhone = await createClientVia(broker.browser, { fullName: 'Joana by phone', phone: '912 345 678', email: '', source: '' })
    await createClientVia(broker.browser, { fullName: 'Someone else', email: 'other@example.com', phone: '913 999 999' })
    const propertyId = await createPropertyVia(broker.browser, { title: 'Graça flat' })
    const consentedAt = new Date('2026-11-20T10:00:00Z')
    const [row] = await getDb()
      .insert(leads)
      .values({
        agencyId: scope.agencyId,
        source: 'enquiry_form',
        propertyId,
        contactName: 'Joana Lima',
        contactEmail: 'joana.lima@example.com',
        emailNormalized: 'joana.lima@example.com',
        contactPhone: '+351 912 345 678',
        phoneE164: '+351912345678',
        message: 'I would like to visit.',
        consentText: 'I agree to be contacted about this property.',
        consentedAt,
        routedAt: new Date(),
      })
      .returning({ id: leads.id })
    const leadId = row!.id

    const page = await text(await broker.browser.get(`/lead/${leadId}`))
    expect(page).toContain('2 clients of yours have the same e-mail or phone')
    expect(page).toContain('Join to <strong>Joana by e-mail</strong>')
    expect(page).toContain('same email')
    expect(page).toContain('Join to <strong>Joana by phone</strong>')
    expect(page).toContain('same phone')
    expect(page).not.toContain('Join to <strong>Someone else</strong>')

    // A client that is not theirs: refused by the field, nothing changed.
    const foreign = await signedInBroker('Foreign Broker')
    const foreignClient = await createClientVia(foreign.browser, { fullName: 'Foreign client' })
    const refused = await broker.browser.post(`/lead/${leadId}`, { intent: 'convert', target: foreignClient })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('That client is not one of yours.')
    expect((await getDb().select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)))[0]?.status).toBe('new')

    const merged = await broker.browser.post(`/lead/${leadId}`, { intent: 'convert', target: byPhone })
    expect(merged.status).toBe(302)
    expect(merged.headers.get('Location')).toBe(`/client/${byPhone}`)
    const [client] = await getDb().select().from(clients).where(eq(clients.id, byPhone))
    expect(client).toMatchObject({
      fullName: 'Joana by phone',
      phone: '912 345 678',
      email: 'joana.lima@example.com',
      source: 'Lead: Enquiry form',
      consentText: 'I agree to be contacted about this property.',
    })
    expect(client?.consentedAt?.getTime()).toBe(consentedAt.getTime())
    const shortlist = await getDb().select({ propertyId: clientListingItems.propertyId }).from(clientListingItems).where(eq(clientListingItems.clientId, byPhone))
    expect(shortlist).toEqual([{ propertyId }])
    const lead = (await getDb().select().from(leads).where(eq(leads.id, leadId)))[0]!
    expect(lead).toMatchObject({ status: 'converted', clientId: byPhone, ownerId: scope.memberId })
    expect(lead.firstStageChangeAt).not.toBeNull()
    const clientPage = await text(await broker.browser.get(`/client/${byPhone}`))
    expect(clientPage).toContain('Consent: “I agree to be contacted about this property.”')

    // Converted once: a second conversion changes nothing.
    const again = await broker.browser.post(`/lead/${leadId}`, { intent: 'convert', target: byEmail })
    expect(again.status).toBe(302)
    expect(again.headers.get('Location')).toBe(`/lead/${leadId}`)
    expect((await getDb().select({ email: clients.email }).from(clients).where(eq(clients.id, byEmail)))[0]?.email).toBe('Joana.Lima@Example.com')
  })

  it('makes a new client with the lead’s contact, source, consent and message, with the property on the shortlist', async () => {
    const broker = await signedInBroker('Nadia New')
    const scope = await ownerScopeOf(broker.email)
    const propertyId = await createPropertyVia(broker.browser, { title: 'Estrela house' })
    const [row] = await getDb()
      .insert(leads)
      .values({
        agencyId: scope.agencyId,
        source: 'open_house',
        propertyId,
        contactName: 'Vera Nova',
        contactEmail: 'vera@example.com',
        emailNormalized: 'vera@example.com',
        message: 'Loved the garden.',
        consentText: 'Keep me posted.',
        consentedAt: new Date(),
        routedAt: new Date(),
      })
      .returning({ id: leads.id })
    const page = await text(await broker.browser.get(`/lead/${row!.id}`))
    expect(page).not.toContain('data-testid="lead-duplicates"')
    const missing = await broker.browser.post(`/lead/${row!.id}`, { intent: 'convert' })
    expect(missing.status).toBe(400)
    const made = await broker.browser.post(`/lead/${row!.id}`, { intent: 'convert', target: 'new' })
    expect(made.status).toBe(302)
    const clientId = /^\/client\/([0-9a-f-]{36})$/.exec(made.headers.get('Location') ?? '')?.[1]
    expect(clientId).toBeDefined()
    const [client] = await getDb().select().from(clients).where(eq(clients.id, clientId!))
    expect(client).toMatchObject({ fullName: 'Vera Nova', email: 'vera@example.com', source: 'Lead: Open house', notes: 'Loved the garden.', consentText: 'Keep me posted.', ownerId: scope.memberId })
    const shortlist = await getDb().select({ propertyId: clientListingItems.propertyId }).from(clientListingItems).where(eq(clientListingItems.clientId, clientId!))
    expect(shortlist).toEqual([{ propertyId }])
  })
})
