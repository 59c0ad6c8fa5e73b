import { createHash, randomBytes } from 'node:crypto'
import type { Cookie, Page } from '@playwright/test'
import { expect, signUpAndSignIn, test, hydrateOnLoad } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe, insertClientAlert, insertShare, setTheme, switchThemeInPlace } from './support/a11y.ts'
import { insertClient, insertDeal, insertListingItem } from './support/clients.ts'
import { E2E_BASE_URL } from './support/env.ts'
import { DESKTOP_WIDTH, PHONE_WIDTH } from './support/layout.ts'
import { insertProperties, makePhotos } from './support/properties.ts'

/**
 * axe-core on every page of the app and both share pages, in the light and dark themes, at
 * phone and desktop width, with data in them: 0 violations of WCAG 2.2 A/AA (axe's wcag2a,
 * wcag2aa, wcag21a, wcag21aa and wcag22aa rules).
 *
 * JavaScript-on project only (playwright.config.ts ignores this file for js-off): the server
 * renders the same markup either way, and the hydrated page is the one with more on it
 * (Conform's attributes, the toast region). The share pages are scanned as served, under their
 * Content-Security-Policy (no bypassCSP): axe goes in through the DevTools protocol, which the
 * CSP does not govern.
 *
 * Each page is loaded once and scanned four times: light at 375 then 1280 px, then dark at 1280
 * then 375 px. Resizing is faithful because the layout is CSS only (no script reads the width);
 * the dark theme is switched in place (see switchThemeInPlace), except on /profile/account, whose
 * theme buttons show the theme in the markup.
 */
const INFO_PAGES = ['support', 'terms', 'privacy', 'data-policy', 'disclaimer', 'refund-policy', 'cookie-policy', 'contact', 'shipping-policy', 'about', 'help']

/** Pages whose markup, not only <html data-theme>, depends on the theme cookie. */
const THEME_IN_MARKUP = new Set(['/profile/account'])

type Seeded = {
  propertyId: string
  clientId: string
  dealId: string
  propertyShare: string
  listingShare: string
  viewingId: string
  feedbackToken: string
  alertPath: string
  unsubscribePath: string
  importPreviewPath: string
  trashedId: string
  invitePath: string
}

let seeded: Seeded
let brokerCookies: Cookie[]

/**
 * Loads `path` (the theme cookie already says `theme`) and waits for hydration where the page
 * has scripts, then puts axe on it.
 */
async function load(page: Page, path: string, theme: 'light' | 'dark', status: number) {
  const response = await page.goto(path)
  expect(response?.status(), `${path} answers`).toBe(status)
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  // Share pages ship no script; every other page is scanned as hydrated (root's effect sets this).
  if ((await page.locator('script[type="module"], script[type="bv-deferred-module"]').count()) > 0) {
    await page.waitForFunction(() => typeof (window as { trialExpired?: unknown }).trialExpired === 'boolean')
  }
  await injectAxe(page)
}

async function scanAtWidths(page: Page, what: string, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    await expectNoAxeViolations(page, `${what}, ${width} px`)
  }
}

/**
 * Both themes, both widths, one load (two on a page with the theme in its markup). The theme
 * cookie says light throughout (each test sets it first), dark only for such a second load.
 */
async function scanPage(page: Page, path: string, status = 200) {
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 })
  await load(page, path, 'light', status)
  await scanAtWidths(page, `${path} (light)`, [PHONE_WIDTH, DESKTOP_WIDTH])
  if (THEME_IN_MARKUP.has(path)) {
    await setTheme(page, 'dark')
    await load(page, path, 'dark', status)
    await setTheme(page, 'light')
  } else {
    await switchThemeInPlace(page, 'dark')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  }
  await scanAtWidths(page, `${path} (dark)`, [DESKTOP_WIDTH, PHONE_WIDTH])
}

