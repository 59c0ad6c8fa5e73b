import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clientListingItems, clients, properties } from '#db/schema.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { inputTag } from '#tests/support/html.ts'

/** A form post with repeated fields (the ticked `ids`), as a browser sends a bulk form. */
function postPairs(browser: TestBrowser, path: string, pairs: [string, string][]) {
  return browser.raw(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(pairs).toString(),
  })
}
const ticked = (ids: string[]) => ids.map((id): [string, string] => ['ids', id])

async function brokerWithListings(count = 3) {
  const { browser, email } = await signedInBroker()
  const ids: string[] = []
  for (let i = 0; i < count; i++) ids.push(await createPropertyVia(browser, { title: `Listing ${i + 1}`, status: 'active', referenceCode: `BULK-${i + 1}` }))
  return { browser, email, ids }
}

const statusOf = async (ids: string[]) =>
  (await getDb().select({ id: properties.id, status: properties.status }).from(properties).where(inArray(properties.id, ids))).reduce<Record<string, string>>((all, r) => ({ ...all, [r.id]: r.status }), {})

/** The toast the page after a redirect shows. */
async function toastAfter(browser: TestBrowser, response: Response) {
  expect(response.status).toBe(302)
  return (await browser.get(response.headers.get('Location')!)).text()
}

