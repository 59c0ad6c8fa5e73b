import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { expect } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clients, propertyDocuments, propertyPhotos, shares } from '#db/schema.ts'
import { signedInBroker, type TestBrowser } from './app.ts'
import { findUser } from './db.ts'
import { createPropertyVia } from './properties.ts'

/** The property's private notes: must never reach a share page. */
export const PRIVATE_MARKER = 'PRIVATE-NOTES-MARKER-9d41'

export async function broker(fullName = 'Olivia Broker') {
  const { browser, email } = await signedInBroker(fullName)
  return { browser, ownerId: (await findUser(email)).id }
}

export async function addClient(ownerId: string, fullName: string) {
  const [client] = await getDb().insert(clients).values({ ownerId, fullName }).returning({ id: clients.id })
  return client!.id
}

/** Creates a link through the share panel's form and returns its id (the newest of the target). */
export async function createShare(browser: TestBrowser, kind: 'property' | 'client_listing', targetId: string, expiresInDays = '') {
  const response = await browser.post('/shares', { intent: 'create', kind, targetId, expiresInDays, redirectTo: '/home' })
  expect(response.status).toBe(302)
  const target = kind === 'property' ? eq(shares.propertyId, targetId) : eq(shares.clientId, targetId)
  const [share] = await getDb().select({ id: shares.id }).from(shares).where(target).orderBy(desc(shares.createdAt)).limit(1)
  return share!.id
}

/** `count` JPEG photos of `width` × ¾ width, through the media form. */
export async function uploadPhotos(browser: TestBrowser, propertyId: string, count: number, width = 480) {
  const form = new FormData()
  form.set('intent', 'upload-photos')
  for (let i = 0; i < count; i++) {
    const jpeg = await sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: { r: i * 12, g: 120, b: 200 } } }).jpeg().toBuffer()
    form.append('photos', new File([new Uint8Array(jpeg)], `room-${i}.jpg`, { type: 'image/jpeg' }))
  }
  expect((await browser.postMultipart(`/property/${propertyId}/media?upload=photos`, form)).status).toBe(302)
  return getDb().select({ id: propertyPhotos.id }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId))
}

export async function uploadDocument(browser: TestBrowser, propertyId: string, title: string, shared: boolean) {
  const form = new FormData()
  form.set('intent', 'upload-document')
  form.set('title', title)
  form.set('document', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], `${title}.pdf`, { type: 'application/pdf' }))
  await browser.postMultipart(`/property/${propertyId}/media?upload=document`, form)
  // This property's document of that title: on a shared database other tests use the same titles.
  const [document] = await getDb()
    .select({ id: propertyDocuments.id })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.propertyId, propertyId), eq(propertyDocuments.title, title)))
  if (shared) await browser.post(`/property/${propertyId}/media`, { intent: 'share-document', documentId: document!.id, shared: 'true' })
  return document!.id
}

/** A broker, a property with private notes, a client whose shortlist holds it, and a link to each. */
export async function sharedWorld() {
  const owner = await broker()
  const propertyId = await createPropertyVia(owner.browser, { title: 'Sea view flat', privateNotes: PRIVATE_MARKER, price: '450000' })
  const clientId = await addClient(owner.ownerId, 'Ana Lima')
  await owner.browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })
  await owner.browser.post(`/client/${clientId}/edit-listing`, { intent: 'note', propertyId, note: 'Walk to the beach.' })
  const propertyShare = await createShare(owner.browser, 'property', propertyId)
  const listingShare = await createShare(owner.browser, 'client_listing', clientId)
  return { owner, propertyId, clientId, propertyShare, listingShare, listingPath: `/client-listing/${listingShare}` }
}

