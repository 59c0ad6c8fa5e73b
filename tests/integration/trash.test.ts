import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clients, properties, propertyPhotos } from '#db/schema.ts'
import { emptyExpiredTrash } from '#app/modules/trash/trash.server.ts'
import { TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { broker, createShare, uploadDocument, uploadPhotos } from '#tests/support/share-world.ts'

/*
 * Issue 25: trash instead of forever. A deleted property, client, photo or document is hidden
 * everywhere for 30 days with Restore on /trash; the plan counts live properties only, and a
 * restore past the limit is refused by the database's trigger; a job then deletes rows and files.
 */

const FILES_DIR = path.resolve(process.env.DATA_DIR!, 'files')
const storedFiles = (kind: 'photos' | 'documents', propertyId: string) => readdir(path.join(FILES_DIR, kind, propertyId)).catch(() => [])

const trashProperty = (browser: TestBrowser, id: string) => browser.post(`/property/${id}`, { intent: 'delete', confirm: 'yes' })
const restore = (browser: TestBrowser, kind: string, id: string) => browser.post('/trash', { intent: 'restore', kind, id })

/** Moves rows' trash dates back, as if they had been deleted `days` ago. */
async function ageTrash(table: typeof properties | typeof clients | typeof propertyPhotos, ids: string[], days: number) {
  await getDb()
    .update(table)
    .set({ deletedAt: sql`now() - make_interval(days => ${days})` })
    .where(inArray(table.id, ids))
}

describe('a deleted property', () => {
  it('leaves every list, search, count, share link and public listing, and comes back whole with Restore', async () => {
    const { browser } = await broker('Tessa Trash')
    const id = await createPropertyVia(browser, { title: 'Trashable riverside loft', visibility: 'public', referenceCode: 'TR-1' })
    const shareId = await createShare(browser, 'property', id)
    expect((await new TestBrowser().get(`/preview/${shareId}`)).status).toBe(200)

    const deleted = await trashProperty(browser, id)
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/properties')

    expect((await browser.get(`/property/${id}`)).status).toBe(404)
    expect((await browser.get(`/property/${id}/edit`)).status).toBe(404)
    expect(await (await browser.get('/properties')).text()).not.toContain('Trashable riverside loft')
    expect(await (await browser.get('/properties?q=riverside')).text()).not.toContain('Trashable riverside loft')
    expect(await (await browser.get('/public-properties?q=riverside')).text()).not.toContain('Trashable riverside loft')
    expect((await browser.get(`/public-properties/${id}`)).status).toBe(404)
    expect(await (await browser.get('/properties/export.csv')).text()).not.toContain('Trashable riverside loft')
    // The share link answers like a revoked one, to anyone.
    expect((await new TestBrowser().get(`/preview/${shareId}`)).status).toBe(404)

    const trash = await (await browser.get('/trash')).text()
    expect(trash).toContain('Trashable riverside loft')
    expect(trash).toContain('Restore')
    expect(trash).toContain('Delete forever')

    const restored = await restore(browser, 'property', id)
    expect(restored.status).toBe(302)
    expect(restored.headers.get('Location')).toBe('/trash')
    expect((await browser.get(`/property/${id}`)).status).toBe(200)
    expect(await (await browser.get('/properties?q=riverside')).text()).toContain('Trashable riverside loft')
    expect((await new TestBrowser().get(`/preview/${shareId}`)).status).toBe(200)
    expect(await (await browser.get('/trash')).text()).not.toContain('Trashable riverside loft')
  })

  it('is a 404 for another broker, to restore or to delete forever', async () => {
    const owner = await broker('Owen Owner')
    const other = await broker('Ines Intruder')
    const id = await createPropertyVia(owner.browser, { title: 'Not yours' })
    await trashProperty(owner.browser, id)
    expect((await restore(other.browser, 'property', id)).status).toBe(404)
    expect((await other.browser.post('/trash', { intent: 'delete-forever', kind: 'property', id })).status).toBe(404)
    expect((await other.browser.post('/trash', { intent: 'restore', kind: 'table', id })).status).toBe(404)
    expect(await (await other.browser.get('/trash')).text()).not.toContain('Not yours')
    const [row] = await getDb().select({ deletedAt: properties.deletedAt }).from(properties).where(eq(properties.id, id))
    expect(row?.deletedAt).not.toBeNull()
  })
})

describe('plan limits count live properties only', () => {
  it('a trashed property frees its place; restoring one past the limit is refused with the reason', async () => {
    // The trial holds 5 properties.
    const { browser } = await broker('Lena Limit')
    const ids: string[] = []
    for (let i = 1; i <= 5; i++) ids.push(await createPropertyVia(browser, { title: `Limit flat ${i}` }))
    expect((await browser.post('/property/new/residential', { title: 'One too many', type: 'apartment', purpose: 'sale', currency: 'EUR', status: 'active', visibility: 'private' })).status).toBe(403)

    await trashProperty(browser, ids[0]!)
    expect(await (await browser.get('/properties')).text()).toContain('4 / 5 properties')
    // Its place is free: a new one fits.
    ids.push(await createPropertyVia(browser, { title: 'Limit flat 6' }))

    const refused = await restore(browser, 'property', ids[0]!)
    expect(refused.status).toBe(400)
    const page = await refused.text()
    expect(page).toContain('“Limit flat 1” can&#x27;t be restored: you have reached the number of properties your plan allows.')
    const [still] = await getDb().select({ deletedAt: properties.deletedAt }).from(properties).where(eq(properties.id, ids[0]!))
    expect(still?.deletedAt).not.toBeNull()

    // The database itself refuses, whatever the caller: the trigger of migration 0024.
    await expect(getDb().update(properties).set({ deletedAt: null }).where(eq(properties.id, ids[0]!))).rejects.toThrow()

    await trashProperty(browser, ids[1]!)
    expect((await restore(browser, 'property', ids[0]!)).status).toBe(302)
    expect(await (await browser.get('/properties')).text()).toContain('5 / 5 properties')
  })
})

describe('a deleted client', () => {
  it('leaves the lists, the deal board and their shortlist link, and comes back with Restore', async () => {
    const { browser } = await broker('Carla Clients')
    const clientId = await createClientVia(browser, { fullName: 'Dora Departed', email: 'dora@example.com' })
    const propertyId = await createPropertyVia(browser, { title: 'Shortlisted house' })
    expect((await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })).status).toBe(302)
    const shareId = await createShare(browser, 'client_listing', clientId)
    expect((await new TestBrowser().get(`/client-listing/${shareId}`)).status).toBe(200)
    expect((await browser.post('/deals', { intent: 'create', clientId, title: 'Dora buys', stage: 'lead', value: '300000', currency: 'EUR' })).status).toBe(302)
    expect(await (await browser.get('/deals')).text()).toContain('Dora buys')

    expect((await browser.post(`/client/${clientId}`, { intent: 'delete' })).status).toBe(400)
    const deleted = await browser.post(`/client/${clientId}`, { intent: 'delete', confirm: 'yes' })
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/clients')

    expect((await browser.get(`/client/${clientId}`)).status).toBe(404)
    expect(await (await browser.get('/clients?q=Dora')).text()).not.toContain('Dora Departed')
    expect(await (await browser.get('/deals')).text()).not.toContain('Dora buys')
    expect((await new TestBrowser().get(`/client-listing/${shareId}`)).status).toBe(404)
    expect(await (await browser.get('/trash')).text()).toContain('Dora Departed')

    // The deletion's toast offers Restore; from there the broker lands back on the client's page.
    const fromToast = await browser.post('/trash', { intent: 'restore', kind: 'client', id: clientId, back: 'item' })
    expect(fromToast.status).toBe(302)
    expect(fromToast.headers.get('Location')).toBe(`/client/${clientId}`)
    expect((await browser.get(`/client/${clientId}`)).status).toBe(200)
    expect(await (await browser.get('/deals')).text()).toContain('Dora buys')
    expect((await new TestBrowser().get(`/client-listing/${shareId}`)).status).toBe(200)
  })
})