describe('bulk actions on /properties', () => {
  it('draws a checkbox per row tied to the bulk form, and the bar with its actions', async () => {
    const { browser, ids } = await brokerWithListings(2)
    const html = await (await browser.get('/properties')).text()
    for (const id of ids) expect(inputTag(html, { type: 'checkbox', name: 'ids', value: id, form: 'bulk-properties' })).toMatchObject({ checked: false })
    const form = /<form\b[^>]* id="bulk-properties"[^>]*>/.exec(html)?.[0] ?? ''
    expect(form).toContain(' method="post"')
    expect(form).toContain(' action="/properties"')
    for (const text of ['With the selected properties', 'Set status', 'Add to a shortlist…', 'Export CSV', 'Delete…']) expect(html).toContain(text)
  })

  it('sets one status on the ticked properties in one go, back on the filtered list', async () => {
    const { browser, ids } = await brokerWithListings()
    const response = await postPairs(browser, '/properties?status=active', [['intent', 'bulk-status'], ['status', 'under_offer'], ...ticked(ids.slice(0, 2))])
    expect(response.headers.get('Location')).toBe('/properties?status=active')
    expect(await toastAfter(browser, response)).toContain('Set 2 properties to Under offer.')
    expect(await statusOf(ids)).toEqual({ [ids[0]!]: 'under_offer', [ids[1]!]: 'under_offer', [ids[2]!]: 'active' })
    const again = await postPairs(browser, '/properties', [['intent', 'bulk-status'], ['status', 'under_offer'], ...ticked(ids)])
    expect(await toastAfter(browser, again)).toContain('Set 1 property to Under offer. 2 properties already had it.')
  })

  it('skips another broker’s ids, answers 404 when none is the broker’s, 400 for none, too many or no status', async () => {
    const mine = await brokerWithListings(1)
    const theirs = await brokerWithListings(1)
    const mixed = await postPairs(mine.browser, '/properties', [['intent', 'bulk-status'], ['status', 'sold'], ...ticked([mine.ids[0]!, theirs.ids[0]!, 'not-an-id'])])
    expect(await toastAfter(mine.browser, mixed)).toContain('Set 1 property to Sold.')
    expect(await statusOf([mine.ids[0]!, theirs.ids[0]!])).toEqual({ [mine.ids[0]!]: 'sold', [theirs.ids[0]!]: 'active' })

    expect((await postPairs(mine.browser, '/properties', [['intent', 'bulk-status'], ['status', 'sold'], ...ticked(theirs.ids)])).status).toBe(404)
    expect((await postPairs(mine.browser, '/properties', [['intent', 'bulk-delete-confirmed'], ...ticked(theirs.ids)])).status).toBe(404)
    expect(await statusOf(theirs.ids)).toEqual({ [theirs.ids[0]!]: 'active' })

    const none = await postPairs(mine.browser, '/properties', [['intent', 'bulk-status'], ['status', 'sold']])
    expect(none.status).toBe(400)
    expect(await none.text()).toContain('Select at least one of the properties first.')
    const many = Array.from({ length: 101 }, () => crypto.randomUUID())
    const tooMany = await postPairs(mine.browser, '/properties', [['intent', 'bulk-status'], ['status', 'sold'], ...ticked(many)])
    expect(tooMany.status).toBe(400)
    expect(await tooMany.text()).toContain('Select at most 100 properties at a time.')
    const noStatus = await postPairs(mine.browser, '/properties', [['intent', 'bulk-status'], ['status', 'vanished'], ...ticked(mine.ids)])
    expect(noStatus.status).toBe(400)
    const page = await noStatus.text()
    expect(page).toContain('Choose one of the statuses listed.')
    // The ticked rows stay ticked on the refused page.
    expect(inputTag(page, { name: 'ids', value: mine.ids[0]!, form: 'bulk-properties' })).toMatchObject({ checked: true })
    expect((await postPairs(mine.browser, '/properties', [['intent', 'bulk-dance'], ...ticked(mine.ids)])).status).toBe(400)
  })

  it('adds the ticked properties to a client’s shortlist after asking which client', async () => {
    const { browser, ids } = await brokerWithListings()
    const clientId = await createClientVia(browser, { fullName: 'Ana Lima' })
    const step = await postPairs(browser, '/properties', [['intent', 'bulk-shortlist'], ...ticked(ids.slice(0, 2))])
    expect(step.status).toBe(200)
    const html = await step.text()
    expect(html).toContain('Add 2 properties to a client&#x27;s shortlist')
    expect(html).toContain(`<option value="${clientId}">Ana Lima</option>`)
    for (const id of ids.slice(0, 2)) expect(inputTag(html, { type: 'hidden', name: 'ids', value: id })).not.toBeNull()

    const added = await postPairs(browser, '/properties', [['intent', 'bulk-shortlist'], ['clientId', clientId], ...ticked(ids.slice(0, 2))])
    expect(await toastAfter(browser, added)).toContain('Added 2 properties to the shortlist of Ana Lima.')
    const again = await postPairs(browser, '/properties', [['intent', 'bulk-shortlist'], ['clientId', clientId], ...ticked(ids)])
    expect(await toastAfter(browser, again)).toContain('Added 1 property to the shortlist of Ana Lima. 2 were already on it.')
    const items = await getDb().select({ propertyId: clientListingItems.propertyId, position: clientListingItems.position }).from(clientListingItems).where(eq(clientListingItems.clientId, clientId)).orderBy(asc(clientListingItems.position))
    expect(items).toEqual(ids.map((propertyId, position) => ({ propertyId, position })))

    // Another broker's client is a 404, and nothing is added.
    const { browser: stranger } = await signedInBroker()
    const theirClient = await createClientVia(stranger, { fullName: 'Not Yours' })
    expect((await postPairs(browser, '/properties', [['intent', 'bulk-shortlist'], ['clientId', theirClient], ...ticked(ids)])).status).toBe(404)
    expect(await getDb().select().from(clientListingItems).where(eq(clientListingItems.clientId, theirClient))).toEqual([])
  })

  it('exports exactly the ticked properties as CSV', async () => {
    const { browser, ids } = await brokerWithListings()
    const response = await postPairs(browser, '/properties', [['intent', 'bulk-export'], ...ticked([ids[0]!, ids[2]!])])
    expect(response.status).toBe(302)
    const location = response.headers.get('Location')!
    expect(location).toBe(`/properties/export.csv?ids=${ids[0]},${ids[2]}`)
    const csv = await browser.get(location)
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="properties-selected-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = await csv.text()
    expect(text).toContain('BULK-1')
    expect(text).toContain('BULK-3')
    expect(text).not.toContain('BULK-2')
    // Another broker's id in the address exports nothing of theirs; a malformed list is a 400.
    const theirs = await brokerWithListings(1)
    expect(await (await browser.get(`/properties/export.csv?ids=${theirs.ids[0]}`)).text()).not.toContain('BULK-1')
    expect((await browser.get('/properties/export.csv?ids=nope')).status).toBe(400)
  })

  it('moves the ticked properties to the trash only after a confirmation step', async () => {
    const { browser, ids } = await brokerWithListings()
    const step = await postPairs(browser, '/properties', [['intent', 'bulk-delete'], ...ticked(ids.slice(0, 2))])
    expect(step.status).toBe(200)
    const html = await step.text()
    expect(html).toContain('Move 2 properties to the trash?')
    expect(html).toContain('<li>Listing 1</li>')
    expect(html).toContain('value="bulk-delete-confirmed"')
    expect(await getDb().select({ id: properties.id }).from(properties).where(inArray(properties.id, ids))).toHaveLength(3)

    const confirmed = await postPairs(browser, '/properties', [['intent', 'bulk-delete-confirmed'], ...ticked(ids.slice(0, 2))])
    expect(await toastAfter(browser, confirmed)).toContain('Moved 2 properties to the trash. Restore them from the Trash within 30 days.')
    // Deleted means in the trash (deleted_at set): only the unticked one is still live.
    expect((await getDb().select({ id: properties.id }).from(properties).where(and(inArray(properties.id, ids), isNull(properties.deletedAt)))).map((r) => r.id)).toEqual([ids[2]])
  })
})

