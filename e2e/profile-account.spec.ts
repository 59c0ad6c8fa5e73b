import sharp from 'sharp'
import { expect, expectToast, signUpAndSignIn, submitSignIn, test } from './support/fixtures.ts'
import { propertyFormReady } from './support/properties.ts'

test('an uploaded avatar shows in the header (64 px square), and removing it brings the initials back', async ({ page }) => {
  const broker = await signUpAndSignIn(page)
  const initials = broker.fullName.trim().split(/\s+/).map((word, i, all) => (i === 0 || i === all.length - 1 ? word[0] : '')).join('').toUpperCase()
  const header = page.getByTestId('shell-avatar').filter({ visible: true })
  await expect(header).toHaveText(new RegExp(`^${initials}`))

  await page.goto('/profile/account')
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer()
  await page.getByLabel('Upload an image').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByRole('button', { name: 'Save avatar' }).click()
  await expectToast(page, 'Avatar saved.')
  await expect(page).toHaveURL(/\/profile\/account$/)

  const image = header.locator('img')
  await expect(image).toHaveAttribute('src', /^\/avatars\/[0-9a-f]{32}\/64$/)
  // Really loaded, and the 64 px file.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 64, 64])

  await page.getByRole('button', { name: 'Remove avatar' }).click()
  await expectToast(page, 'Avatar removed.')
  await expect(header.locator('img')).toHaveCount(0)
  await expect(header).toHaveText(new RegExp(`^${initials}`))
})

test('deleting the account: a wrong password is refused, then it lands on / signed out and cannot sign in again', async ({ page, javaScriptEnabled }) => {
  const broker = await signUpAndSignIn(page)
  await page.goto('/profile/data')
  const zone = page.getByRole('region', { name: 'Danger zone' })
  const form = zone.locator('form#delete-account')
  await propertyFormReady(form, javaScriptEnabled)

  await form.getByLabel('Your password', { exact: true }).fill('not-my-password')
  await form.getByLabel('Type DELETE to confirm', { exact: true }).fill('DELETE')
  await form.getByRole('button', { name: 'Delete my account' }).click()
  await expect(form.getByText('Your password is not correct')).toBeVisible()
  await expect(form.getByLabel('Your password', { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Your password', { exact: true }).fill(broker.password)
  await form.getByLabel('Type DELETE to confirm', { exact: true }).fill('DELETE')
  await form.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectToast(page, 'Your account has been deleted.')

  // Signed out: the app sends to sign-in, and the account is gone.
  await page.goto('/home')
  await expect(page).toHaveURL(/\/auth/)
  await submitSignIn(page, broker.email, broker.password)
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
})