describe('deleted photos and documents', () => {
  it('leave the gallery and share pages, keep their files, and come back at the end of the gallery', async () => {
    const { browser } = await broker('Phil Photos')
    const propertyId = await createPropertyVia(browser, { title: 'Gallery house' })
    const shareId = await createShare(browser, 'property', propertyId)
    const photos = await uploadPhotos(browser, propertyId, 2)
    const documentId = await uploadDocument(browser, propertyId, 'Energy certificate', true)
    const [first] = await getDb().select({ id: propertyPhotos.id }).from(propertyPhotos).where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.position, 0)))
    const firstId = first!.id
    const filesBefore = await storedFiles('photos', propertyId)

    expect((await browser.post(`/property/${propertyId}/media`, { intent: 'delete-photo', photoId: firstId })).status).toBe(302)
    expect((await browser.post(`/property/${propertyId}/media`, { intent: 'delete-document', documentId })).status).toBe(302)
    const share = await (await new TestBrowser().get(`/preview/${shareId}`)).text()
    expect(share).not.toContain(firstId)
    expect(share).not.toContain('Energy certificate')
    // Not open to anyone any more; still its owner's on /trash.
    expect((await new TestBrowser().get(`/documents/${documentId}`)).status).toBe(404)
    expect((await browser.get(`/documents/${documentId}`)).status).toBe(200)
    expect(await storedFiles('photos', propertyId)).toEqual(filesBefore)
    // The other photo is now the cover.
    const live = await getDb().select({ id: propertyPhotos.id, position: propertyPhotos.position }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId))
    expect(live.find((p) => p.id !== firstId)?.position).toBe(0)

    const trash = await (await browser.get('/trash')).text()
    expect(trash).toContain('Photo of Gallery house')
    expect(trash).toContain('Energy certificate')

    expect((await restore(browser, 'photo', firstId)).status).toBe(302)
    expect((await restore(browser, 'document', documentId)).status).toBe(302)
    const back = await getDb().select({ id: propertyPhotos.id, position: propertyPhotos.position }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId))
    expect(back.find((p) => p.id === firstId)?.position).toBe(1)
    expect(photos).toHaveLength(2)
    expect(await (await new TestBrowser().get(`/preview/${shareId}`)).text()).toContain('Energy certificate')
  })
})