describe('bulk actions on /clients', () => {
  it('sets one stage on the ticked clients, skipping others’, and exports them as CSV and vCard', async () => {
    const { browser } = await signedInBroker()
    const a = await createClientVia(browser, { fullName: 'Ana Lima', email: 'ana@example.com' })
    const b = await createClientVia(browser, { fullName: 'Bruno Dias', email: 'bruno@example.com' })
    const c = await createClientVia(browser, { fullName: 'Carla Reis', email: 'carla@example.com' })
    const { browser: stranger } = await signedInBroker()
    const theirs = await createClientVia(stranger, { fullName: 'Not Yours' })

    const html = await (await browser.get('/clients')).text()
    expect(inputTag(html, { type: 'checkbox', name: 'ids', value: a, form: 'bulk-clients' })).not.toBeNull()
    const response = await postPairs(browser, '/clients?kind=buyer', [['intent', 'bulk-stage'], ['stage', 'contacted'], ...ticked([a, b, theirs])])
    expect(response.headers.get('Location')).toBe('/clients?kind=buyer')
    expect(await toastAfter(browser, response)).toContain('Set 2 clients to Contacted.')
    const stages = await getDb().select({ id: clients.id, stage: clients.stage }).from(clients).where(inArray(clients.id, [a, b, c, theirs]))
    expect(Object.fromEntries(stages.map((s) => [s.id, s.stage]))).toEqual({ [a]: 'contacted', [b]: 'contacted', [c]: 'new', [theirs]: 'new' })

    const badStage = await postPairs(browser, '/clients', [['intent', 'bulk-stage'], ['stage', ''], ...ticked([a])])
    expect(badStage.status).toBe(400)
    expect(await badStage.text()).toContain('Choose one of the stages listed.')
    expect((await postPairs(browser, '/clients', [['intent', 'bulk-stage'], ['stage', 'won'], ...ticked([theirs])])).status).toBe(404)

    const csv = await postPairs(browser, '/clients', [['intent', 'bulk-export'], ...ticked([a, c])])
    const csvText = await (await browser.get(csv.headers.get('Location')!)).text()
    expect(csvText).toContain('ana@example.com')
    expect(csvText).toContain('carla@example.com')
    expect(csvText).not.toContain('bruno@example.com')
    const vcard = await postPairs(browser, '/clients', [['intent', 'bulk-vcard'], ...ticked([b])])
    expect(vcard.headers.get('Location')).toBe(`/clients/export.vcf?ids=${b}`)
    const vcf = await (await browser.get(vcard.headers.get('Location')!)).text()
    expect(vcf).toContain('FN:Bruno Dias')
    expect(vcf).not.toContain('Ana Lima')
  })
})

