import { expect, expectToast, signUp, signUpAndSignIn, test } from './support/fixtures.ts'
import { expectFocusInView, insertShare, tabTo } from './support/a11y.ts'
import { countFeedback, insertClient, insertListingItem, pageReady, resetLoopbackFeedbackLimit } from './support/clients.ts'
import { PHONE_WIDTH } from './support/layout.ts'
import { insertProperties, PROPERTY_URL } from './support/properties.ts'

/**
 * Keyboard only, on a phone-sized window (where the fixed bottom bar could cover focus): every
 * step is Tab, Shift+Tab, Enter, Space or typing, and every focus stop is checked to be inside
 * the viewport and not covered.
 */
test.use({ viewport: { width: PHONE_WIDTH, height: 700 } })

test('sign in with the keyboard: skip link first, then the form', async ({ page, javaScriptEnabled }) => {
  const broker = await signUp(page)
  await page.goto('/auth')
  await pageReady(page, javaScriptEnabled)
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await tabTo(page, skip, 'first stop is the skip link', { maxStops: 1 })
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  await tabTo(page, page.getByLabel('Email', { exact: true }), 'to Email')
  await page.keyboard.type(broker.email)
  await tabTo(page, page.getByLabel('Password', { exact: true }), 'to Password')
  await page.keyboard.type(broker.password)
  await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }), 'to Sign in')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home$/)
  await expectToast(page, 'Logged in successfully!')
  // With JavaScript the move is client-side, and focus lands on the new page's h1.
  if (javaScriptEnabled) await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  // From there (or from the top without JavaScript), Tab reaches the deal-board link low on /home, uncovered.
  await tabTo(page, page.getByRole('link', { name: 'Open the deal board' }), 'to the deal board link on /home')
})

test('create a property with the keyboard, every field in view above the bottom bar', async ({ page, javaScriptEnabled }) => {
  await signUpAndSignIn(page)
  await page.goto('/properties')
  await pageReady(page, javaScriptEnabled)
  await tabTo(page, page.getByRole('link', { name: 'Add property', exact: true }), 'to Add property')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/property\/type-selection$/)
  await tabTo(page, page.getByRole('link', { name: /^Residential/ }), 'to Residential')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/property\/new\/residential$/)
  await pageReady(page, javaScriptEnabled)

  await tabTo(page, page.getByLabel('Title', { exact: true }), 'to Title')
  await page.keyboard.type('Keyboard Cottage')
  await tabTo(page, page.getByLabel('Type', { exact: true }), 'to Type')
  await page.keyboard.type('Apartment')
  await tabTo(page, page.getByLabel('Purpose', { exact: true }), 'to Purpose')
  await page.keyboard.type('For sale')
  await tabTo(page, page.getByLabel('Price', { exact: true }), 'to Price')
  await page.keyboard.type('250000')
  // Every stop down to the submit button, Country and Floor included, is checked by tabTo.
  await tabTo(page, page.getByRole('button', { name: 'Create property' }), 'to Create property', { maxStops: 60 })
  // Back up one field and down again: Shift+Tab keeps focus in view as well.
  await page.keyboard.press('Shift+Tab')
  await expectFocusInView(page, 'Shift+Tab from Create property')
  await tabTo(page, page.getByRole('button', { name: 'Create property' }), 'back to Create property', { maxStops: 1 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(PROPERTY_URL)
  await expectToast(page, 'Property created.')
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard Cottage' })).toBeVisible()
})

test('leave feedback on a share page with the keyboard; the picked reaction shows as pressed', async ({ page, db }) => {
  await resetLoopbackFeedbackLimit(db)
  const broker = await signUpAndSignIn(page)
  const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Quiet Courtyard Flat', city: 'Lisbon', status: 'active' }])
  const clientId = await insertClient(db, broker.email, { fullName: 'Keyboard Client' })
  await insertListingItem(db, broker.email, clientId, propertyId!)
  const shareId = await insertShare(db, broker.email, { clientId })

  // The client: no session.
  await page.context().clearCookies()
  await page.goto(`/client-listing/${shareId}`)
  const form = page.getByRole('form', { name: 'Your feedback on Quiet Courtyard Flat' })
  const interested = form.getByRole('button', { name: 'Interested' })
  await expect(interested).toHaveAttribute('aria-pressed', 'false')
  await tabTo(page, form.getByLabel('Comment (optional)'), 'to the comment')
  await page.keyboard.type('Can we visit on Saturday?')
  await tabTo(page, form.getByLabel('Your name (optional)'), 'to the name')
  await page.keyboard.type('Ana')
  await tabTo(page, interested, 'to Interested')
  await page.keyboard.press('Space')

  await expectToast(page, 'Thank you! Your feedback has been sent to your broker.')
  expect(await countFeedback(db, clientId)).toBe(1)
  // The server marks the client's answer: pressed for assistive technology, and in words.
  await expect(interested).toHaveAttribute('aria-pressed', 'true')
  await expect(form.getByRole('button', { name: 'Not for me' })).toHaveAttribute('aria-pressed', 'false')
  await expect(form.getByText('Your answer: Interested.', { exact: true })).toBeVisible()
  await tabTo(page, form.getByRole('button', { name: 'Not for me' }), 'to Not for me')
})
