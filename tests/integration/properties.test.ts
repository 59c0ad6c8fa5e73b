import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#db/client.server.ts'
import { activities, properties } from '#db/schema.ts'
import { findUser, setSubscription } from '#tests/support/db.ts'
import { signedInBroker } from '#tests/support/app.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'

async function activityKinds(propertyId: string) {
  const rows = await getDb().select({ kind: activities.kind }).from(activities).where(eq(activities.propertyId, propertyId))
  return rows.map((r) => r.kind).sort()
}

describe('creating a property', () => {
  it('type selection leads to a form that fits the category; unknown categories are 404', async () => {
    const { browser } = await signedInBroker()
    const selection = await (await browser.get('/property/type-selection')).text()
    for (const c of ['residential', 'commercial', 'land']) expect(selection).toContain(`/property/new/${c}`)
    const residential = await (await browser.get('/property/new/residential')).text()
    expect(residential).toContain('name="bedrooms"')
    const land = await (await browser.get('/property/new/land')).text()
    expect(land).not.toContain('name="bedrooms"')
    expect(land).toContain('name="landArea"')
    expect((await browser.get('/property/new/castle')).status).toBe(404)
    expect((await browser.get('/property/new')).headers.get('Location')).toBe('/property/type-selection')
  })

  it('creates the listing with an activity record and shows it', async () => {
    const { browser, email } = await signedInBroker()
    const id = await createPropertyVia(browser, { tags: 'Sea view, renovated, sea view', features: 'balcony' })
    const [row] = await getDb().select().from(properties).where(eq(properties.id, id))
    expect(row).toMatchObject({ title: 'Sunny two-bedroom flat', price: 250000, currency: 'EUR', bedrooms: 2, status: 'active', tags: ['sea view', 'renovated'], features: ['balcony'] })
    expect(row?.ownerId).toBe((await findUser(email)).id)
    expect(await activityKinds(id)).toEqual(['property_created'])
    const page = await (await browser.get(`/property/${id}`)).text()
    expect(page).toContain('Sunny two-bedroom flat')
    expect(page).toContain('€250,000')
    expect(page).toContain('Property created.')
  })

  it('shows errors next to the fields, keeps the values, and writes nothing', async () => {
    const { browser, email } = await signedInBroker()
    const response = await browser.post('/property/new/residential', propertyForm({ title: '', price: '-5', currency: 'XYZ', type: 'office' }))
    expect(response.status).toBe(400)
    const html = await response.text()
    for (const message of ['Title is required', 'Price cannot be negative', 'Use a three-letter ISO currency code', 'Choose a type']) {
      expect(html).toContain(message)
    }
    expect(html).toContain('value="Lisbon"')
    // Checks across fields run once each field is valid on its own.
    const crossField = await browser.post('/property/new/residential', propertyForm({ purpose: 'rent', latitude: '38.7' }))
    expect(crossField.status).toBe(400)
    const crossHtml = await crossField.text()
    expect(crossHtml).toContain('Choose a rent period')
    expect(crossHtml).toContain('Give both latitude and longitude, or neither')
    const [count] = await queryRows<{ n: number }>(sql`select get_user_property_count(${(await findUser(email)).id}) as n`)
    expect(Number(count?.n)).toBe(0)
  })

  it('answers a repeated single-choice field with 400 and the first value, without a render error', async () => {
    // Found by the fuzz: rentPeriod=a&rentPeriod=b came back to <select> as an array.
    const { browser } = await signedInBroker()
    const body = new URLSearchParams([...Object.entries(propertyForm({ title: '', purpose: 'rent' })), ['rentPeriod', 'weekly'], ['rentPeriod', 'monthly']])
    const response = await browser.raw('/property/new/residential', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/<option value="weekly" selected="">/)
  })

  it('land keeps no bedrooms even when a crafted form sends them', async () => {
    const { browser } = await signedInBroker()
    const id = await createPropertyVia(browser, { type: 'plot', bedrooms: '4', landArea: '1200' }, 'land')
    const [row] = await getDb().select().from(properties).where(eq(properties.id, id))
    expect(row).toMatchObject({ bedrooms: null, landArea: 1200, category: 'land' })
  })
})

