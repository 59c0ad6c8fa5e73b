import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { runClientAlerts } from '#app/modules/alerts/run.server.ts'
import { deliverMail } from '#app/modules/mail/delivery.server.ts'
import type { MailRequest } from '#app/modules/mail/message.ts'
import { signedInBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'
import { findUser } from '#tests/support/db.ts'
import { collectTables } from '#app/modules/exports/archive.server.ts'
import { ALERT_QUEUE } from '#app/modules/alerts/settings.ts'
import { queryRows } from '#db/client.server.ts'
import { sql } from 'drizzle-orm'

const HOUR_MS = 3_600_000

/** Runs the job as the cron would, keeping the mails it queues (the mail queue is tested elsewhere). */
async function runAt(now: Date) {
  const sent: MailRequest[] = []
  await runClientAlerts({ now, send: async (mails) => void sent.push(...mails) })
  return sent
}

const to = (mails: MailRequest[], email: string) => mails.filter((m) => m.to === email)

/** A broker and a buyer who wants a flat for sale in Lisbon up to €300,000 with 2+ bedrooms. */
async function brokerWithBuyer({ optIn = true } = {}) {
  const { browser, email: brokerEmail } = await signedInBroker('Alma Alerts')
  const clientEmail = uniqueEmail('buyer')
  const clientId = await createClientVia(browser, {
    fullName: 'Bruno Buyer',
    email: clientEmail,
    wantedPurpose: 'sale',
    budgetMax: '300000',
    budgetCurrency: 'EUR',
    wantedPlaces: 'Lisbon',
    minBedrooms: '2',
  })
  if (optIn) {
    const on = await browser.post(`/client/${clientId}`, { intent: 'alerts-on', consent: 'yes' })
    expect(on.status).toBe(302)
  }
  return { browser, brokerEmail, clientId, clientEmail }
}

/** The alert page's share id and the unsubscribe token, from the mail's links. */
function linksOf(mail: MailRequest) {
  const page = /\/alerts\/([A-Za-z0-9_-]{22})/.exec(mail.action?.url ?? '')?.[0]
  const unsubscribe = /\/unsubscribe\/[A-Za-z0-9_-]{43}/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[0]
  if (!page || !unsubscribe) throw new Error(`links missing in ${JSON.stringify(mail)}`)
  return { page, unsubscribe }
}

describe('client alerts', () => {
  it('needs the broker to confirm consent, and shows who turned alerts on', async () => {
    const { browser, clientId } = await brokerWithBuyer({ optIn: false })
    const refused = await browser.post(`/client/${clientId}`, { intent: 'alerts-on' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Confirm that the client agreed to receive alerts.')
    expect(await (await browser.get(`/client/${clientId}`)).text()).toContain('Off. The client gets no e-mail about new properties.')
    expect((await browser.post(`/client/${clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
    const page = await (await browser.get(`/client/${clientId}`)).text()
    expect(page).toMatch(/<strong>On<\/strong>: turned on <time [^>]*>[^<]+<\/time>, confirmed by Alma Alerts\./)
  })

  it('mails a fitting property once, never one in another city, and nothing more the same day', async () => {
    const { browser, clientEmail } = await brokerWithBuyer()
    await createPropertyVia(browser, { title: 'Graça flat', price: '280000', city: 'Lisbon', bedrooms: '2' })
    await createPropertyVia(browser, { title: 'Porto flat', price: '200000', city: 'Porto', bedrooms: '3' })
    await createPropertyVia(browser, { title: 'Lisbon studio', price: '150000', city: 'Lisbon', bedrooms: '0' })

    const first = to(await runAt(new Date()), clientEmail)
    expect(first).toHaveLength(1)
    const text = first[0]!.paragraphs.join('\n')
    expect(text).toContain('New: Graça flat, Lisbon — €280,000')
    expect(text).not.toContain('Porto flat')
    expect(text).not.toContain('Lisbon studio')

    // Another fitting property the same day: recorded, but the client's mail waits a day.
    await createPropertyVia(browser, { title: 'Estrela flat', price: '290000', city: 'lisboa', area: 'Lisbon', bedrooms: '2' })
    expect(to(await runAt(new Date(Date.now() + 2 * HOUR_MS)), clientEmail)).toEqual([])
    const nextDay = to(await runAt(new Date(Date.now() + 24 * HOUR_MS)), clientEmail)
    expect(nextDay).toHaveLength(1)
    const nextText = nextDay[0]!.paragraphs.join('\n')
    expect(nextText).toContain('Estrela flat')
    expect(nextText).not.toContain('Graça flat')
    // And never again for the same reason.
    expect(to(await runAt(new Date(Date.now() + 72 * HOUR_MS)), clientEmail)).toEqual([])
  })

  it('a property save queues a run of its own broker’s clients only; the cron’s sweep covers every broker', async () => {
    const alma = await brokerWithBuyer()
    const other = await brokerWithBuyer()
    await createPropertyVia(alma.browser, { title: 'Anjos flat', price: '250000', city: 'Lisbon', bedrooms: '2' })
    await createPropertyVia(other.browser, { title: 'Campo flat', price: '260000', city: 'Lisbon', bedrooms: '2' })
    const almaId = (await findUser(alma.brokerEmail)).id
    const otherId = (await findUser(other.brokerEmail)).id

    // Each save queued a run naming its broker, one per broker however many saves.
    const queued = await queryRows<{ owner: string }>(
      sql`select data->>'ownerId' as owner from pgboss.job where name = ${ALERT_QUEUE} and data->>'ownerId' in (${almaId}, ${otherId})`,
    )
    expect(queued.map((row) => row.owner).sort()).toEqual([almaId, otherId].sort())

    // Alma's run: her client hears of her listing; the other broker's client waits.
    const almaRun = await runClientAlerts({ ownerId: almaId, send: async () => {} })
    expect(to(almaRun.mails, alma.clientEmail)).toHaveLength(1)
    expect(to(almaRun.mails, other.clientEmail)).toEqual([])
    expect(almaRun.mails.every((mail) => !mail.paragraphs.join('\n').includes('Campo flat'))).toBe(true)

    // The sweep: the other broker's client now, and nothing twice for Alma's.
    const sweep = await runAt(new Date())
    expect(to(sweep, other.clientEmail)).toHaveLength(1)
    expect(to(sweep, other.clientEmail)[0]!.paragraphs.join('\n')).toContain('Campo flat')
    expect(to(sweep, alma.clientEmail)).toEqual([])
  })

  it('reads "was X, now Y" after a price drop, once per drop', async () => {
    const { browser, clientEmail } = await brokerWithBuyer()
    const id = await createPropertyVia(browser, { title: 'Campo flat', price: '320000', city: 'Lisbon', bedrooms: '2' })
    expect(to(await runAt(new Date()), clientEmail)).toEqual([]) // over budget
    const saved = await browser.post(`/property/${id}/edit`, propertyForm({ title: 'Campo flat', price: '295000', city: 'Lisbon', bedrooms: '2' }))
    expect(saved.status).toBe(302)
    const [mail] = to(await runAt(new Date()), clientEmail)
    expect(mail!.paragraphs.join('\n')).toContain('Price drop: Campo flat, Lisbon — was €320,000, now €295,000')
    expect(mail!.subject).toBe('Price drop on 1 property for you')
    // Saving the same price again is no news; a second drop is.
    await browser.post(`/property/${id}/edit`, propertyForm({ title: 'Campo flat', price: '295000', city: 'Lisbon', bedrooms: '2', description: 'Repainted.' }))
    expect(to(await runAt(new Date(Date.now() + 25 * HOUR_MS)), clientEmail)).toEqual([])
    await browser.post(`/property/${id}/edit`, propertyForm({ title: 'Campo flat', price: '285000', city: 'Lisbon', bedrooms: '2' }))
    const [again] = to(await runAt(new Date(Date.now() + 50 * HOUR_MS)), clientEmail)
    expect(again!.paragraphs.join('\n')).toContain('was €295,000, now €285,000')
  })

  it('sends nothing to clients who did not opt in, or whose broker turned alerts off', async () => {
    const { browser, clientEmail } = await brokerWithBuyer({ optIn: false })
    const other = await createClientVia(browser, { fullName: 'Olga Off', email: uniqueEmail('off'), wantedPlaces: 'Lisbon' })
    expect((await browser.post(`/client/${other}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
    expect((await browser.post(`/client/${other}`, { intent: 'alerts-off' })).status).toBe(302)
    await createPropertyVia(browser, { title: 'Alfama flat', price: '250000', city: 'Lisbon', bedrooms: '2' })
    const mails = await runAt(new Date())
    expect(to(mails, clientEmail)).toEqual([])
    expect(mails.filter((m) => m.paragraphs.join(' ').includes('Olga Off'))).toEqual([])
    expect(await (await browser.get(`/client/${other}`)).text()).toMatch(/Off: turned off <time /)
  })

  it('carries RFC 8058 headers; a GET only asks, the provider’s one-click POST unsubscribes, and no mail follows', async () => {
    const { browser, clientId, clientEmail } = await brokerWithBuyer()
    await createPropertyVia(browser, { title: 'Baixa flat', price: '260000', city: 'Lisbon', bedrooms: '2' })
    const [mail] = to(await runAt(new Date()), clientEmail)
    const { unsubscribe } = linksOf(mail!)
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/[^>]+\/unsubscribe\/[A-Za-z0-9_-]{43}>, <mailto:[^>]+\?subject=unsubscribe%20[A-Za-z0-9_-]{43}>$/)
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail!.paragraphs.join('\n')).toContain(`Unsubscribe: `)

    // The headers reach the wire (the outbox transport writes the .eml a mail server would get).
    await deliverMail(mail!)
    const outbox = path.resolve(process.env.DATA_DIR!, 'outbox')
    let wire = ''
    for (const name of await readdir(outbox)) {
      const raw = await readFile(path.join(outbox, name), 'utf8')
      if (raw.includes(clientEmail)) wire = raw
    }
    const parsed = await simpleParser(wire)
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe(clientEmail)
    const head = wire.slice(0, wire.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ')
    expect(head).toContain('\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n')
    expect(head).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/unsubscribe\/[A-Za-z0-9_-]{43}>, <mailto:/m)

    // A mail scanner's GET changes nothing.
    const stranger = new TestBrowser()
    const asked = await stranger.get(unsubscribe)
    expect(asked.status).toBe(200)
    expect(await asked.text()).toContain('Stop the e-mails about new properties')
    expect(await (await browser.get(`/client/${clientId}`)).text()).toMatch(/<strong>On<\/strong>/)

    // The provider's one-click POST from its own server: no cookie, no Origin, no CSRF token, the
    // RFC's body (sent here as text/plain: the body is not read, the token in the path decides).
    const posted = await stranger.serverPost(unsubscribe, 'List-Unsubscribe=One-Click')
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('You are unsubscribed.')
    expect(await (await browser.get(`/client/${clientId}`)).text()).toContain('Unsubscribed by the client')
    // A mail client may post from anywhere: another Origin is answered the same, without React
    // Router's own origin check (a 400 and a logged stack; setup-integration fails on console.error).
    const elsewhere: Record<string, string>[] = [
      { Origin: 'https://mail.example.net', 'Content-Type': 'application/x-www-form-urlencoded' },
      { Origin: 'https://mail.example.net', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' },
      { Origin: 'null' },
    ]
    for (const headers of elsewhere) {
      const fromElsewhere = await stranger.serverPost(unsubscribe, 'List-Unsubscribe=One-Click', headers)
      expect(fromElsewhere.status, JSON.stringify(headers)).toBe(200)
      expect(await fromElsewhere.text()).toContain('You are unsubscribed.')
    }

    await createPropertyVia(browser, { title: 'Chiado flat', price: '270000', city: 'Lisbon', bedrooms: '2' })
    expect(to(await runAt(new Date(Date.now() + 25 * HOUR_MS)), clientEmail)).toEqual([])
    // An unknown token is a 404 either way.
    expect((await stranger.get(`/unsubscribe/${'x'.repeat(43)}`)).status).toBe(404)
  })

  it('opens a zero-JavaScript page where a tap on Interested reaches the broker like shortlist feedback', async () => {
    const { browser, clientId, clientEmail } = await brokerWithBuyer()
    const propertyId = await createPropertyVia(browser, { title: 'Lapa flat', price: '240000', city: 'Lisbon', bedrooms: '2' })
    const [mail] = to(await runAt(new Date()), clientEmail)
    const { page } = linksOf(mail!)
    const client = new TestBrowser()
    const html = await (await client.get(page)).text()
    expect(html).toContain('Lapa flat')
    expect(html).not.toContain('<script')
    const tapped = await client.post(page, { propertyId, reaction: 'interested', comment: '' })
    expect(tapped.status).toBe(303)
    expect(tapped.headers.get('Location')).toBe(`${page}#property-${propertyId}`)
    expect(await (await client.get(page)).text()).toContain('Your answer: Interested.')
    // The broker sees it in the client's activity, where shortlist reactions appear.
    expect(await (await browser.get(`/client/${clientId}`)).text()).toContain('Bruno Buyer: Interested in Lapa flat')
    // A property that was not mailed to this client cannot be reacted to.
    const other = await createPropertyVia(browser, { title: 'Far flat', city: 'Faro' })
    expect((await client.post(page, { propertyId: other, reaction: 'interested', comment: '' })).status).toBe(404)
  })

  it('is in "Export my data", without the client’s unsubscribe token', async () => {
    const { browser, brokerEmail, clientId, clientEmail } = await brokerWithBuyer()
    const propertyId = await createPropertyVia(browser, { title: 'Export flat', price: '250000', city: 'Lisbon', bedrooms: '2' })
    const [mail] = to(await runAt(new Date()), clientEmail)
    const { unsubscribe } = linksOf(mail!)
    const { id: brokerId } = await findUser(brokerEmail)
    const tables = await collectTables(brokerId)
    expect(tables.client_alerts?.map((row) => row.clientId)).toEqual([clientId])
    expect(tables.alert_matches?.map((row) => [row.propertyId, row.reason])).toEqual([[propertyId, 'new']])
    expect(JSON.stringify(tables)).not.toContain(unsubscribe.split('/').pop()!)
  })

  it('answers 404 for foreign ids and unknown pages', async () => {
    const { clientId } = await brokerWithBuyer()
    const { browser: intruder } = await signedInBroker('Ivo Intruder')
    expect((await intruder.post(`/client/${clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(404)
    expect((await intruder.post(`/client/${clientId}`, { intent: 'alerts-off' })).status).toBe(404)
    expect((await intruder.get(`/alerts/${'A'.repeat(22)}`)).status).toBe(404)
  })
})
