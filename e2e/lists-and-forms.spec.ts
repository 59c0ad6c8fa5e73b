import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { CLIENT_URL, conformFormReady, fillClientForm, formWithButton, insertClient } from './support/clients.ts'
import { insertProperties, propertyForm } from './support/properties.ts'

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 800 }

test.describe('lists and forms', () => {
  test('property cards show bedrooms and area; a client budget shows its currency', async ({ page, db, javaScriptEnabled }) => {
    const broker = await signUpAndSignIn(page)
    await insertProperties(db, broker.email, [
      { title: 'Roomy Flat', city: 'Lisbon', bedrooms: 3, builtArea: 120 },
      { title: 'Single Room Studio', bedrooms: 1 },
      { title: 'Bare Listing' },
    ])
    await page.goto('/properties')
    const cardOf = (title: string) => page.getByRole('link').filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    await expect(cardOf('Roomy Flat').getByText('3 bedrooms · 120 m²', { exact: true })).toBeVisible()
    await expect(cardOf('Single Room Studio').getByText('1 bedroom', { exact: true })).toBeVisible()
    await expect(cardOf('Bare Listing').getByText(/bedroom|m²/)).toHaveCount(0)

    await page.goto('/client/new')
    const form = formWithButton(page, 'Add client')
    await conformFormReady(form, javaScriptEnabled)
    await fillClientForm(form, { 'Full name': 'Budget Buyer', 'Budget from': '300000', 'Budget up to': '450000', 'Budget currency': 'eur' })
    await form.getByRole('button', { name: 'Add client' }).click()
    await expect(page).toHaveURL(CLIENT_URL)
    await expectToast(page, 'Client added.')
    const requirements = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Requirements' }) })
    await expect(requirements.getByRole('definition')).toHaveText(['€300,000 – €450,000'])
  })

  test('required fields are marked, visibly and for assistive technology', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/property/new/residential')
    const form = propertyForm(page, 'Create property')
    await expect(form.getByText('Fields marked * are required.')).toBeVisible()
    for (const name of ['Title', 'Type', 'Purpose', 'Currency']) {
      const control = form.getByLabel(name, { exact: true })
      await expect(control, name).toHaveJSProperty('required', true)
      // The asterisk is seen beside the label, and not read into the field's name: the required state is announced instead.
      const label = form.locator(`label[for="${await control.getAttribute('id')}"]`)
      await expect(label).toHaveText(name)
      await expect(label.locator('xpath=..').locator('[data-required-mark]')).toBeVisible()
    }
    for (const name of ['Tags', 'Price', 'City', 'Description']) {
      const control = form.getByLabel(name, { exact: true })
      await expect(control, name).toHaveJSProperty('required', false)
      const label = form.locator(`label[for="${await control.getAttribute('id')}"]`)
      await expect(label.locator('xpath=..').locator('[data-required-mark]')).toHaveCount(0)
    }
  })

  for (const { path, search, label, fill } of [
    { path: '/properties', search: 'Filter properties', label: 'City or area', fill: 'Lisbon' },
    { path: '/clients', search: 'Filter clients', label: 'Search', fill: 'Ana' },
  ]) {
    test(`${path}: the filters fold on phones, closed until a filter is active; always open on a desktop`, async ({ page, db }) => {
      const broker = await signUpAndSignIn(page)
      await insertProperties(db, broker.email, [{ title: 'Filter Me', city: 'Lisbon' }])
      await insertClient(db, broker.email, { fullName: 'Ana Filter' })

      await page.setViewportSize(PHONE)
      await page.goto(path)
      const filters = page.getByRole('search', { name: search })
      const summary = page.locator('summary').filter({ hasText: /^Filters/ })
      await expect(summary).toHaveText('Filters')
      await expect(filters.getByLabel(label, { exact: true })).toBeHidden()
      await summary.click()
      await filters.getByLabel(label, { exact: true }).fill(fill)
      await filters.getByRole('button', { name: 'Apply filters' }).click()
      await expect(page).toHaveURL(new RegExp(`${path}\\?`))
      // A filter is active: the panel opens with it, and says so when folded.
      await expect(filters.getByLabel(label, { exact: true })).toHaveValue(fill)
      await expect(filters.getByLabel(label, { exact: true })).toBeVisible()
      await expect(summary).toHaveText('Filters (1 active)')

      await page.setViewportSize(DESKTOP)
      await page.goto(path)
      await expect(filters.getByLabel(label, { exact: true })).toBeVisible()
      await expect(summary).toBeHidden()
    })
  }
})
