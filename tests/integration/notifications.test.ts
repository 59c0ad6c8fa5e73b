import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { dataExports, notifications, viewings } from '#db/schema.ts'
import { runClientAlerts } from '#app/modules/alerts/run.server.ts'
import { runDataExportJob } from '#app/modules/exports/data-exports.server.ts'
import { pruneOldNotifications, recordNotifications, NOTIFICATIONS_PAGE_SIZE } from '#app/modules/notifications/notifications.server.ts'
import { signedInBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { scheduleViewingVia } from '#tests/support/agenda.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { addClient, createShare } from '#tests/support/share-world.ts'

/** The header's unread badge as the server renders it: the number, or null when there is none. */
async function unreadBadge(browser: TestBrowser, page = '/home') {
  const html = await (await browser.get(page)).text()
  return /data-testid="unread-count"[^>]*>([^<]+)</.exec(html)?.[1] ?? null
}

const unreadRows = (ownerId: string) =>
  getDb().select().from(notifications).where(and(eq(notifications.ownerId, ownerId), isNull(notifications.readAt)))

/** A broker with a client whose shortlist holds one property, shared; and the client's browser. */
async function brokerWithSharedShortlist(name: string) {
  const { browser, email } = await signedInBroker(name)
  const ownerId = (await findUser(email)).id
  const propertyId = await createPropertyVia(browser, { title: `${name} loft` })
  const clientId = await addClient(ownerId, 'Marta Silva')
  expect((await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })).status).toBe(302)
  const shareId = await createShare(browser, 'client_listing', clientId)
  return { browser, ownerId, propertyId, clientId, sharePath: `/client-listing/${shareId}` }
}