describe('the trash job', () => {
  it('deletes for good, rows and files, what was deleted more than 30 days ago, and nothing younger', async () => {
    const { browser, ownerId } = await broker('Eve Expiry')
    const oldPropertyId = await createPropertyVia(browser, { title: 'Expired listing' })
    await uploadPhotos(browser, oldPropertyId, 1)
    await uploadDocument(browser, oldPropertyId, 'Old deed', false)
    const youngPropertyId = await createPropertyVia(browser, { title: 'Recently deleted listing' })
    const keptPropertyId = await createPropertyVia(browser, { title: 'Kept listing' })
    const [loosePhoto] = await uploadPhotos(browser, keptPropertyId, 1)
    const oldClientId = await createClientVia(browser, { fullName: 'Old Client', email: 'old@example.com' })
    expect((await storedFiles('photos', oldPropertyId)).length).toBeGreaterThan(0)
    expect((await storedFiles('documents', oldPropertyId)).length).toBe(1)
    const looseFiles = await storedFiles('photos', keptPropertyId)

    await trashProperty(browser, oldPropertyId)
    await trashProperty(browser, youngPropertyId)
    await browser.post(`/client/${oldClientId}`, { intent: 'delete', confirm: 'yes' })
    await browser.post(`/property/${keptPropertyId}/media`, { intent: 'delete-photo', photoId: loosePhoto!.id })
    await ageTrash(properties, [oldPropertyId], 31)
    await ageTrash(properties, [youngPropertyId], 29)
    await ageTrash(clients, [oldClientId], 31)
    await ageTrash(propertyPhotos, [loosePhoto!.id], 31)

    const emptied = await emptyExpiredTrash()
    expect(emptied.properties).toBeGreaterThanOrEqual(1)
    expect(emptied.clients).toBeGreaterThanOrEqual(1)
    expect(emptied.media).toBeGreaterThanOrEqual(1)

    const left = await getDb().select({ id: properties.id }).from(properties).where(eq(properties.ownerId, ownerId))
    expect(left.map((row) => row.id).sort()).toEqual([youngPropertyId, keptPropertyId].sort())
    expect(await getDb().select().from(clients).where(eq(clients.id, oldClientId))).toEqual([])
    expect(await getDb().select().from(propertyPhotos).where(eq(propertyPhotos.id, loosePhoto!.id))).toEqual([])
    expect(await storedFiles('photos', oldPropertyId)).toEqual([])
    expect(await storedFiles('documents', oldPropertyId)).toEqual([])
    expect(looseFiles.length).toBeGreaterThan(0)
    expect(await storedFiles('photos', keptPropertyId)).toEqual([])
    // Younger than 30 days: still in the trash, still restorable.
    expect(await (await browser.get('/trash')).text()).toContain('Recently deleted listing')
    expect((await restore(browser, 'property', youngPropertyId)).status).toBe(302)
  })

  it('"Delete forever" removes a trashed property and its files at once, and only from the trash', async () => {
    const { browser } = await broker('Fiona Forever')
    const propertyId = await createPropertyVia(browser, { title: 'Gone for good' })
    await uploadPhotos(browser, propertyId, 1)
    // Live: not in the trash, so nothing to delete forever.
    expect((await browser.post('/trash', { intent: 'delete-forever', kind: 'property', id: propertyId })).status).toBe(404)
    await trashProperty(browser, propertyId)
    const confirm = await (await browser.get(`/trash?delete=property:${propertyId}`)).text()
    expect(confirm).toContain('Delete “Gone for good” forever?')
    const gone = await browser.post(`/trash?delete=property:${propertyId}`, { intent: 'delete-forever', kind: 'property', id: propertyId })
    expect(gone.status).toBe(302)
    expect(await getDb().select().from(properties).where(eq(properties.id, propertyId))).toEqual([])
    expect(await storedFiles('photos', propertyId)).toEqual([])
  })
})
