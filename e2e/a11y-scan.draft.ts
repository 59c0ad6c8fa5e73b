// DRAFT, not run yet: the full scan (about 150 axe runs) exceeded its time limit on this
// machine; rename to *.spec.ts once it is split or narrowed to finish in about 90 s (issue 15 note).
import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, insertShare, setTheme } from './support/a11y.ts'
import { insertClient, insertDeal, insertListingItem } from './support/clients.ts'
import { E2E_BASE_URL } from './support/env.ts'
import { DESKTOP_WIDTH, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties, makePhotos } from './support/properties.ts'

/**
 * axe-core on every page of the app and both share pages, in the light and dark themes, at
 * phone and desktop width, with data in them. Runs in the js-on project only (see
 * playwright.config.ts): the server renders the same markup either way, and the hydrated page
 * is the one with more on it (Conform's attributes, the toast region's live updates).
 * The share pages are scanned as served, under their Content-Security-Policy (no bypassCSP).
 */
const INFO_PAGES = ['support', 'terms', 'privacy', 'data-policy', 'disclaimer', 'refund-policy', 'cookie-policy', 'contact', 'shipping-policy', 'about', 'help']

test('every page has no WCAG 2.2 A/AA violations in both themes at 375 and 1280 px', async ({ page, db, browser }, testInfo) => {
  // About 150 scans at 1–1.5 s each on a shared 2-core machine.
  test.setTimeout(300_000)
  const broker = await signUpAndSignIn(page)
  await db.setPlan(broker.email, 'starter')

  // A property with photos (one captioned, two not), a public listing, a client with a
  // shortlist, a deal, notes everywhere and the client's feedback.
  const [propertyId, otherId] = await insertProperties(db, broker.email, [
    { title: 'Harbour View Apartment', city: 'Lisbon', status: 'active', bedrooms: 3, builtArea: 120 },
    { title: 'Garden Townhouse', city: 'Porto', status: 'under_offer' },
  ])
  await db.sql`update properties set visibility = 'public', description = 'Bright, quiet, near the river.' where id = ${propertyId!}`
  const photos = await makePhotos(testInfo, [
    { name: 'front.jpg', width: 1200, height: 900, colour: '#58a' },
    { name: 'kitchen.jpg', width: 900, height: 1200, colour: '#a85' },
  ])
  await page.goto(`/property/${propertyId}/media`)
  await page.getByLabel('Add photos', { exact: true }).setInputFiles(photos.map((p) => p.path))
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expect(page.getByRole('status').getByText('Added 2 photos.')).toBeVisible()

  const clientId = await insertClient(db, broker.email, { fullName: 'Maria Santos', notes: 'Prefers high floors.' })
  await insertListingItem(db, broker.email, clientId, propertyId!, 'Walking distance to your office.')
  await insertListingItem(db, broker.email, clientId, otherId!)
  const dealId = await insertDeal(db, broker.email, clientId, { title: 'Harbour View offer', value: 450000, currency: 'EUR', propertyId })
  const owner = db.sql`(select id from users where lower(email) = lower(${broker.email}))`
  await db.sql`insert into comments (owner_id, subject, property_id, body) values (${owner}, 'property', ${propertyId!}, 'Seller wants a quick close.')`
  await db.sql`insert into comments (owner_id, subject, client_id, body) values (${owner}, 'client', ${clientId}, 'Called on Monday.')`
  await db.sql`insert into comments (owner_id, subject, deal_id, body) values (${owner}, 'deal', ${dealId}, 'Offer sent.')`
  await insertShare(db, broker.email, { propertyId: propertyId! })
  const listingShare = await insertShare(db, broker.email, { clientId })
  const propertyShare = await insertShare(db, broker.email, { propertyId: propertyId! })
  await db.sql`
    insert into client_feedback (owner_id, share_id, client_id, property_id, reaction, comment, author_name)
    values (${owner}, ${listingShare}, ${clientId}, ${propertyId!}, 'interested', 'Love the view.', 'Maria')`

  const appPages = [
    '/home',
    '/profile',
    '/public-properties',
    `/public-properties/${propertyId}`,
    '/properties',
    '/property/type-selection',
    '/property/new/residential',
    `/property/${propertyId}`,
    `/property/${propertyId}/edit`,
    `/property/${propertyId}/media`,
    '/clients',
    '/client/new',
    `/client/${clientId}`,
    `/client/edit/${clientId}`,
    `/client/${clientId}/edit-listing`,
    `/client/${clientId}/listing`,
    `/client/${clientId}/listing/${propertyId}`,
    '/deals',
    `/deal/${dealId}`,
  ]
  const publicPages = ['/', '/pricing', ...INFO_PAGES.map((p) => `/${p}`), '/auth', '/auth?mode=signup', '/auth-recovery']
  const sharePages = [`/preview/${propertyShare}`, `/client-listing/${listingShare}`]

  // A visitor with no session for the public and share pages (what a client sees).
  const visitorContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  const visitor = await visitorContext.newPage()
  const scans: [typeof page, string[]][] = [
    [page, appPages],
    [visitor, [...publicPages, ...sharePages]],
  ]
  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const [scanPage] of scans) await setTheme(scanPage, theme)
      for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
        for (const [scanPage, paths] of scans) {
          await scanPage.setViewportSize({ width, height: 800 })
          for (const path of paths) {
            const response = await scanPage.goto(path)
            expect(response?.status(), `${path} answers`).toBe(200)
            await expect(scanPage.locator('html')).toHaveAttribute('data-theme', theme)
            await expectNoAxeViolations(scanPage, `${path} (${theme}, ${width} px)`)
          }
        }
        // The not-found page, once per theme and width.
        const response = await visitor.goto('/no-such-page')
        expect(response?.status()).toBe(404)
        await expectNoAxeViolations(visitor, `404 (${theme}, ${width} px)`)
      }
    }
  } finally {
    await visitorContext.close()
  }
})
