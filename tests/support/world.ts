import { desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { getDb } from '#db/client.server.ts'
import { agencies, agencyMembers, propertyDocuments, propertyPhotos, shares, tasks, users, viewings } from '#db/schema.ts'
import { serverBuild, signedInBroker, type TestBrowser } from './app.ts'
import { createPropertyVia } from './properties.ts'

/** A signed-in broker with one of everything, each made through the app's own forms. */
export type BrokerWorld = Awaited<ReturnType<typeof createBrokerWorld>>

function idFrom(response: Response, pattern: RegExp, what: string) {
  const id = pattern.exec(response.headers.get('Location') ?? '')?.[1]
  if (response.status !== 302 || !id) throw new Error(`${what} failed: ${response.status}`)
  return id
}

async function newestShare(browser: TestBrowser, kind: 'property' | 'client_listing', targetId: string) {
  const created = await browser.post('/shares', { intent: 'create', kind, targetId, expiresInDays: '', redirectTo: '/home' })
  if (created.status !== 302) throw new Error(`share failed: ${created.status}`)
  const target = kind === 'property' ? eq(shares.propertyId, targetId) : eq(shares.clientId, targetId)
  const [share] = await getDb().select({ id: shares.id }).from(shares).where(target).orderBy(desc(shares.createdAt)).limit(1)
  return share!.id
}

export async function createBrokerWorld() {
  const { browser, email } = await signedInBroker('World Broker')
  const propertyId = await createPropertyVia(browser)
  const clientId = idFrom(
    await browser.post('/client/new', { fullName: 'Marta Silva', email: 'marta@example.com', kind: 'buyer', stage: 'new' }),
    /^\/client\/([0-9a-f-]{36})$/,
    'client',
  )
  await browser.post(`/client/${clientId}/edit-listing`, { intent: 'add', propertyId })
  const dealId = idFrom(
    await browser.post('/deals', { intent: 'create', clientId, title: 'Alfama flat sale', value: '250000', currency: 'EUR', redirectTo: '' }),
    /^\/deal\/([0-9a-f-]{36})$/,
    'deal',
  )

  const upload = new FormData()
  upload.set('intent', 'upload-photos')
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer()
  upload.append('photos', new File([new Uint8Array(jpeg)], 'room.jpg', { type: 'image/jpeg' }))
  await browser.postMultipart(`/property/${propertyId}/media?upload=photos`, upload)
  const document = new FormData()
  document.set('intent', 'upload-document')
  // A title of its own: other tests look their documents up by title in the shared database.
  document.set('title', 'World fixture plan')
  document.set('document', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'plan.pdf', { type: 'application/pdf' }))
  await browser.postMultipart(`/property/${propertyId}/media?upload=document`, document)
  const [photo] = await getDb().select({ id: propertyPhotos.id }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId))
  const [doc] = await getDb().select({ id: propertyDocuments.id }).from(propertyDocuments).where(eq(propertyDocuments.propertyId, propertyId))
  if (!photo || !doc) throw new Error('media upload failed')

  // A viewing that took place, marked done (so its client's feedback page exists), and a task.
  const scheduled = await browser.post(`/property/${propertyId}`, { intent: 'schedule-viewing', clientId, date: '2024-06-01', time: '10:00', durationMinutes: '30' })
  if (scheduled.status !== 302) throw new Error(`viewing failed: ${scheduled.status}`)
  const [viewing] = await getDb().select({ id: viewings.id }).from(viewings).where(eq(viewings.propertyId, propertyId))
  if (!viewing || (await browser.post(`/viewing/${viewing.id}`, { intent: 'status', status: 'done' })).status !== 302) throw new Error('viewing status failed')
  const [done] = await getDb().select({ token: viewings.feedbackToken }).from(viewings).where(eq(viewings.id, viewing.id))
  await browser.post(`/property/${propertyId}`, { intent: 'add-task', title: 'Call the notary', dueDate: '2030-06-02', dueTime: '09:00' })
  const [task] = await getDb().select({ id: tasks.id }).from(tasks).where(eq(tasks.propertyId, propertyId))
  if (!done?.token || !task) throw new Error('agenda fixtures failed')

  // The agency's public website (its slug; the world's listing is private, so the site is empty).
  const [agency] = await getDb()
    .select({ slug: agencies.slug })
    .from(agencies)
    .innerJoin(agencyMembers, eq(agencyMembers.agencyId, agencies.id))
    .innerJoin(users, eq(users.id, agencyMembers.userId))
    .where(eq(users.email, email))
  if (!agency) throw new Error('no agency')

  return {
    browser,
    email,
    agencySlug: agency.slug,
    propertyId,
    clientId,
    dealId,
    photoId: photo.id,
    documentId: doc.id,
    propertyShare: await newestShare(browser, 'property', propertyId),
    listingShare: await newestShare(browser, 'client_listing', clientId),
    viewingId: viewing.id,
    feedbackToken: done.token,
    taskId: task.id,
  }
}

