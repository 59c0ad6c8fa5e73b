import {
  expect,
  expectToast,
  makeBroker,
  signIn,
  signUp,
  submitSignIn,
  submitSignUp,
  test,
  toasts,
} from './support/fixtures.ts'

test.describe('auth', () => {
  test('sign up, sign in, see home, log out', async ({ page, db }) => {
    const broker = await signUp(page)
    // Sign-up creates the broker on the free trial but does not sign in.
    expect(await db.getPlan(broker.email)).toBe('free_trial')
    expect(await db.countSessions(broker.email)).toBe(0)

    await signIn(page, broker)
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${broker.fullName}` })).toBeVisible()
    // A fresh 14-day trial: whole days left + 1 (seed formula) is 14 just after sign-up.
    await expect(page.getByText('14 days left', { exact: true })).toBeVisible()
    expect(await db.countSessions(broker.email)).toBe(1)

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expectToast(page, 'Logged out successfully')
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    // Logout ends this device's session row.
    expect(await db.countSessions(broker.email)).toBe(0)

    await page.goto('/home')
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  })

  test('the auth page toggles between sign-in and sign-up', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveCount(0)
    // The recovery tools wait behind "Trouble signing in?" (a <details>, with or without JavaScript).
    await expect(page.getByRole('button', { name: 'Reset Navigation State' })).toBeHidden()
    await expect(page.getByRole('link', { name: 'Authentication Recovery' })).toBeHidden()
    await page.getByText('Trouble signing in?', { exact: true }).click()
    await expect(page.getByRole('button', { name: 'Reset Navigation State' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Authentication Recovery' })).toHaveAttribute('href', '/auth-recovery')

    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click()
    await expect(page).toHaveURL(/\/auth\?mode=signup$/)
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
    await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()

    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  })

  test('a wrong password shows "Invalid login credentials"', async ({ page, javaScriptEnabled }) => {
    const broker = await signUp(page)
    await submitSignIn(page, broker.email, `${broker.password}-wrong`)

    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    // The e-mail is kept; the server never echoes the password (with JS the typed value stays).
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(broker.email)
    if (!javaScriptEnabled) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  })

  test('a failed sign-in clears the sign-up toast; with JavaScript, focus goes to the first field in error', async ({ page, javaScriptEnabled }) => {
    const broker = await signUp(page)
    await expectToast(page, 'Account created successfully! Sign in to continue.')
    // At once, while the green toast would still be showing.
    await submitSignIn(page, broker.email, `${broker.password}-wrong`)

    const alert = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })
    await expect(alert).toBeVisible()
    await expect(toasts(page).getByText('Account created successfully! Sign in to continue.')).toHaveCount(0)
    await expect(toasts(page).getByRole('status')).toHaveCount(0)
    // The refusal concerns the pair: both fields are marked and described by the alert.
    for (const name of ['Email', 'Password']) {
      const field = page.getByLabel(name, { exact: true })
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(/Invalid login credentials/)
    }
    if (javaScriptEnabled) await expect(page.getByLabel('Email', { exact: true })).toBeFocused()

    // A field's own error: with JavaScript, focus goes to it, not to the button.
    await page.goto('/auth?mode=signup')
    await page.getByLabel('Full Name', { exact: true }).fill('Weak Password')
    await page.getByLabel('Email', { exact: true }).fill(makeBroker().email)
    await page.getByLabel('Password', { exact: true }).fill('12345')
    await page.getByRole('button', { name: 'Create account' }).click()
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    if (javaScriptEnabled) await expect(password).toBeFocused()
  })

  test('an unknown e-mail shows the same "Invalid login credentials"', async ({ page }) => {
    await page.goto('/auth')
    const stranger = makeBroker('nobody')
    await submitSignIn(page, stranger.email, stranger.password)
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible()
  })

  test('a weak password lists the reasons next to the Password field', async ({ page, db, javaScriptEnabled }) => {
    const broker = { ...makeBroker(), password: '12345' }
    await submitSignUp(page, broker)

    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveAccessibleDescription(/Use at least 8 characters\./)
    await expect(password).toHaveAccessibleDescription(/Choose a password that is not a common password\./)
    await expect(page.getByText('Use at least 8 characters.', { exact: true })).toBeVisible()
    await expect(page.getByText('Choose a password that is not a common password.', { exact: true })).toBeVisible()
    // Entered values are kept; the server never echoes the password.
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(broker.fullName)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(broker.email)
    if (!javaScriptEnabled) await expect(password).toHaveValue('')
    expect(await db.getPlan(broker.email)).toBeNull()
  })

  test('the e-mail address as password is refused', async ({ page }) => {
    const broker = makeBroker()
    await submitSignUp(page, { ...broker, password: broker.email.toUpperCase() })
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Do not use your e-mail address as the password\./,
    )
  })

  test('signing up twice with one e-mail shows an error', async ({ page }) => {
    const broker = await signUp(page)
    // Same address in other letter case: e-mails are unique case-insensitively.
    await submitSignUp(page, { ...makeBroker(), email: broker.email.toUpperCase() })

    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
    const email = page.getByLabel('Email', { exact: true })
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('An account with this email already exists. Sign in instead.')
  })
})
