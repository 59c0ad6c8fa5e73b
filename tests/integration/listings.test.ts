import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clientListingItems, clients } from '#db/schema.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

const PRIVATE_MARKER = 'PRIVATE-LISTING-MARKER-51c2'

/** A signed-in broker with one client (inserted directly: the client screens are not under test). */
async function brokerWithClient(fullName = 'Ana Lima') {
  const { browser, email } = await signedInBroker()
  const owner = await findUser(email)
  const [client] = await getDb().insert(clients).values({ ownerId: owner.id, fullName }).returning({ id: clients.id })
  const clientId = client!.id
  return { browser, ownerId: owner.id, clientId, editPath: `/client/${clientId}/edit-listing` }
}

const itemsOf = (clientId: string) =>
  getDb()
    .select({ propertyId: clientListingItems.propertyId, position: clientListingItems.position, note: clientListingItems.note })
    .from(clientListingItems)
    .where(eq(clientListingItems.clientId, clientId))
    .orderBy(asc(clientListingItems.position))

const listingActivity = (clientId: string) =>
  getDb()
    .select({ summary: activities.summary })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.kind, 'listing_updated')))

describe('listing routes without a session', () => {
  it.each(['/client/7/edit-listing', '/client/7/listing', '/client/7/listing/42'])('sends GET %s to /auth', async (path) => {
    const response = await new TestBrowser().get(path)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/auth')
  })

  it('guards the edit action too', async () => {
    const response = await new TestBrowser().post('/client/7/edit-listing', { intent: 'add', propertyId: '7' })
    expect(response.headers.get('Location')).toBe('/auth')
  })
})

describe('editing a shortlist', () => {
  it('adds, orders, annotates and removes properties, positions staying 0, 1, 2…', async () => {
    const { browser, clientId, editPath } = await brokerWithClient()
    const [a, b, c] = [
      await createPropertyVia(browser, { title: 'Alpha loft' }),
      await createPropertyVia(browser, { title: 'Beta house', city: 'Porto' }),
      await createPropertyVia(browser, { title: 'Gamma villa' }),
    ]
    for (const id of [a, b, c]) expect((await browser.post(editPath, { intent: 'add', propertyId: id! })).status).toBe(302)
    const again = await browser.follow(await browser.post(editPath, { intent: 'add', propertyId: a! }))
    expect(await again.response.text()).toContain('Alpha loft is already on the shortlist.')
    expect(await itemsOf(clientId)).toMatchObject([{ propertyId: a, position: 0 }, { propertyId: b, position: 1 }, { propertyId: c, position: 2 }])

    await browser.post(editPath, { intent: 'move-up', propertyId: c! })
    await browser.post(editPath, { intent: 'move-down', propertyId: a! })
    expect((await itemsOf(clientId)).map((i) => i.propertyId)).toEqual([c, a, b])
    const edge = await browser.follow(await browser.post(editPath, { intent: 'move-up', propertyId: c! }))
    expect(await edge.response.text()).toContain('That property is already first.')

    const saved = await browser.post(editPath, { intent: 'note', propertyId: c!, note: '  Close to the school you asked about.  ' })
    expect(saved.headers.get('Location')).toBe(`${editPath}#item-${c}`)
    expect((await itemsOf(clientId)).find((i) => i.propertyId === c)?.note).toBe('Close to the school you asked about.')

    await browser.post(editPath, { intent: 'remove', propertyId: b! })
    expect(await itemsOf(clientId)).toMatchObject([{ propertyId: c, position: 0 }, { propertyId: a, position: 1 }])
    expect(await itemsOf(clientId)).toHaveLength(2)
    const summaries = (await listingActivity(clientId)).map((row) => row.summary)
    expect(summaries).toHaveLength(5) // three added, one note, one removed; moves are not logged
    expect(summaries).toContain('Removed Beta house from the shortlist of Ana Lima')

    const page = await (await browser.get(editPath)).text()
    expect(page).toContain('Close to the school you asked about.')
    expect(page).toContain('On the shortlist (2 of at most 50)')
  })

  it('keeps a too-long note with the message next to it (400), and refuses unknown intents', async () => {
    const { browser, clientId, editPath } = await brokerWithClient()
    const id = await createPropertyVia(browser)
    await browser.post(editPath, { intent: 'add', propertyId: id })
    const tooLong = await browser.post(editPath, { intent: 'note', propertyId: id, note: 'x'.repeat(1001) })
    expect(tooLong.status).toBe(400)
    const page = await tooLong.text()
    expect(page).toContain('Keep the note to 1000 characters or fewer.')
    expect(page).toContain('x'.repeat(1001))
    expect((await itemsOf(clientId))[0]?.note).toBe('')
    expect((await browser.post(editPath, { intent: 'shuffle', propertyId: id })).status).toBe(400)
    expect((await browser.post(editPath, { intent: 'add' })).status).toBe(400)
  })

  it('finds the broker’s own properties with the GET search, marking those already listed', async () => {
    const { browser, editPath } = await brokerWithClient()
    const listed = await createPropertyVia(browser, { title: 'Harbour penthouse' })
    await createPropertyVia(browser, { title: 'Garden cottage' })
    await browser.post(editPath, { intent: 'add', propertyId: listed })
    // The picker is the card after "Add your properties"; the shortlist card comes before it.
    const picker = async (query: string) => {
      const html = await (await browser.get(`${editPath}${query}`)).text()
      return html.slice(html.indexOf('Add your properties'), html.indexOf('</main>'))
    }
    const search = await picker('?q=garden')
    expect(search).toContain('Garden cottage')
    expect(search).not.toContain('Harbour penthouse')
    expect(await picker('')).toMatch(/Harbour penthouse[\s\S]*On the shortlist<\/span>/)
  })
})