describe('bulk delete on /clients', () => {
  it('moves the ticked clients to the trash after a confirmation step, skipping others’, and they can be restored', async () => {
    const { browser } = await signedInBroker()
    const a = await createClientVia(browser, { fullName: 'Ana Lima' })
    const b = await createClientVia(browser, { fullName: 'Bruno Dias' })
    const c = await createClientVia(browser, { fullName: 'Carla Reis' })
    const { browser: stranger } = await signedInBroker()
    const theirs = await createClientVia(stranger, { fullName: 'Not Yours' })
    const live = async () =>
      (await getDb().select({ id: clients.id }).from(clients).where(and(inArray(clients.id, [a, b, c, theirs]), isNull(clients.deletedAt)))).map((r) => r.id).sort()

    expect(await (await browser.get('/clients')).text()).toContain('value="bulk-delete"')
    const step = await postPairs(browser, '/clients?stage=new', [['intent', 'bulk-delete'], ...ticked([a, b, theirs])])
    expect(step.status).toBe(200)
    const html = await step.text()
    expect(html).toContain('Move 2 clients to the trash?')
    expect(html).toContain('<li>Ana Lima</li>')
    expect(html).toContain('<li>Bruno Dias</li>')
    expect(html).not.toContain('Not Yours')
    expect(html).toContain('value="bulk-delete-confirmed"')
    expect(await live()).toEqual([a, b, c, theirs].sort())

    const confirmed = await postPairs(browser, '/clients?stage=new', [['intent', 'bulk-delete-confirmed'], ...ticked([a, b, theirs])])
    expect(confirmed.headers.get('Location')).toBe('/clients?stage=new')
    expect(await toastAfter(browser, confirmed)).toContain('Moved 2 clients to the trash. Restore them from the Trash within 30 days.')
    expect(await live()).toEqual([c, theirs].sort())
    const list = await (await browser.get('/clients')).text()
    expect(list).not.toContain('Ana Lima')
    expect(list).toContain('Carla Reis')
    expect(await (await browser.get('/trash')).text()).toContain('Bruno Dias')

    // None of the broker's own: a 404, nothing touched; a second confirmation of trashed ones is a 404 too.
    expect((await postPairs(browser, '/clients', [['intent', 'bulk-delete-confirmed'], ...ticked([theirs])])).status).toBe(404)
    expect((await postPairs(browser, '/clients', [['intent', 'bulk-delete-confirmed'], ...ticked([a, b])])).status).toBe(404)
    expect(await live()).toEqual([c, theirs].sort())

    expect((await browser.post('/trash', { intent: 'restore', kind: 'client', id: a })).status).toBe(302)
    expect(await live()).toEqual([a, c, theirs].sort())
  })
})

describe('adding to a shortlist from a client’s matches', () => {
  it('adds a match with one button, then shows it as on the shortlist', async () => {
    const { browser } = await signedInBroker()
    const propertyId = await createPropertyVia(browser, { title: 'Harbour flat', status: 'active' })
    const clientId = await createClientVia(browser, { fullName: 'Ana Lima' })
    const before = await (await browser.get(`/client/${clientId}`)).text()
    expect(before).toContain('aria-label="Add to shortlist: Harbour flat"')
    const response = await browser.post(`/client/${clientId}`, { intent: 'shortlist-add', propertyId })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/client/${clientId}#match-${propertyId}`)
    const after = await (await browser.get(`/client/${clientId}`)).text()
    expect(after).toContain('Added Harbour flat to the shortlist of Ana Lima.')
    expect(after).toContain('On the shortlist')
    expect(after).not.toContain('aria-label="Add to shortlist: Harbour flat"')
    expect(await getDb().select({ propertyId: clientListingItems.propertyId }).from(clientListingItems).where(eq(clientListingItems.clientId, clientId))).toEqual([{ propertyId }])

    // Another broker's property is a 404; a missing one a 400.
    const theirs = await brokerWithListings(1)
    expect((await browser.post(`/client/${clientId}`, { intent: 'shortlist-add', propertyId: theirs.ids[0]! })).status).toBe(404)
    expect((await browser.post(`/client/${clientId}`, { intent: 'shortlist-add' })).status).toBe(400)
  })
})