test.describe('axe: no WCAG 2.2 A/AA violations in both themes at 375 and 1280 px', () => {
  test.beforeAll(async ({ browser, db }, testInfo) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ baseURL: E2E_BASE_URL })
    await hydrateOnLoad(context)
    const page = await context.newPage()
    try {
      const broker = await signUpAndSignIn(page)
      await db.setPlan(broker.email, 'starter')

      // A property with photos, a public listing, a client with a shortlist, a deal, notes
      // everywhere and the client's feedback.
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
      // A budget in euros while the listings are in dollars: the client page's "Not compared" note.
      await db.sql`update clients set budget_max = 900000, budget_currency = 'EUR' where id = ${clientId}`
      await insertListingItem(db, broker.email, clientId, propertyId!, 'Walking distance to your office.')
      await insertListingItem(db, broker.email, clientId, otherId!)
      const dealId = await insertDeal(db, broker.email, clientId, { title: 'Harbour View offer', value: 450000, currency: 'EUR', propertyId })
      const owner = db.sql`(select id from users where lower(email) = lower(${broker.email}))`
      await db.sql`insert into comments (owner_id, subject, property_id, body) values (${owner}, 'property', ${propertyId!}, 'Seller wants a quick close.')`
      await db.sql`insert into comments (owner_id, subject, client_id, body) values (${owner}, 'client', ${clientId}, 'Called on Monday.')`
      await db.sql`insert into comments (owner_id, subject, deal_id, body) values (${owner}, 'deal', ${dealId}, 'Offer sent.')`
      const listingShare = await insertShare(db, broker.email, { clientId })
      const propertyShare = await insertShare(db, broker.email, { propertyId: propertyId! })
      await db.sql`
        insert into client_feedback (owner_id, share_id, client_id, property_id, reaction, comment, author_name)
        values (${owner}, ${listingShare}, ${clientId}, ${propertyId!}, 'interested', 'Love the view.', 'Maria')`

      // Viewings (one tomorrow, one done and rated) and tasks (one overdue, one ahead) for /agenda.
      const feedbackToken = randomBytes(16).toString('base64url')
      const [upcoming] = await db.sql<{ id: string }[]>`
        insert into viewings (owner_id, property_id, client_id, starts_at, duration_minutes, place, notes)
        values (${owner}, ${propertyId!}, ${clientId}, now() + interval '1 day', 45, 'Rua das Flores 12, Lisbon', 'Bring the keys.')
        returning id`
      await db.sql`
        insert into viewings (owner_id, property_id, client_id, starts_at, duration_minutes, place, status, feedback_token, rating, feedback_comment, feedback_at)
        values (${owner}, ${propertyId!}, ${clientId}, now() - interval '2 days', 30, 'Rua das Flores 12, Lisbon', 'done', ${feedbackToken}, 4, 'Lovely light.', now())`
      await db.sql`insert into tasks (owner_id, property_id, title, due_at) values (${owner}, ${propertyId!}, 'Order the energy certificate', now() - interval '1 day')`
      await db.sql`insert into tasks (owner_id, deal_id, title, due_at) values (${owner}, ${dealId}, 'Chase the deposit', now() + interval '3 days')`

      // The trash: a property, a client and a photo deleted, and a task of the broker's own that repeats.
      const [trashedId] = await insertProperties(db, broker.email, [{ title: 'Old Mill in the trash', city: 'Braga' }])
      await db.sql`update properties set deleted_at = now() where id = ${trashedId!}`
      await db.sql`insert into clients (owner_id, full_name, email, deleted_at) values (${owner}, 'Former Client', 'former@example.com', now())`
      await db.sql`update property_photos set deleted_at = now() where property_id = ${propertyId!} and position = 1`
      await db.sql`insert into tasks (owner_id, title, due_at, repeat) values (${owner}, 'Weekly team call', now() + interval '2 days', 'weekly')`
      // Unread notifications: the header's badge on every page, and "New" on /notifications.
      await db.sql`
        insert into notifications (owner_id, kind, summary, detail, href)
        values (${owner}, 'client_feedback', 'Ana Pereira: Interested in Alfama flat', 'Is the terrace south-facing?', ${`/client/${clientId}/listing`}),
               (${owner}, 'export_ready', 'Your data export is ready to download', '', '/profile/data')`

      // Property alerts on for the client: the alert page and the unsubscribe page.
      const { alertPath, unsubscribePath } = await insertClientAlert(db, broker.email, clientId, propertyId!)

      // An import preview with rows to import, a duplicate and a row with problems.
      await page.goto('/properties/import')
      const csv = ['ListingId,Title,type,ListPrice,City', 'A-1,Harbour loft,apartment,310000,Porto', 'A-2,Odd place,spaceship,abc,Braga', 'A-1,Copy,apartment,1,Faro'].join('\n')
      await page.getByLabel('File').setInputFiles({ name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await page.getByRole('button', { name: 'Upload and preview' }).click()
      await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/)
      const importPreviewPath = new URL(page.url()).pathname

      // An open invitation to the broker's agency (a seat bought for it: starter has one): listed
      // on /agency, and its link's page for the invitee.
      const inviteToken = randomBytes(32).toString('base64url')
      const agency = db.sql`(select agency_id from agency_members where user_id = ${owner} and role = 'owner')`
      await db.sql`update agencies set extra_seats = 1 where id = ${agency}`
      await db.sql`
        insert into agency_invitations (agency_id, email, role, token_hash, invited_by, expires_at)
        values (${agency}, ${`invitee-${randomBytes(4).toString('hex')}@example.com`}, 'agent', ${createHash('sha256').update(inviteToken).digest('hex')}, ${owner}, now() + interval '7 days')`
      await db.sql`insert into audit_log (agency_id, actor_id, action, object_type, summary) values (${agency}, ${owner}, 'member_invited', 'invitation', 'Invited a colleague as agent')`

      seeded = { propertyId: propertyId!, clientId, dealId, propertyShare, listingShare, viewingId: upcoming!.id, feedbackToken, alertPath, unsubscribePath, importPreviewPath, trashedId: trashedId!, invitePath: `/invite/${inviteToken}` }
      brokerCookies = await context.cookies()
    } finally {
      await context.close()
    }
  })

  test('every app page, signed in', async ({ page }) => {
    test.setTimeout(360_000)
    const { propertyId, clientId, dealId } = seeded
    await page.context().addCookies(brokerCookies)
    await setTheme(page, 'light')
    for (const path of [
      '/home',
      '/profile',
      '/profile/account',
      '/profile/security',
      '/profile/billing',
      '/profile/connections',
      '/profile/data',
      // After /home, whose header shows the unread badge; this page shows them "New" (and reads them).
      '/notifications',
      '/public-properties',
      `/public-properties/${propertyId}`,
      '/properties',
      '/property/type-selection',
      // Residential shows every field commercial and land do (FIELDS_BY_CATEGORY in catalog.ts).
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
      '/agenda',
      `/viewing/${seeded.viewingId}`,
      `/property/${propertyId}/viewing-report`,
      seeded.importPreviewPath,
      '/trash',
      // "Delete forever?" as drawn without JavaScript (a dialog box open in the page).
      `/trash?delete=property:${seeded.trashedId}`,
      '/agency',
      '/agency/audit',
    ]) {
      await scanPage(page, path)
    }
  })

  test('every public page and the not-found page, signed out', async ({ page }) => {
    test.setTimeout(240_000)
    await setTheme(page, 'light')
    for (const path of ['/', '/pricing', ...INFO_PAGES.map((p) => `/${p}`), '/auth', '/auth?mode=signup', '/auth-recovery', '/clear-navigation', seeded.invitePath]) {
      await scanPage(page, path)
    }
    await scanPage(page, '/no-such-page', 404)
  })

  test('every page a client opens (share, alert, viewing feedback, unsubscribe), under their CSP', async ({ page }) => {
    test.setTimeout(120_000)
    await setTheme(page, 'light')
    await scanPage(page, `/preview/${seeded.propertyShare}`)
    await scanPage(page, `/client-listing/${seeded.listingShare}`)
    await scanPage(page, seeded.alertPath)
    await scanPage(page, `/viewing-feedback/${seeded.feedbackToken}`)
    await scanPage(page, seeded.unsubscribePath)
  })
})