describe('the broker’s shortlist pages', () => {
  it('show the shortlist and one item as the client sees it, never the private notes', async () => {
    const { browser, clientId, editPath } = await brokerWithClient()
    const id = await createPropertyVia(browser, { title: 'Riverside flat', privateNotes: PRIVATE_MARKER, tags: 'secret-tag-51c2' })
    const other = await createPropertyVia(browser, { title: 'Not listed' })
    await browser.post(editPath, { intent: 'add', propertyId: id })
    await browser.post(editPath, { intent: 'note', propertyId: id, note: 'Ask me about <the> parking.' })

    const listing = await (await browser.get(`/client/${clientId}/listing`)).text()
    expect(listing).toContain('Riverside flat')
    expect(listing).toContain('No reaction from the client yet.')
    expect(listing).toContain('Create share link')

    const item = await browser.get(`/client/${clientId}/listing/${id}`)
    expect(item.status).toBe(200)
    const html = await item.text()
    expect(html).toContain('Ask me about &lt;the&gt; parking.')
    expect(html).toContain('Riverside flat')
    expect(html).not.toContain(PRIVATE_MARKER)
    expect(html).not.toContain('secret-tag-51c2')
    expect((await browser.get(`/client/${clientId}/listing/${other}`)).status).toBe(404)
    expect((await browser.get(`/client/${clientId}/listing/not-a-uuid`)).status).toBe(404)
  })
})

describe("another broker's shortlist", () => {
  it('is a 404 on every page and action, and their properties cannot be added to one’s own', async () => {
    const owner = await brokerWithClient()
    const propertyId = await createPropertyVia(owner.browser, { title: 'Owner flat' })
    await owner.browser.post(owner.editPath, { intent: 'add', propertyId })
    const intruder = await brokerWithClient('Mallory Client')
    const intruderProperty = await createPropertyVia(intruder.browser)

    for (const path of [owner.editPath, `/client/${owner.clientId}/listing`, `/client/${owner.clientId}/listing/${propertyId}`]) {
      expect((await intruder.browser.get(path)).status, path).toBe(404)
    }
    for (const intent of ['add', 'remove', 'move-up', 'move-down', 'note']) {
      const onOwner = await intruder.browser.post(owner.editPath, { intent, propertyId: intruderProperty, note: 'mine' })
      expect(onOwner.status, intent).toBe(404)
      const ownersProperty = await intruder.browser.post(intruder.editPath, { intent, propertyId, note: 'mine' })
      expect(ownersProperty.status, intent).toBe(404)
    }
    // Ownership before the other fields: with a note far too long, the owner's property is still a 404.
    const tooLong = await intruder.browser.post(intruder.editPath, { intent: 'note', propertyId, note: 'x'.repeat(5000) })
    expect(tooLong.status).toBe(404)
    expect(await itemsOf(owner.clientId)).toMatchObject([{ propertyId, position: 0, note: '' }])
    expect(await itemsOf(intruder.clientId)).toEqual([])
  })
})