describe('notifications', () => {
  it("a client's reaction and comment notify their broker only: counted with the session, marked read when shown", async () => {
    const alma = await brokerWithSharedShortlist('Alma Owner')
    const bea = await brokerWithSharedShortlist('Bea Other')
    expect(await unreadBadge(alma.browser)).toBeNull()

    const client = new TestBrowser()
    const reacted = await client.post(alma.sharePath, { propertyId: alma.propertyId, reaction: 'interested', comment: 'Is the terrace south-facing?' })
    expect(reacted.status).toBe(303)
    expect((await client.post(alma.sharePath, { propertyId: alma.propertyId, reaction: 'not_for_me', comment: '' })).status).toBe(303)

    // Alma's header counts both, on any page; Bea's counts none of them.
    expect(await unreadBadge(alma.browser)).toBe('2')
    expect(await unreadBadge(alma.browser, '/properties')).toBe('2')
    expect(await unreadBadge(bea.browser)).toBeNull()
    const beaPage = await (await bea.browser.get('/notifications')).text()
    expect(beaPage).toContain('No notifications yet')
    expect(beaPage).not.toContain('Alma Owner loft')
    expect(await unreadRows(alma.ownerId)).toHaveLength(2)

    // Shown once with "New" and linked to the shortlist; read from then on.
    const shown = await alma.browser.get('/notifications')
    expect(shown.status).toBe(200)
    const html = (await shown.text()).replace(/&#x27;/g, "'")
    expect(html).toContain('Marta Silva: Interested in Alma Owner loft')
    expect(html).toContain('Marta Silva: Not interested in Alma Owner loft')
    expect(html).toContain('“Is the terrace south-facing?”')
    expect(html).toContain(`href="/client/${alma.clientId}/listing"`)
    expect(html.match(/>New</g)).toHaveLength(2)
    // The header on that very page already counts them read.
    expect(html).not.toContain('data-testid="unread-count"')
    expect(await unreadRows(alma.ownerId)).toHaveLength(0)
    expect(await unreadBadge(alma.browser)).toBeNull()
    const again = await (await alma.browser.get('/notifications')).text()
    expect(again).toContain('Marta Silva: Interested in Alma Owner loft')
    expect(again).not.toContain('>New<')
  })

  it('feedback after a viewing notifies the broker, linked to the viewing', async () => {
    const { browser, email } = await signedInBroker('Vera Viewing')
    const ownerId = (await findUser(email)).id
    const propertyId = await createPropertyVia(browser, { title: 'Graça terrace' })
    const clientId = await createClientVia(browser, { fullName: 'Rui Rating' })
    const viewingId = await scheduleViewingVia(browser, propertyId, clientId, { date: '2024-03-14' })
    expect((await browser.post(`/viewing/${viewingId}`, { intent: 'status', status: 'done' })).status).toBe(302)
    const [done] = await getDb().select({ token: viewings.feedbackToken }).from(viewings).where(eq(viewings.id, viewingId))
    expect((await new TestBrowser().post(`/viewing-feedback/${done!.token}`, { rating: '4', comment: 'Bright, but noisy street.' })).status).toBe(302)

    const [row] = await unreadRows(ownerId)
    expect(row).toMatchObject({ kind: 'viewing_feedback', href: `/viewing/${viewingId}`, detail: 'Bright, but noisy street.' })
    expect(row!.summary).toBe('Rui Rating rated the viewing of Graça terrace 4/5')
    expect(await unreadBadge(browser)).toBe('1')
  })

  it('an alert e-mail sent to a client and a data export made ready notify the broker', async () => {
    const { browser, email } = await signedInBroker('Nora Notified')
    const ownerId = (await findUser(email)).id
    const clientId = await createClientVia(browser, {
      fullName: 'Bruno Buyer',
      email: uniqueEmail('buyer'),
      wantedPurpose: 'sale',
      budgetMax: '300000',
      budgetCurrency: 'EUR',
      wantedPlaces: 'Lisbon',
      minBedrooms: '2',
    })
    expect((await browser.post(`/client/${clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
    await createPropertyVia(browser, { title: 'Estrela flat', price: '280000', city: 'Lisbon', bedrooms: '2' })
    await createPropertyVia(browser, { title: 'Anjos flat', price: '250000', city: 'Lisbon', bedrooms: '3' })
    const run = await runClientAlerts({ ownerId, send: async () => {} })
    expect(run.mails).toHaveLength(1)

    const [alert] = await unreadRows(ownerId)
    expect(alert).toMatchObject({ kind: 'alert_sent', summary: 'Alert e-mail sent to Bruno Buyer with 2 listings', href: `/client/${clientId}` })
    expect(alert!.detail.split(' · ').sort()).toEqual(['Anjos flat', 'Estrela flat'])

    // An export prepared in the background (as for a large account): its job says it is ready.
    const [pending] = await getDb()
      .insert(dataExports)
      .values({ ownerId, storageKey: `exports/${ownerId}/${randomBytes(16).toString('hex')}.zip` })
      .returning({ id: dataExports.id })
    await runDataExportJob({ exportId: pending!.id })
    const rows = await unreadRows(ownerId)
    expect(rows.map((row) => row.kind).sort()).toEqual(['alert_sent', 'export_ready'])
    expect(rows.find((row) => row.kind === 'export_ready')).toMatchObject({ summary: 'Your data export is ready to download', href: '/profile/data' })
    // Run again: nothing new is sent, nothing new is said.
    await runClientAlerts({ ownerId, send: async () => {} })
    await runDataExportJob({ exportId: pending!.id })
    expect(await unreadRows(ownerId)).toHaveLength(2)
    expect(await unreadBadge(browser)).toBe('2')
  })

  it('counts up to 99+, shows a page at a time and marks all read on request, for this broker only', async () => {
    const { browser, email } = await signedInBroker('Petra Pages')
    const ownerId = (await findUser(email)).id
    const other = await signedInBroker('Otto Other')
    const otherId = (await findUser(other.email)).id
    const many = Array.from({ length: 120 }, (_, i) => ({ ownerId, kind: 'client_feedback' as const, summary: `Reaction ${i}`, href: '/clients' }))
    await getDb().transaction((tx) => recordNotifications(tx, [...many, { ownerId: otherId, kind: 'export_ready', summary: 'Otto export', href: '/profile/data' }]))

    expect(await unreadBadge(browser)).toBe('99+')
    const first = await (await browser.get('/notifications')).text()
    expect(first.match(/>New</g)).toHaveLength(NOTIFICATIONS_PAGE_SIZE)
    expect(first).toContain('href="/notifications?page=2"')
    expect(first).toContain('Mark all as read')
    expect(await unreadRows(ownerId)).toHaveLength(120 - NOTIFICATIONS_PAGE_SIZE)
    // Page 2 marks its own.
    expect((await (await browser.get('/notifications?page=2')).text()).match(/>New</g)).toHaveLength(NOTIFICATIONS_PAGE_SIZE)
    expect(await unreadRows(ownerId)).toHaveLength(120 - 2 * NOTIFICATIONS_PAGE_SIZE)

    const marked = await browser.post('/notifications', { intent: 'mark-all-read' })
    expect(marked.status).toBe(302)
    expect(marked.headers.get('Location')).toBe('/notifications')
    expect(await unreadRows(ownerId)).toHaveLength(0)
    expect(await unreadBadge(browser)).toBeNull()
    expect((await browser.post('/notifications', { intent: 'drop-tables' })).status).toBe(400)
    // Otto's stays unread: neither the pages nor the button touched it.
    expect(await unreadRows(otherId)).toHaveLength(1)
    expect(await unreadBadge(other.browser)).toBe('1')
    // A page number that is not one is the first page.
    expect((await browser.get('/notifications?page=abc')).status).toBe(200)
  })

  it('housekeeping deletes read notifications after 90 days and unread ones after a year, nothing newer', async () => {
    const { email } = await signedInBroker('Hana Housekeeping')
    const ownerId = (await findUser(email)).id
    const now = new Date('2026-11-25T12:00:00Z')
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
    const rows = [
      { summary: 'read 91 days ago', createdAt: daysAgo(91), readAt: daysAgo(90) },
      { summary: 'read 89 days ago', createdAt: daysAgo(89), readAt: daysAgo(88) },
      { summary: 'unread 200 days', createdAt: daysAgo(200), readAt: null },
      { summary: 'unread 366 days', createdAt: daysAgo(366), readAt: null },
    ]
    await getDb().insert(notifications).values(rows.map((row) => ({ ...row, ownerId, kind: 'client_feedback' as const, href: '/clients' })))
    expect(await pruneOldNotifications(now)).toBeGreaterThanOrEqual(2)
    const left = await getDb().select({ summary: notifications.summary }).from(notifications).where(eq(notifications.ownerId, ownerId))
    expect(left.map((row) => row.summary).sort()).toEqual(['read 89 days ago', 'unread 200 days'])
  })
})
