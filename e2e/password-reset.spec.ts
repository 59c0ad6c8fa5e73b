import { conformFormReady } from './support/clients.ts'
import { expect, expectToast, makeBroker, signIn, signUpAndSignIn, submitSignIn, test, hydrateOnLoad } from './support/fixtures.ts'
import { readResetLink } from './support/outbox.ts'

const SENT_MESSAGE =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works once, for one hour.'
const RESET_DONE_MESSAGE = 'Your password has been changed and every device signed out. Sign in with the new password.'

test('a forgotten password is reset through the mailed one-time link; every device is signed out', async ({
  page,
  browser,
  db,
  javaScriptEnabled,
}) => {
  // Two devices, seven password hashes or checks and a mailed link: ~20 s on a busy machine.
  test.setTimeout(90_000)

  // 1. Signed in on this browser and on a second device (its own context).
  const broker = await signUpAndSignIn(page)
  const other = await browser.newContext()
  await hydrateOnLoad(other)
  let link: string
  try {
    const otherPage = await other.newPage()
    await otherPage.goto('/auth')
    await signIn(otherPage, broker)
    await expect(otherPage).toHaveURL(/\/home$/)

    // 2. Signed out here, "Forgot your password?" from the sign-in form. The browser's own checks
    // stay on without JavaScript: the filled, required e-mail field must not block the POST.
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await expect(page).toHaveURL(/\/auth$/)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
    const askForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send the link' }) })
    await conformFormReady(askForm, javaScriptEnabled)
    const email = askForm.getByLabel('Email', { exact: true })
    await expect(email).toHaveAttribute('required', '')
    await email.fill(broker.email)
    await askForm.getByRole('button', { name: 'Send the link' }).click()

    // 3. The answer; an unknown address gets exactly the same one.
    const answer = page.getByRole('main').getByRole('status')
    await expect(answer).toHaveText(SENT_MESSAGE)
    await expect(page).toHaveURL(/\/forgot-password$/)

    await page.goto('/forgot-password')
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0)
    await conformFormReady(askForm, javaScriptEnabled)
    await askForm.getByLabel('Email', { exact: true }).fill(makeBroker('nobody').email)
    await askForm.getByRole('button', { name: 'Send the link' }).click()
    await expect(answer).toHaveText(SENT_MESSAGE)

    // 4. The mailed link opens the form; a too-short password is refused next to the field.
    link = await readResetLink(broker.email)
    expect(new URL(link).pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/)
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    await expect(page.getByText(`For ${broker.email}.`, { exact: false })).toBeVisible()
    const resetForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Set the new password' }) })
    await conformFormReady(resetForm, javaScriptEnabled)
    await resetForm.getByLabel('New password', { exact: true }).fill('Kx7#q2')
    await resetForm.getByLabel('Repeat the new password', { exact: true }).fill('Kx7#q2')
    await resetForm.getByRole('button', { name: 'Set the new password' }).click()

    const newPasswordField = resetForm.getByLabel('New password', { exact: true })
    await expect(newPasswordField).toHaveAttribute('aria-invalid', 'true')
    await expect(newPasswordField).toHaveAccessibleDescription('Use at least 8 characters.')
    await expect(page).toHaveURL(new URL(link).pathname)
    // Nothing changed: the other device is still signed in (and the link still works, below).
    expect(await db.countSessions(broker.email)).toBe(1)

    const newPassword = `Reset-${broker.password}`
    await resetForm.getByLabel('New password', { exact: true }).fill(newPassword)
    await resetForm.getByLabel('Repeat the new password', { exact: true }).fill(newPassword)
    await resetForm.getByRole('button', { name: 'Set the new password' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expectToast(page, RESET_DONE_MESSAGE)
    expect(await db.countSessions(broker.email)).toBe(0)

    // 5. The second device is signed out; the old password no longer works, the new one does.
    await otherPage.goto('/home')
    await expect(otherPage).toHaveURL(/\/auth$/)
    await expect(otherPage.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()

    await submitSignIn(page, broker.email, broker.password)
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    await submitSignIn(page, broker.email, newPassword)
    await expect(page).toHaveURL(/\/home$/)
    await expectToast(page, 'Logged in successfully!')
  } finally {
    await other.close()
  }

  // 6. The link was spent: it now says so, and offers to ask again.
  const response = await page.goto(link)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  const askAgain = page.getByRole('link', { name: 'Ask for a new link' })
  await expect(askAgain).toHaveAttribute('href', '/forgot-password')
  await askAgain.click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
})
