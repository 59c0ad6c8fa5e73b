import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { agencyMembers, leads } from '#db/schema.ts'
import { signInboundMail } from '#app/modules/leads/inbound-signature.server.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { findUser, ownerScopeOf } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { logs } from '#tests/support/setup-integration.ts'

/*
 * Issue 27: leads by mail over HTTP, through the built app on both drivers. The raw message is
 * posted as inbound-mail services post it, signed with the shared secret; bad or missing
 * signatures, other media types and oversized bodies are refused; each agency's inbound address
 * files the mail as its lead, with the property its reference code names; /leads and /lead/{id}
 * show it as text, and it can be discarded as spam.
 */

const SECRET = process.env.INBOUND_MAIL_SECRET ?? ''
const WEBHOOK = '/webhooks/inbound-mail'
const ADDRESS = /data-testid="lead-address"[^>]*>(leads\+[a-z2-7]{16}@leads\.example\.test)</
// The page's text as a reader meets it: React's separators between adjacent texts dropped.
const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '')

function mail(to: string, { from = 'Ana Silva <ana.silva@example.com>', subject = 'Enquiry', body = 'Name: Ana Silva\nMessage: Hello, is it still available?', headers = '' } = {}) {
  return [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: <${randomUUID()}@test.example>`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', ...(headers ? [headers] : []), '', body, ''].join('\r\n')
}

/** Posts a message as an inbound-mail service does: raw, signed over its UTF-8 bytes (as the request sends them). */
function post(raw: string, headers: Record<string, string> = {}) {
  return new TestBrowser().serverPost(WEBHOOK, raw, {
    'Content-Type': 'message/rfc822',
    'X-Inbound-Signature': signInboundMail(Buffer.from(raw), SECRET),
    ...headers,
  })
}

/** An owner whose /leads shows the agency's inbound address (made on first sight). */
async function agencyWithAddress(name: string) {
  const owner = await signedInBroker(name)
  const page = await owner.browser.get('/leads')
  expect(page.status).toBe(200)
  const address = ADDRESS.exec(await page.text())?.[1]
  if (!address) throw new Error('no inbound address on /leads')
  return { ...owner, address, scope: await ownerScopeOf(owner.email) }
}

const leadsOf = (agencyId: string) => getDb().select().from(leads).where(eq(leads.agencyId, agencyId))

let alpha: Awaited<ReturnType<typeof agencyWithAddress>>
let beta: Awaited<ReturnType<typeof agencyWithAddress>>

beforeAll(async () => {
  alpha = await agencyWithAddress('Alpha Owner')
  beta = await agencyWithAddress('Beta Owner')
})

describe('POST /webhooks/inbound-mail', () => {
  it('files a signed message as a lead of the agency its address names, once however often it is delivered', async () => {
    const raw = mail(alpha.address, { body: 'Name: Ana Silva\nEmail: ana.silva@example.com\nPhone: +351 912 345 678\nMessage: Hello, is the flat still available?' })
    const response = await post(raw)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true, created: 1, duplicates: 0, threaded: 0 })
    const again = await post(raw)
    expect(await again.json()).toEqual({ received: true, created: 0, duplicates: 1, threaded: 0 })
    const rows = (await leadsOf(alpha.scope.agencyId)).filter((lead) => lead.message === 'Hello, is the flat still available?')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      source: 'email',
      status: 'new',
      ownerId: null,
      contactName: 'Ana Silva',
      emailNormalized: 'ana.silva@example.com',
      phoneE164: '+351912345678',
      mailSubject: 'Enquiry',
    })
    expect(rows[0]?.rawMessage).toContain('Hello, is the flat still available?')
    expect(await leadsOf(beta.scope.agencyId)).toEqual([])
  })

  it('refuses a missing or wrong signature (401), another media type (415), a body past 10 MB (413) and GET (405)', async () => {
    const raw = mail(alpha.address, { subject: 'Refused ones' })
    expect((await post(raw, { 'X-Inbound-Signature': '' })).status).toBe(401)
    expect((await post(raw, { 'X-Inbound-Signature': signInboundMail(Buffer.from(raw), 'not-the-secret-at-all') })).status).toBe(401)
    expect((await post(raw, { 'X-Inbound-Signature': signInboundMail(Buffer.from(`${raw}tampered`), SECRET) })).status).toBe(401)
    expect((await post(raw, { 'Content-Type': 'application/json' })).status).toBe(415)
    expect((await post(raw, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    const huge = mail(alpha.address, { subject: 'Refused ones', body: 'x'.repeat(10 * 1024 * 1024 + 10) })
    expect((await post(huge)).status).toBe(413)
    expect((await new TestBrowser().get(WEBHOOK)).status).toBe(405)
    expect((await leadsOf(alpha.scope.agencyId)).filter((lead) => lead.mailSubject === 'Refused ones')).toEqual([])
  })

  it('accepts and drops a message for no known address (200, received: false)', async () => {
    const response = await post(mail('leads+aaaaaaaaaaaaaaaa@leads.example.test', { subject: 'Nobody here' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: false, reason: 'unknown-recipient' })
    const other = await post(mail('someone@example.com', { subject: 'Nobody here' }))
    expect(await other.json()).toEqual({ received: false, reason: 'unknown-recipient' })
    expect(logs.take((line) => line.msg === 'Inbound mail for no known address; dropped')).toHaveLength(2)
  })

  it('finds the envelope recipient of an automatic forward (Delivered-To) and files one lead per agency addressed', async () => {
    const response = await post(mail('broker@example.com', { subject: 'Both agencies', headers: `Delivered-To: ${alpha.address}\r\nCc: ${beta.address}` }))
    expect(await response.json()).toEqual({ received: true, created: 2, duplicates: 0, threaded: 0 })
    expect((await leadsOf(alpha.scope.agencyId)).filter((lead) => lead.mailSubject === 'Both agencies')).toHaveLength(1)
    expect((await leadsOf(beta.scope.agencyId)).filter((lead) => lead.mailSubject === 'Both agencies')).toHaveLength(1)
  })

  it('puts off a flood: past the hourly limit of an address the answer is 429 with Retry-After, and nothing is filed', async () => {
    const flooded = await agencyWithAddress('Flooded Owner')
    // The counter as 300 mails this hour would have left it (INBOUND_MAIL_PER_AGENCY_PER_HOUR).
    await getDb().execute(sql`insert into rate_limits (key, count, window_start) values (${`inbound-mail:agency:${flooded.scope.agencyId}`}, 300, now())`)
    const response = await post(mail(flooded.address, { subject: 'One too many' }))
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(3000)
    expect(await leadsOf(flooded.scope.agencyId)).toEqual([])
    expect(logs.take((line) => line.msg === 'Inbound mail refused: the agency address is over its hourly limit')).toHaveLength(1)
  })

  it("links the agency's property named by its reference code, never another agency's", async () => {
    const mine = await createPropertyVia(alpha.browser, { title: 'Alfama loft', referenceCode: 'ALF-2041' })
    await createPropertyVia(beta.browser, { title: 'Beta loft', referenceCode: 'BET-7001' })
    await post(mail(alpha.address, { subject: 'About Ref. alf-2041', body: 'Name: Rui\nMessage: Can I visit?' }))
    await post(mail(alpha.address, { subject: 'About Ref. BET-7001', body: 'Name: Rui\nMessage: And this one?' }))
    const rows = await leadsOf(alpha.scope.agencyId)
    expect(rows.find((lead) => lead.mailSubject === 'About Ref. alf-2041')?.propertyId).toBe(mine)
    expect(rows.find((lead) => lead.mailSubject === 'About Ref. BET-7001')?.propertyId).toBeNull()
    const page = await text(await alpha.browser.get('/leads'))
    expect(page).toContain('Alfama loft')
  })

  it('lands a hostile mail from the corpus, shown only as text on the lead page', async () => {
    const fixture = readFileSync(path.resolve('tests/fixtures/inbound-mail/07-html-hostile-script.eml'), 'utf8').replace(/^To: .*$/m, `To: ${alpha.address}`)
    const response = await post(fixture)
    expect(await response.json()).toMatchObject({ received: true, created: 1 })
    const [lead] = (await leadsOf(alpha.scope.agencyId)).filter((row) => row.contactName === 'Pedro Alves')
    expect(lead).toBeDefined()
    const html = await (await alpha.browser.get(`/lead/${lead!.id}?show=source`)).text()
    expect(html).toContain('Pedro Alves')
    // The raw source is on the page, escaped: its markup never reaches the document as markup.
    expect(html).toContain('&lt;script&gt;document.location')
    expect(html).not.toContain('<script>document.location')
    expect(html).not.toMatch(/<img[^>]*onerror/)
    expect(html).not.toContain('onload="alert')
  })
})

describe('/leads and /lead/{id}', () => {
  it('lists the agency\'s leads newest first with source, contact, excerpt and age; another agency sees none of them', async () => {
    await post(mail(alpha.address, { from: 'Marta <marta.first@example.com>', subject: 'First', body: 'Message: first one' }))
    await post(mail(alpha.address, { from: 'Marta <marta.second@example.com>', subject: 'Second', body: 'Message: second one' }))
    const page = await text(await alpha.browser.get('/leads'))
    expect(page).toContain('E-mail')
    expect(page.indexOf('second one')).toBeGreaterThan(-1)
    expect(page.indexOf('second one')).toBeLessThan(page.indexOf('first one'))
    expect(page).toMatch(/>just now</)
    const other = await text(await beta.browser.get('/leads'))
    expect(other).not.toContain('second one')
    const [lead] = (await leadsOf(alpha.scope.agencyId)).filter((row) => row.mailSubject === 'Second')
    expect((await beta.browser.get(`/lead/${lead!.id}`)).status).toBe(404)
    expect((await beta.browser.post(`/lead/${lead!.id}`, { intent: 'discard' })).status).toBe(404)
    expect((await alpha.browser.get(`/lead/${lead!.id}`)).status).toBe(200)
    expect((await alpha.browser.get('/lead/not-a-uuid')).status).toBe(404)
  })

  it('discards a lead as spam and brings it back, with the audit log saying who', async () => {
    await post(mail(alpha.address, { from: 'Spam <spam@example.com>', subject: 'Cheap pills', body: 'Buy now' }))
    const [lead] = (await leadsOf(alpha.scope.agencyId)).filter((row) => row.mailSubject === 'Cheap pills')
    const discarded = await alpha.browser.post(`/lead/${lead!.id}`, { intent: 'discard' })
    expect(discarded.status).toBe(302)
    expect(discarded.headers.get('Location')).toBe('/leads')
    const [after] = await getDb().select().from(leads).where(eq(leads.id, lead!.id))
    expect(after).toMatchObject({ status: 'discarded', discardedBy: alpha.scope.memberId })
    expect(await text(await alpha.browser.get('/leads'))).not.toContain('Cheap pills')
    expect(await text(await alpha.browser.get('/leads?view=discarded'))).toContain('Buy now')
    expect((await alpha.browser.post(`/lead/${lead!.id}`, { intent: 'restore' })).status).toBe(302)
    const [restored] = await getDb().select({ status: leads.status, discardedAt: leads.discardedAt }).from(leads).where(eq(leads.id, lead!.id))
    expect(restored).toEqual({ status: 'new', discardedAt: null })
    expect((await alpha.browser.post(`/lead/${lead!.id}`, { intent: 'explode' })).status).toBe(400)
    expect(await text(await alpha.browser.get('/agency/audit'))).toContain('Discarded the lead from Spam as spam')
  })

  it('changes the inbound address: the old one is dropped from then on, the new one files leads', async () => {
    const owner = await agencyWithAddress('Rotating Owner')
    const rotated = await owner.browser.post('/leads', { intent: 'rotate-address' })
    expect(rotated.status).toBe(302)
    const fresh = ADDRESS.exec(await (await owner.browser.get('/leads')).text())?.[1]
    expect(fresh).toBeDefined()
    expect(fresh).not.toBe(owner.address)
    expect(await (await post(mail(owner.address, { subject: 'Old address' }))).json()).toEqual({ received: false, reason: 'unknown-recipient' })
    expect(await (await post(mail(fresh!, { subject: 'New address' }))).json()).toMatchObject({ received: true, created: 1 })
    logs.take((line) => line.msg === 'Inbound mail for no known address; dropped')
  })

  it("shows an agent neither the address nor a colleague's lead, and lets them see and discard the agency's new leads", async () => {
    const agent = await signedInBroker('Agent Aurora')
    const agentId = (await findUser(agent.email)).id
    await getDb().insert(agencyMembers).values({ agencyId: alpha.scope.agencyId, userId: agentId, role: 'agent' })
    expect((await agent.browser.post('/agency', { intent: 'switch', agencyId: alpha.scope.agencyId })).status).toBe(302)
    await post(mail(alpha.address, { subject: 'For the team', body: 'Message: anyone?' }))
    await post(mail(alpha.address, { subject: 'For the owner', body: 'Message: owner only' }))
    const [owned] = (await leadsOf(alpha.scope.agencyId)).filter((row) => row.mailSubject === 'For the owner')
    await getDb().update(leads).set({ ownerId: alpha.scope.memberId, status: 'claimed', claimedAt: new Date() }).where(eq(leads.id, owned!.id))
    const page = await text(await agent.browser.get('/leads'))
    expect(page).not.toContain('data-testid="lead-address"')
    expect(page).toContain('anyone?')
    expect(page).not.toContain('owner only')
    expect((await agent.browser.get(`/lead/${owned!.id}`)).status).toBe(404)
    expect((await agent.browser.post('/leads', { intent: 'rotate-address' })).status).toBe(403)
    const [team] = (await leadsOf(alpha.scope.agencyId)).filter((row) => row.mailSubject === 'For the team')
    expect((await agent.browser.post(`/lead/${team!.id}`, { intent: 'discard' })).status).toBe(302)
    await getDb().delete(agencyMembers).where(and(eq(agencyMembers.agencyId, alpha.scope.agencyId), eq(agencyMembers.userId, agentId)))
  })
})
