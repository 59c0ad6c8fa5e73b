import { expect, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectNoAxeViolations, injectAxe, insertShare } from './support/a11y.ts'
import type { E2EDatabase } from './support/db.ts'
import { E2E_BASE_URL } from './support/env.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll } from './support/layout.ts'
import { insertProperties } from './support/properties.ts'

/*
 * Issue 27, items 1 and 2 (docs/decisions/036-enquiries-and-website.md): a visitor finds a
 * listing on the agency's website on a 360 px phone and asks about it, with JavaScript off and
 * on (the pages ship none either way) and the browser's own form checks at work; a client asks
 * from a share page on a desktop. Each enquiry is a lead of the agency.
 */

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true }

/** Every e2e visitor posts from the loopback address: clear its enquiry counter so reruns start afresh. */
async function resetLoopbackEnquiryLimit(db: E2EDatabase) {
  await db.sql`delete from rate_limits where key ~ ${String.raw`^enquiry:ip:(127\.|::1$|::ffff:127\.)`}`
}

async function websiteSlugOf(db: E2EDatabase, email: string) {
  const [row] = await db.sql<{ slug: string }[]>`
    select a.slug from agencies a join agency_members m on m.agency_id = a.id join users u on u.id = m.user_id
    where lower(u.email) = lower(${email}) order by m.joined_at limit 1`
  return row!.slug
}

async function leadsOfProperty(db: E2EDatabase, propertyId: string) {
  return db.sql<{ source: string; contact_name: string; phone_e164: string | null; consent_text: string | null; consented_at: Date | null }[]>`
    select source, contact_name, phone_e164, consent_text, consented_at from leads where property_id = ${propertyId} order by arrived_at`
}

test('a visitor on a phone finds a listing on the agency website and sends an enquiry', async ({ page, db, browser, javaScriptEnabled }) => {
  await resetLoopbackEnquiryLimit(db)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Website Test Flat', status: 'active', city: 'Porto', bedrooms: 2 }])
  await db.sql`update properties set visibility = 'public' where id = ${propertyId!}`
  const slug = await websiteSlugOf(db, broker.email)

  const context = await browser.newContext({ ...PHONE, javaScriptEnabled, baseURL: E2E_BASE_URL })
  try {
    const phone = await context.newPage()
    await phone.goto(`/a/${slug}`)
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSidewaysScroll(phone, 'the agency website at 360 px')
    // The search is a GET form: its filters are in the address.
    await phone.getByLabel('Search', { exact: true }).fill('website test')
    await phone.getByRole('button', { name: 'Search' }).click()
    await expect(phone).toHaveURL(/\?q=website\+test/)
    await phone.getByRole('link', { name: /Website Test Flat/ }).click()
    await expect(phone).toHaveURL(new RegExp(`/a/${slug}/p/${propertyId}-website-test-flat$`))
    await expect(phone.getByRole('heading', { level: 1, name: 'Website Test Flat' })).toBeVisible()
    await expectNoSidewaysScroll(phone, 'the listing page at 360 px')
    // axe runs in the page: only where the browser runs scripts (as in leads.spec.ts).
    if (javaScriptEnabled) {
      await injectAxe(phone)
      await expectNoAxeViolations(phone, 'the website listing page')
    }

    const form = phone.getByRole('form', { name: 'Ask about this property' })
    const send = form.getByRole('button', { name: 'Send enquiry' })
    // The browser's own checks: a name is required, and so is the consent box.
    await form.getByLabel('Message', { exact: true }).fill('')
    await send.click()
    await expect(phone).toHaveURL(new RegExp(`/p/${propertyId}-website-test-flat$`))
    expect(await form.getByLabel('Your name', { exact: true }).evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true)
    await form.getByLabel('Your name', { exact: true }).fill('Carla Visitor')
    await form.getByLabel('Message', { exact: true }).fill('Is it still available? Could I see it this week?')
    await form.getByLabel('E-mail', { exact: true }).fill('not an address')
    await send.click()
    expect(await form.getByLabel('E-mail', { exact: true }).evaluate((input) => (input as HTMLInputElement).validity.typeMismatch)).toBe(true)
    // No e-mail and no phone: the browser lets it through, the server says what is missing.
    await form.getByLabel('E-mail', { exact: true }).fill('')
    await form.getByRole('checkbox').check()
    await send.click()
    await expect(phone).toHaveURL(new RegExp(`/a/${slug}/p/${propertyId}/enquiry$`))
    const again = phone.getByRole('form', { name: 'Ask about Website Test Flat' })
    await expect(again.getByText('Give an e-mail address or a phone number, so we can answer you.')).toBeVisible()
    await expect(again.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(again.getByLabel('Message', { exact: true })).toHaveValue('Is it still available? Could I see it this week?')
    await expectNoSidewaysScroll(phone, 'the refused enquiry at 360 px')
    await again.getByLabel('Phone', { exact: true }).fill('+351 912 000 222')
    await again.getByRole('checkbox').check()
    await again.getByRole('button', { name: 'Send enquiry' }).click()
    await expect(phone).toHaveURL(new RegExp(`/a/${slug}/p/${propertyId}/enquiry/sent$`))
    await expect(phone.getByRole('heading', { name: 'Thank you, your enquiry has been sent' })).toBeVisible()
    if (javaScriptEnabled) {
      await injectAxe(phone)
      await expectNoAxeViolations(phone, 'the enquiry confirmation')
    }
    // The page ships no script, with JavaScript on or off.
    expect(await phone.locator('script:not([type="application/ld+json"])').count()).toBe(0)
  } finally {
    await context.close()
  }

  const [lead] = await leadsOfProperty(db, propertyId!)
  expect(lead).toMatchObject({ source: 'website', contact_name: 'Carla Visitor', phone_e164: '+351912000222' })
  expect(lead!.consent_text).toContain('may contact me about this enquiry')
  expect(lead!.consented_at).not.toBeNull()
  // The broker finds it in Leads.
  await page.goto('/leads')
  await expect(page.getByText('Carla Visitor').first()).toBeVisible()
})

test('a client asks about a shared property from the share page on a desktop', async ({ page, db, browser, javaScriptEnabled }) => {
  await resetLoopbackEnquiryLimit(db)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Shared Enquiry House', status: 'active' }])
  const shareId = await insertShare(db, broker.email, { propertyId: propertyId! })
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: DESKTOP_WIDTH, height: 900 }, baseURL: E2E_BASE_URL })
  try {
    const client = await context.newPage()
    await client.goto(`/preview/${shareId}`)
    const form = client.getByRole('form', { name: 'Ask about this property' })
    await form.getByLabel('Your name', { exact: true }).fill('Bruno Client')
    await form.getByLabel('E-mail', { exact: true }).fill('bruno@example.com')
    await form.getByLabel('Message', { exact: true }).fill('Can we visit on Saturday?')
    await form.getByLabel('When could you come to a viewing? (optional)').fill('Saturday morning')
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Send enquiry' }).click()
    await expect(client).toHaveURL(new RegExp(`/preview/${shareId}/enquiry/sent$`))
    await expect(client.getByRole('heading', { name: 'Thank you, your enquiry has been sent' })).toBeVisible()
    await client.getByRole('link', { name: 'Back to Shared Enquiry House' }).click()
    await expect(client).toHaveURL(new RegExp(`/preview/${shareId}$`))
  } finally {
    await context.close()
  }
  const [lead] = await leadsOfProperty(db, propertyId!)
  expect(lead).toMatchObject({ source: 'enquiry_form', contact_name: 'Bruno Client' })
})