/**
 * One real address for every route of app/routes.ts, keyed by route id as the build's
 * manifest names them, so a test can check that none is missing.
 */
export function routeSamples(w: BrokerWorld): Record<string, string[]> {
  const info = ['support', 'terms', 'privacy', 'data-policy', 'disclaimer', 'refund-policy', 'cookie-policy', 'contact', 'shipping-policy', 'about', 'help']
  return {
    'routes/public/landing': ['/'],
    'routes/public/pricing': ['/pricing', '/pricing?checkout=cancelled'],
    'routes/public/checkout-return': ['/pricing/checkout-return?session_id=cs_test_unknown'],
    // Posted by Stripe (JSON, signed); with the manual provider it is a 404 to every POST.
    'routes/webhooks/stripe': ['/webhooks/stripe'],
    // Posted by inbound-mail services (the raw message, signed): 415 / 401 to anything else.
    'routes/webhooks/inbound-mail': ['/webhooks/inbound-mail'],
    ...Object.fromEntries(info.map((page) => [`routes/public/${page}`, [`/${page}`]])),
    'routes/auth/auth': ['/auth', '/auth?mode=signup'],
    // Without a half-signed-in cookie: back to /auth.
    'routes/auth/two-factor': ['/auth/two-factor'],
    'routes/auth/auth-recovery': ['/auth-recovery'],
    'routes/auth/forgot-password': ['/forgot-password'],
    // An unknown link: the page's 404 with "Ask for a new link".
    'routes/auth/reset-password': [`/reset-password/${'A'.repeat(43)}`],
    'routes/auth/clear-navigation': ['/clear-navigation'],
    'routes/auth/logout': ['/logout'],
    'routes/share/preview': [`/preview/${w.propertyShare}`],
    'client-listing': [`/client-listing/${w.listingShare}`],
    // The world has no client with alerts on: unknown ids (client-alerts.test.ts opens real ones).
    'routes/share/alert': [`/alerts/${'A'.repeat(22)}`],
    'routes/share/unsubscribe': [`/unsubscribe/${'A'.repeat(43)}`],
    // Enquiry forms (docs/decisions/036): on the world's two shares; on an alert page and an
    // agency website that do not exist (enquiries-and-website.test.ts posts to real ones).
    'enquiry-property-share': [`/preview/${w.propertyShare}/enquiry`],
    'enquiry-shortlist-share': [`/client-listing/${w.listingShare}/enquiry`],
    'enquiry-alert': [`/alerts/${'A'.repeat(22)}/enquiry`],
    'enquiry-website': ['/a/no-such-agency/enquiry'],
    'enquiry-website-listing': [`/a/no-such-agency/p/${w.propertyId}-no-such-listing/enquiry`],
    'routes/website/agency': [`/a/${w.agencySlug}`, `/a/${w.agencySlug}?q=flat&minPrice=100000`],
    // A private listing is not on the website: the page of a listing gone (410, with similar ones).
    'routes/website/listing': [`/a/${w.agencySlug}/p/${w.propertyId}-flat`],
    'routes/website/sitemap': [`/a/${w.agencySlug}/sitemap.xml`],
    'routes/website/sitemap-index': ['/sitemap.xml'],
    'routes/website/robots': ['/robots.txt'],
    'routes/resources/theme': ['/theme'],
    'routes/resources/media': [`/media/${w.photoId}/small`],
    'routes/resources/document': [`/documents/${w.documentId}`],
    'routes/resources/healthz': ['/healthz'],
    'routes/resources/kyero-feed': [`/feeds/${'A'.repeat(22)}/kyero.xml`],
    'routes/resources/calendar-feed': [`/calendar/${'A'.repeat(22)}/agenda.ics`],
    'routes/share/viewing-feedback': [`/viewing-feedback/${w.feedbackToken}`],
    'routes/resources/avatar': [`/avatars/${'0'.repeat(32)}/64`],
    'routes/resources/logo': [`/logos/${'0'.repeat(32)}/96`],
    'routes/app/home': ['/home'],
    // POSTed to, the layout sends a form of the one-page profile on to its section (307).
    'routes/app/profile/layout': ['/profile'],
    'routes/app/profile/index': ['/profile'],
    'routes/app/profile/account': ['/profile/account'],
    'routes/app/profile/security': ['/profile/security'],
    'routes/app/profile/billing': ['/profile/billing'],
    'routes/app/profile/connections': ['/profile/connections'],
    'routes/app/profile/data': ['/profile/data'],
    'routes/app/notifications': ['/notifications'],
    'routes/app/profile-export': ['/profile/export'],
    'routes/app/profile-portal-feed': ['/profile/portal-feed'],
    'routes/app/profile-calendar-feed': ['/profile/calendar-feed'],
    'routes/app/agenda': ['/agenda'],
    'routes/app/viewing': [`/viewing/${w.viewingId}`],
    'routes/app/property-viewing-report': [`/property/${w.propertyId}/viewing-report`],
    'routes/app/profile-export-download': [`/profile/exports/${w.propertyId}`],
    'routes/app/public-properties': ['/public-properties'],
    'routes/app/properties': ['/properties'],
    'routes/app/clients': ['/clients'],
    'routes/app/properties-export': ['/properties/export.csv?city=Lisbon'],
    'routes/app/clients-export': ['/clients/export.csv?stage=new'],
    'routes/app/properties-import': ['/properties/import'],
    'routes/app/clients-vcard': ['/clients/export.vcf'],
    'routes/app/client-vcard': [`/client/${w.clientId}/export.vcf`],
    'routes/app/clients-import': ['/clients/import'],
    // An import that is not the broker's: the 404.
    'routes/app/import-preview': [`/imports/${w.propertyId}`],
    'routes/app/property-type-selection': ['/property/type-selection'],
    'routes/app/property-new-redirect': ['/property/new'],
    'routes/app/property-new': ['/property/new/residential'],
    'routes/app/property': [`/property/${w.propertyId}`],
    'routes/app/property-edit': [`/property/${w.propertyId}/edit`],
    'property-edit-alt': [`/property/edit/${w.propertyId}`],
    'routes/app/property-brochure': [`/property/${w.propertyId}/brochure`],
    'routes/app/property-open-houses': [`/property/${w.propertyId}/open-houses`],
    // An open house that is not the property's: the 404.
    'routes/app/open-house-sign': [`/property/${w.propertyId}/open-houses/${w.propertyId}/sign`],
    // An unknown door page (open-houses.test.ts opens real ones).
    'routes/share/open-house': [`/open-house/${'A'.repeat(22)}`],
    'routes/app/property-media': [`/property/${w.propertyId}/media`, `/property/${w.propertyId}/media?upload=photos`],
    'routes/app/client-new': ['/client/new'],
    'routes/app/client': [`/client/${w.clientId}`],
    'routes/app/client-edit': [`/client/edit/${w.clientId}`],
    'routes/app/client-edit-listing': [`/client/${w.clientId}/edit-listing`],
    'routes/app/client-listing': [`/client/${w.clientId}/listing`],
    'routes/app/client-listing-item': [`/client/${w.clientId}/listing/${w.propertyId}`],
    'routes/app/deals': ['/deals'],
    'routes/app/deal': [`/deal/${w.dealId}`],
    'routes/app/public-property': [`/public-properties/${w.propertyId}`],
    'routes/app/shares': ['/shares'],
    'routes/app/comments': ['/comments'],
    'routes/public/not-found': ['/no-such-page'],
    'routes/app/trash': [`/trash?delete=property:${w.propertyId}`],
    'routes/app/agency': ['/agency'],
    'routes/app/agency-audit': ['/agency/audit'],
    'routes/app/leads': ['/leads'],
    'routes/app/lead-templates': ['/leads/templates'],
    // Not a lead of the world's agency: the 404.
    'routes/app/lead': [`/lead/${w.propertyId}`],
    // A token of the right shape that names no invitation: the 410 page.
    'routes/auth/invite': ['/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  }
}

/** Route ids of the build that render something (not the root or a pathless layout). */
export function routeIdsOfBuild(): string[] {
  return Object.values(serverBuild.routes)
    .filter((route) => route !== undefined && route.id !== 'root' && (route.path !== undefined || route.index))
    .map((route) => route!.id)
}

/** Route ids of the build whose module exports an action. */
export function actionRouteIdsOfBuild(): string[] {
  return Object.values(serverBuild.routes)
    .filter((route) => route?.module.action)
    .map((route) => route!.id)
}
