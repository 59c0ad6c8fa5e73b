import { Secret, TOTP } from 'otpauth'
import { expect, expectToast, signUpAndSignIn, submitSignIn, test } from './support/fixtures.ts'

/** What the broker's authenticator app shows for the key typed from the page. */
const codeFor = (key: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30 }).generate({ timestamp })

test('two-factor: turned on from the profile Security section with the key on the page, then sign-in asks for a code and lands on /home', async ({ page }) => {
  const broker = await signUpAndSignIn(page)
  await page.goto('/profile/security')
  const card = page.locator('#two-factor')
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible()
  const key = (await card.getByTestId('two-factor-secret').textContent()) ?? ''
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)

  await card.getByLabel('2. Enter the 6-digit code from the app').fill(codeFor(key))
  await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
  await expectToast(page, 'Two-factor authentication is on. Save your recovery codes now.')
  await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  await expect(card.getByText('10 of 10 recovery codes left.')).toBeVisible()

  await page.locator('#main-content').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await submitSignIn(page, broker.email, broker.password)
  await expect(page).toHaveURL(/\/auth\/two-factor$/)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  // The next time step: the one used to turn it on is spent.
  await page.getByLabel('Authentication code').fill(codeFor(key, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expectToast(page, 'Logged in successfully!')
})
