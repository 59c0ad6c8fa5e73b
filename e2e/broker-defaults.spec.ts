import type { Page } from '@playwright/test'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { fillClientForm } from './support/clients.ts'
import { DESKTOP_WIDTH, expectNoSidewaysScroll, PHONE_WIDTH } from './support/layout.ts'
import { fillPropertyForm, propertyForm } from './support/properties.ts'

/**
 * Issue 25, defects 2 and 3, as a broker meets them, with JavaScript on and off, at phone and
 * desktop width: the profile's defaults (time zone, currency, area unit, date and number style),
 * a new property that starts in them, the client page saying which listings it did not compare
 * for their currency, and times told in the broker's zone.
 */

async function saveProfile(page: Page, choices: { timeZone?: string; currency?: string; areaUnit?: string }) {
  await page.goto('/profile/account')
  if (choices.timeZone) await page.getByLabel('Time zone', { exact: true }).selectOption(choices.timeZone)
  if (choices.currency) await page.getByLabel('Default currency', { exact: true }).selectOption(choices.currency)
  if (choices.areaUnit) await page.getByLabel('Default area unit', { exact: true }).selectOption({ label: choices.areaUnit })
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expectToast(page, 'Profile saved.')
}

for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
  test(`profile currency EUR: a new property starts in EUR, and the client page says what it did not compare (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await signUpAndSignIn(page)
    await saveProfile(page, { currency: 'EUR', areaUnit: 'ft²' })
    await expect(page.getByLabel('Default currency', { exact: true })).toHaveValue('EUR')
    await expectNoSidewaysScroll(page, `/profile at ${width} px`)

    // The new property form starts in the broker's currency and area unit.
    await page.goto('/property/new/residential')
    await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('EUR')
    await expect(page.getByLabel('Area unit', { exact: true })).toHaveValue('sqft')
    await expect(page.getByLabel('Currency', { exact: true }).locator('option:checked')).toHaveText('EUR — Euro')
    await expectNoSidewaysScroll(page, `/property/new/residential at ${width} px`)
    await fillPropertyForm(page, { Title: 'Graça flat in euros', Type: 'Apartment', Purpose: 'For sale', Price: '300000', City: 'Lisbon', Status: 'Active' })
    await propertyForm(page, 'Create property').getByRole('button', { name: 'Create property' }).click()
    await expectToast(page, 'Property created.')

    // The defect's listing: the currency changed away from the default, to dollars.
    await page.goto('/property/new/residential')
    await fillPropertyForm(page, { Title: 'Lisbon flat left in dollars', Type: 'Apartment', Purpose: 'For sale', Price: '385000', Currency: 'USD', City: 'Lisbon', Status: 'Active' })
    await propertyForm(page, 'Create property').getByRole('button', { name: 'Create property' }).click()
    await expectToast(page, 'Property created.')

    // A client with a €200–400k budget in Lisbon: the budget starts in EUR too.
    await page.goto('/client/new')
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add client' }) })
    await expect(form.getByLabel('Budget currency', { exact: true })).toHaveValue('EUR')
    await fillClientForm(form, { 'Full name': 'Euro Buyer', 'Budget from': '200000', 'Budget up to': '400000', 'Cities or areas': 'Lisbon' })
    await form.getByRole('button', { name: 'Add client' }).click()
    await expectToast(page, 'Client added.')

    const matches = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Matching properties' }) })
    await expect(matches.getByRole('heading', { name: 'Graça flat in euros' })).toBeVisible()
    await expect(matches.getByRole('heading', { name: 'Lisbon flat left in dollars' })).toHaveCount(0)
    const note = page.getByTestId('skipped-currencies')
    await expect(note).toHaveText(
      "Not compared: 1 listing that fits otherwise is priced in USD, and this budget is in EUR. A budget is only compared with prices in its own currency. Change the budget’s currency or the listing’s.",
    )
    await expect(note).toBeVisible()
    await expectNoSidewaysScroll(page, `the client page at ${width} px`)
    await note.getByRole('link', { name: 'Change the budget’s currency' }).click()
    await expect(page.getByLabel('Budget currency', { exact: true })).toHaveValue('EUR')
  })

  test(`times in the broker’s zone: the activity feed by day, each line a <time> with the exact moment (${width} px)`, async ({ page, db }) => {
    await page.setViewportSize({ width, height: 900 })
    const broker = await signUpAndSignIn(page)
    await saveProfile(page, { timeZone: 'Asia/Tokyo' })
    // The zone the broker chose comes first in the list.
    await expect(page.getByLabel('Time zone', { exact: true }).locator('option').first()).toHaveAttribute('value', 'Asia/Tokyo')
    await expect(page.getByLabel('Time zone', { exact: true }).locator('optgroup[label="Europe"] option[value="Europe/Kyiv"]')).toHaveCount(1)

    // 04:25 UTC on 15 January 2024 is 13:25 in Tokyo.
    await db.sql`
      insert into activities (owner_id, kind, summary, created_at)
      select id, 'client_updated', summary, at
        from users, (values ('Updated client A', '2024-01-15T04:25:00Z'::timestamptz), ('Updated client B', '2024-01-15T04:25:00Z'), ('Updated client C', now() - interval '2 minutes')) as e(summary, at)
       where lower(email) = lower(${broker.email})`
    await page.goto('/home')
    const feed = page.locator('#activity')
    await expect(feed.getByRole('heading', { level: 3 })).toHaveText(['Today', 'Mon 15 Jan 2024'])
    const lines = feed.locator('time[datetime="2024-01-15T04:25:00.000Z"]')
    await expect(lines).toHaveCount(2)
    await expect(lines).toHaveText(['13:25', '13:25'])
    await expect(lines.first()).toHaveAttribute('title', 'Mon 15 Jan 2024, 13:25')
    // Two minutes ago, said as people say it (a minute more by the time the page is read is fine).
    await expect(feed.locator('time').first()).toHaveText(/^\d min ago$/)
    await expectNoSidewaysScroll(page, `/home at ${width} px`)
  })
}
