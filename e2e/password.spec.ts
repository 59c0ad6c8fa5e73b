import { expect, expectToast, signUpAndSignIn, submitSignIn, test } from './support/fixtures.ts'
import { propertyFormReady } from './support/properties.ts'

test('changing the password in the profile Security section: a wrong current password is refused, then the new one works', async ({ page, javaScriptEnabled }) => {
  const broker = await signUpAndSignIn(page)
  await page.goto('/profile/security')
  const form = page.locator('form#change-password')
  await propertyFormReady(form, javaScriptEnabled)
  const newPassword = 'porto-bridge-7735-sunset'

  await form.getByLabel('Current password', { exact: true }).fill('not-my-password')
  await form.getByLabel('New password', { exact: true }).fill(newPassword)
  await form.getByLabel('Repeat the new password', { exact: true }).fill(newPassword)
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your current password is not correct')).toBeVisible()

  await form.getByLabel('Current password', { exact: true }).fill(broker.password)
  await form.getByLabel('New password', { exact: true }).fill(newPassword)
  await form.getByLabel('Repeat the new password', { exact: true }).fill(newPassword)
  await form.getByRole('button', { name: 'Change password' }).click()
  await expectToast(page, 'Password changed. 0 other devices were signed out.')

  await page.getByRole('button', { name: 'Log out' }).first().click()
  await expect(page).toHaveURL(/\/auth$/)
  await submitSignIn(page, broker.email, newPassword)
  await expect(page).toHaveURL(/\/home$/)
})