describe('plan limits are enforced by the database', () => {
  it('20 concurrent creates at the trial limit leave exactly 5 rows', async () => {
    const { browser, email } = await signedInBroker()
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => browser.post('/property/new/residential', propertyForm({ title: `Flat ${i}` }))),
    )
    const statuses = responses.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 302)).toHaveLength(5)
    expect(statuses.filter((s) => s === 403)).toHaveLength(15)
    const userId = (await findUser(email)).id
    const rows = await getDb().select({ id: properties.id }).from(properties).where(eq(properties.ownerId, userId))
    expect(rows).toHaveLength(5)
    const refused = await browser.post('/property/new/residential', propertyForm())
    expect(await refused.text()).toContain('/pricing')
    expect(await (await browser.get('/property/type-selection')).text()).toContain('Your plan is full')
  })

  it('the SQL functions answer per plan, and a downgrade deletes nothing', async () => {
    const { browser, email } = await signedInBroker()
    const userId = (await findUser(email)).id
    const ask = async () => {
      const [row] = await queryRows<{ n: number; ok: boolean }>(sql`select get_user_property_count(${userId}) as n, can_add_property(${userId}) as ok`)
      return { count: Number(row?.n), canAdd: row?.ok }
    }
    expect(await ask()).toEqual({ count: 0, canAdd: true })
    for (let i = 0; i < 5; i++) await createPropertyVia(browser, { title: `Flat ${i}` })
    expect(await ask()).toEqual({ count: 5, canAdd: false })
    await setSubscription(email, { plan: 'starter' })
    expect(await ask()).toEqual({ count: 5, canAdd: true })
    for (let i = 5; i < 7; i++) await createPropertyVia(browser, { title: `Flat ${i}` })
    await setSubscription(email, { plan: 'free_trial' })
    expect(await ask()).toEqual({ count: 7, canAdd: false })
    expect((await browser.post('/property/new/residential', propertyForm())).status).toBe(403)
    const html = await (await browser.get('/properties')).text()
    expect(html).toContain('7 / 5 properties')
    const [limits] = await queryRows<{ a: number; b: number; c: number; d: number }>(
      sql`select plan_property_limit('free_trial') a, plan_property_limit('starter') b, plan_property_limit('advanced') c, plan_property_limit('professional') d`,
    )
    expect(limits).toEqual({ a: 5, b: 25, c: 100, d: 250 })
  })

  it('an unknown user can add nothing and counts zero', async () => {
    const [row] = await queryRows<{ n: number; ok: boolean }>(
      sql`select get_user_property_count('00000000-0000-0000-0000-000000000000') n, can_add_property('00000000-0000-0000-0000-000000000000') ok`,
    )
    expect({ n: Number(row?.n), ok: row?.ok }).toEqual({ n: 0, ok: false })
  })
})

describe('editing, status, notes and deleting', () => {
  it('edits through both edit paths', async () => {
    const { browser } = await signedInBroker()
    const id = await createPropertyVia(browser)
    for (const [path, title] of [[`/property/${id}/edit`, 'Edited once'], [`/property/edit/${id}`, 'Edited twice']] as const) {
      const form = await (await browser.get(path)).text()
      expect(form).toContain('value="Lisbon"')
      const response = await browser.post(path, propertyForm({ title }))
      expect(response.headers.get('Location')).toBe(path)
      expect(await (await browser.get(path)).text()).toContain('Property saved.')
      expect(await (await browser.get(`/property/${id}`)).text()).toContain(title)
    }
    expect(await activityKinds(id)).toEqual(['property_created', 'property_updated', 'property_updated'])
  })

  it('changes the status with an activity record; a bad status is a 400', async () => {
    const { browser } = await signedInBroker()
    const id = await createPropertyVia(browser, { status: 'active' })
    expect((await browser.post(`/property/${id}`, { intent: 'status', status: 'under_offer' })).status).toBe(302)
    const [row] = await getDb().select({ status: properties.status }).from(properties).where(eq(properties.id, id))
    expect(row?.status).toBe('under_offer')
    expect(await activityKinds(id)).toEqual(['property_created', 'property_status_changed'])
    expect((await browser.post(`/property/${id}`, { intent: 'status', status: 'demolished' })).status).toBe(400)
    expect((await browser.post(`/property/${id}`, { intent: 'teleport' })).status).toBe(400)
  })

  it('saves private notes', async () => {
    const { browser } = await signedInBroker()
    const id = await createPropertyVia(browser)
    await browser.post(`/property/${id}`, { intent: 'notes', privateNotes: 'Owner flexible on price' })
    expect(await (await browser.get(`/property/${id}`)).text()).toContain('Owner flexible on price')
  })

  it('deletes only with confirmation, keeping the activity record', async () => {
    const { browser } = await signedInBroker()
    const id = await createPropertyVia(browser)
    expect((await browser.post(`/property/${id}`, { intent: 'delete' })).status).toBe(400)
    const response = await browser.post(`/property/${id}`, { intent: 'delete', confirm: 'yes' })
    expect(response.headers.get('Location')).toBe('/properties')
    expect((await browser.get(`/property/${id}`)).status).toBe(404)
    expect(await activityKinds(id)).toEqual(['property_created', 'property_deleted'])
  })
})

describe('another broker', () => {
  it('gets 404 for the page, both edit paths and every action; nothing changes', async () => {
    const owner = await signedInBroker()
    const id = await createPropertyVia(owner.browser)
    const { browser: other } = await signedInBroker()
    for (const path of [`/property/${id}`, `/property/${id}/edit`, `/property/edit/${id}`]) {
      expect((await other.get(path)).status, path).toBe(404)
    }
    const forms: Record<string, string>[] = [{ intent: 'status', status: 'sold' }, { intent: 'notes', privateNotes: 'x' }, { intent: 'delete', confirm: 'yes' }]
    for (const form of forms) {
      expect((await other.post(`/property/${id}`, form)).status, form.intent).toBe(404)
    }
    expect((await other.post(`/property/${id}/edit`, propertyForm({ title: 'Hijacked' }))).status).toBe(404)
    expect((await other.post(`/property/edit/${id}`, propertyForm({ title: 'Hijacked' }))).status).toBe(404)
    const [row] = await getDb().select({ title: properties.title, status: properties.status }).from(properties).where(eq(properties.id, id))
    expect(row).toEqual({ title: 'Sunny two-bedroom flat', status: 'active' })
    expect(await (await other.get('/properties')).text()).not.toContain('Sunny two-bedroom flat')
  })

  it('a malformed id is a 404 too', async () => {
    const { browser } = await signedInBroker()
    expect((await browser.get('/property/not-a-uuid')).status).toBe(404)
    expect((await browser.get('/property/edit/1')).status).toBe(404)
  })
})
