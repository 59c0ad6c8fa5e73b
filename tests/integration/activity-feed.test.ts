import { and, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clients, deals } from '#db/schema.ts'
import { listActivity } from '#app/http/activity-feed.server.ts'
import { findUser, scopeOf } from '#tests/support/db.ts'
import { signedInBroker } from '#tests/support/app.ts'

async function newBroker(name = 'Feed Broker') {
  const { browser, email } = await signedInBroker(name)
  const ownerId = (await findUser(email)).id
  const [client] = await getDb().insert(clients).values({ ownerId, fullName: `${name} client` }).returning({ id: clients.id })
  return { browser, ownerId, clientId: client!.id }
}

/** Every page of a feed, following nextCursor. */
async function readAllPages(ownerId: string, filters: { clientId?: string } = {}, limit = 10) {
  const pages: string[][] = []
  let before: string | null = null
  do {
    const page = await listActivity(await scopeOf(ownerId), { ...filters, before, limit })
    pages.push(page.items.map((i) => i.id))
    before = page.nextCursor
  } while (before && pages.length < 20)
  return pages
}

/** The feed's entries in a rendered page. */
function feedEntries(html: string) {
  const feed = html.slice(html.indexOf('id="activity"'))
  return feed.match(/data-kind="[a-z_]+"/g) ?? []
}

describe('listActivity', () => {
  it('pages newest first with a (created_at, id) cursor: no entry skipped or repeated, even at equal times', async () => {
    const { ownerId, clientId } = await newBroker()
    // Ten entries share one instant, five differ only in microseconds, ten are a second apart.
    const times = [
      ...Array.from({ length: 10 }, () => sql`'2031-01-01 12:00:00.000500+00'::timestamptz`),
      ...Array.from({ length: 5 }, (_, i) => sql.raw(`'2031-01-01 12:00:00.00010${i}+00'::timestamptz`)),
      ...Array.from({ length: 10 }, (_, i) => sql.raw(`'2031-01-01 11:00:0${i}+00'::timestamptz`)),
    ]
    await getDb()
      .insert(activities)
      .values(times.map((createdAt, i) => ({ ownerId, clientId, kind: 'client_updated' as const, summary: `Entry ${i}`, createdAt })))
    const expected = await getDb()
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.ownerId, ownerId))
      .orderBy(desc(activities.createdAt), desc(activities.id))
    const pages = await readAllPages(ownerId, { clientId }, 10)
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5])
    expect(pages.flat()).toEqual(expected.map((e) => e.id))
  })

  it('is scoped to the broker, filters by client, property or deal, and caps the page size', async () => {
    const a = await newBroker('Broker A')
    const b = await newBroker('Broker B')
    const [dealA] = await getDb().insert(deals).values({ ownerId: a.ownerId, clientId: a.clientId, title: 'Deal A' }).returning({ id: deals.id })
    await getDb().insert(activities).values([
      { ownerId: a.ownerId, kind: 'client_created', clientId: a.clientId, summary: 'A client' },
      { ownerId: a.ownerId, kind: 'deal_created', clientId: a.clientId, dealId: dealA!.id, summary: 'A deal' },
      { ownerId: b.ownerId, kind: 'client_created', clientId: b.clientId, summary: 'B client' },
      // A forged row in A's log that points at B's client: it must not link there.
      { ownerId: a.ownerId, kind: 'client_updated', clientId: b.clientId, summary: 'Odd entry' },
    ])
    const all = await listActivity(await scopeOf(a.ownerId))
    expect(all.items.map((i) => i.summary).sort()).toEqual(['A client', 'A deal', 'Odd entry'])
    expect(all.items.find((i) => i.summary === 'A deal')?.href).toBe(`/deal/${dealA!.id}`)
    expect(all.items.find((i) => i.summary === 'A client')?.href).toBe(`/client/${a.clientId}`)
    expect(all.items.find((i) => i.summary === 'Odd entry')?.href).toBeNull()
    expect((await listActivity(await scopeOf(a.ownerId), { dealId: dealA!.id })).items.map((i) => i.summary)).toEqual(['A deal'])
    expect((await listActivity(await scopeOf(a.ownerId), { clientId: b.clientId })).items.map((i) => i.summary)).toEqual(['Odd entry'])
    expect((await listActivity(await scopeOf(b.ownerId), { clientId: a.clientId })).items).toEqual([])
    expect((await listActivity(await scopeOf(a.ownerId), { propertyId: crypto.randomUUID() })).items).toEqual([])
    await expect(listActivity(await scopeOf(a.ownerId), { clientId: 'nope' })).rejects.toMatchObject({ init: { status: 404 } })
    await getDb()
      .insert(activities)
      .values(Array.from({ length: 120 }, (_, i) => ({ ownerId: a.ownerId, kind: 'property_updated' as const, summary: `Bulk ${i}` })))
    const capped = await listActivity(await scopeOf(a.ownerId), { limit: 1000 })
    expect(capped.items).toHaveLength(100)
    expect(capped.nextCursor).not.toBeNull()
  })

  it('a tampered cursor is a 400, never a 500', async () => {
    const { ownerId } = await newBroker()
    for (const before of ['garbage', Buffer.from('2031-02-30T00:00:00.000000Z|not-a-uuid').toString('base64url'), Buffer.from(`2031-02-30T00:00:00.000000Z|${crypto.randomUUID()}`).toString('base64url')]) {
      await expect(listActivity(await scopeOf(ownerId), { before })).rejects.toMatchObject({ init: { status: 400 } })
    }
  })
})

describe('the feed on a page', () => {
  it('shows the latest entries with an Older link that works as a plain GET', async () => {
    const { browser, clientId } = await newBroker()
    const created = await browser.post('/deals', { intent: 'create', clientId, title: 'Busy deal', currency: 'USD' })
    const dealId = /\/deal\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')![1]!
    const stages = ['viewing', 'offer', 'under_contract', 'closed_won', 'closed_lost', 'lead']
    for (let i = 0; i < 12; i++) await browser.post(`/deal/${dealId}`, { intent: 'move', stage: stages[i % stages.length]! })
    const first = await (await browser.get(`/deal/${dealId}`)).text()
    expect(feedEntries(first)).toHaveLength(10)
    expect(first).toContain('Moved Busy deal from Under contract to Closed – won')
    const older = /href="(\/deal\/[^"]+\?before=[^"#]+)#activity"[^>]*>Older/.exec(first)?.[1]
    expect(older).toBeTruthy()
    const second = await browser.get(older!)
    expect(second.status).toBe(200)
    const secondHtml = await second.text()
    expect(feedEntries(secondHtml)).toHaveLength(3)
    expect(secondHtml).toContain('New deal Busy deal with Feed Broker client')
    expect(secondHtml).toContain('Newest')
    expect(secondHtml).not.toMatch(/>Older/)
    expect((await browser.get(`/deal/${dealId}?before=not-a-cursor`)).status).toBe(400)
  })

  it('never shows another broker’s entries', async () => {
    const a = await newBroker('Broker A')
    const b = await newBroker('Broker B')
    const created = await b.browser.post('/deals', { intent: 'create', clientId: b.clientId, title: 'Secret deal', currency: 'USD' })
    expect(created.status).toBe(302)
    const rows = await getDb()
      .select({ ownerId: activities.ownerId })
      .from(activities)
      .where(and(eq(activities.clientId, b.clientId), eq(activities.kind, 'deal_created')))
    expect(rows).toEqual([{ ownerId: b.ownerId }])
    expect((await listActivity(await scopeOf(a.ownerId))).items.map((i) => i.summary)).not.toContain('New deal Secret deal with Broker B client')
  })
})
