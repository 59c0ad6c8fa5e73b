import {
  expect,
  expectToast,
  signUp,
  signUpAndSignIn,
  submitSignIn,
  test,
  toasts,
} from './support/fixtures.ts'

const TRIAL_EXPIRED = 'Your trial has expired. Please upgrade to access this feature.'

test.describe('session guard', () => {
  test('a guarded path without a session goes to /auth, and back to it after sign-in', async ({ page }) => {
    const broker = await signUp(page)

    await page.goto('/properties')
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()

    await submitSignIn(page, broker.email, broker.password)
    await expect(page).toHaveURL(/\/properties$/)
    await expectToast(page, 'Logged in successfully!')
    await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible()
  })

  test('a session ended elsewhere: the next click goes to /auth, then back after sign-in', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    // A page without a toast, so nothing covers the top bar (see shell.spec.ts).
    await page.goto('/public-properties')
    await db.endSessions(broker.email)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await submitSignIn(page, broker.email, broker.password)
    await expect(page).toHaveURL(/\/clients$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
  })

  test('Reset Navigation State on /auth forgets the saved path', async ({ page }) => {
    const broker = await signUp(page)
    await page.goto('/properties')
    await expect(page).toHaveURL(/\/auth$/)

    await page.getByText('Trouble signing in?', { exact: true }).click()
    await page.getByRole('button', { name: 'Reset Navigation State' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await submitSignIn(page, broker.email, broker.password)
    await expect(page).toHaveURL(/\/home$/)
  })

  test('choosing a plan while signed out asks to sign in, then returns to /pricing', async ({ page, db }) => {
    const broker = await signUp(page)
    await page.goto('/pricing')
    await page.getByRole('button', { name: 'Choose Advanced' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expectToast(page, 'Sign in or create an account to choose a plan')

    await submitSignIn(page, broker.email, broker.password)
    await expect(page).toHaveURL(/\/pricing$/)
    await expectToast(page, 'Logged in successfully!')
    // Nothing was bought on the way.
    expect(await db.getPlan(broker.email)).toBe('free_trial')
  })

  test('a signed-in broker on /pricing keeps the app navigation', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/pricing')
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click()
    await expect(page).toHaveURL(/\/clients$/)
    await page.goto('/pricing')
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveCount(0)
  })

  test('a signed-in broker opening /auth is sent to /home', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/home$/)
  })

  test('a visitor without a session is sent to /auth every time, never to the loop screen', async ({ page }) => {
    for (const path of ['/home', '/clients', '/deals', '/home']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/auth$/)
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    }
  })

  test('a session that keeps failing shows the recovery screen on the second redirect within 30 s', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'bv_session')
    if (!cookie) throw new Error('no session cookie')
    await db.endSessions(broker.email)
    // The browser keeps sending the dead session's cookie, as a broken client would.
    await page.goto('/home')
    await expect(page).toHaveURL(/\/auth$/)
    await page.context().addCookies([cookie])
    await page.goto('/clients')
    await expect(page).toHaveURL(/\/auth-recovery$/)
    await expect(page.getByRole('heading', { name: 'Navigation loop detected' })).toBeVisible()
    const diagnostics = page.getByRole('region', { name: 'Diagnostics' })
    await expect(diagnostics.getByRole('definition').nth(2)).toHaveText('/clients')
  })
})

test.describe('recovery screen', () => {
  test('shows diagnostics and its buttons; Clear Navigation State clears them', async ({ page, db }) => {
    // A failed session on a guarded request leaves a saved path and a counter behind.
    const broker = await signUpAndSignIn(page)
    await db.endSessions(broker.email)
    await page.goto('/properties')
    await expect(page).toHaveURL(/\/auth$/)
    await page.getByText('Trouble signing in?', { exact: true }).click()
    await page.getByRole('link', { name: 'Authentication Recovery' }).click()
    await expect(page).toHaveURL(/\/auth-recovery$/)

    // One failed redirect is no loop: opened by hand, the screen says nothing is wrong.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No navigation loop detected')
    await expect(page.getByText(/^Nothing is wrong: /)).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Navigation loop detected' })).toHaveCount(0)
    const diagnostics = page.getByRole('region', { name: 'Diagnostics' })
    await expect(diagnostics).toContainText('Saved redirect path')
    await expect(diagnostics).toContainText('/properties')
    await expect(diagnostics).toContainText('redirect_/properties->/auth: 1')
    await expect(page.getByRole('button', { name: 'Go to Login Page' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go to Home Page' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Full Page Reload' })).toHaveAttribute('href', '/auth-recovery')

    await page.getByRole('button', { name: 'Clear Navigation State' }).click()
    await expect(page).toHaveURL(/\/auth-recovery$/)
    await expectToast(page, 'Navigation state cleared successfully')
    await expect(diagnostics).not.toContainText('/properties')
    await expect(diagnostics).toContainText('Redirect counters')
    await expect(diagnostics).not.toContainText('redirect_')
  })

  test('Go to Login Page goes to /auth', async ({ page }) => {
    await page.goto('/auth-recovery')
    await page.getByRole('button', { name: 'Go to Login Page' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  })

  test('Go to Home Page goes to /home when signed in', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/auth-recovery')
    await page.getByRole('button', { name: 'Go to Home Page' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible()
  })
})

test.describe('expired trial', () => {
  test('a protected path goes to /pricing; choosing Starter returns to it', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    await db.expireTrial(broker.email)

    await page.goto('/properties')
    await expect(page).toHaveURL(/\/pricing$/)
    await expectToast(page, TRIAL_EXPIRED)
    await expect(page.locator('html')).toHaveAttribute('data-trial-expired', 'true')
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible()

    const plans = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
    await expect(plans.getByRole('heading', { level: 2 })).toHaveText(['Free trial', 'Starter', 'Advanced', 'Professional'])
    for (const [name, limit] of [['Free trial', 5], ['Starter', 25], ['Advanced', 100], ['Professional', 250]] as const) {
      const card = plans.filter({ has: page.getByRole('heading', { name, exact: true }) })
      await expect(card).toContainText(`up to ${limit} properties`)
    }
    await expect(page.getByRole('button', { name: 'Choose Starter' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Choose Advanced' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Choose Professional' })).toBeVisible()

    await page.getByRole('button', { name: 'Choose Starter' }).click()
    await expect(page).toHaveURL(/\/properties$/)
    await expectToast(page, 'You are now on the Starter plan.')
    await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible()
    await expect(page.getByText(/Your plan holds up to 25 properties\./)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-trial-expired', 'false')
    expect(await db.getPlan(broker.email)).toBe('starter')
  })

  test('tapping a protected nav item goes to /pricing and back after the upgrade', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    await page.goto('/public-properties')
    await db.expireTrial(broker.email)
    const nav = page.getByRole('navigation', { name: 'Main' })

    await nav.getByRole('link', { name: 'Clients' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expectToast(page, TRIAL_EXPIRED)

    await page.getByRole('button', { name: 'Choose Professional' }).click()
    await expect(page).toHaveURL(/\/clients$/)
    await expectToast(page, 'You are now on the Professional plan.')
    expect(await db.getPlan(broker.email)).toBe('professional')
  })

  test('/home and /clients go to /pricing too', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    await db.expireTrial(broker.email)

    await page.goto('/clients')
    await expect(page).toHaveURL(/\/pricing$/)
    await expectToast(page, TRIAL_EXPIRED)

    await page.goto('/home')
    await expect(page).toHaveURL(/\/pricing$/)
    await expectToast(page, TRIAL_EXPIRED)
  })

  test('/profile and /public-properties stay reachable', async ({ page, db }) => {
    const broker = await signUpAndSignIn(page)
    await db.expireTrial(broker.email)

    await page.goto('/profile')
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Billing' }).click()
    await expect(page).toHaveURL(/\/profile\/billing$/)
    await expect(page.getByText('Your free trial has ended.')).toBeVisible()

    await page.goto('/public-properties')
    await expect(page).toHaveURL(/\/public-properties$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Public properties' })).toBeVisible()
    await expect(toasts(page).getByText(TRIAL_EXPIRED)).toHaveCount(0)
  })

  test('signing in with an expired trial lands on /pricing', async ({ page, db }) => {
    const broker = await signUp(page)
    await db.expireTrial(broker.email)
    await submitSignIn(page, broker.email, broker.password)
    // Sign-in goes to /home, whose trial guard sends the broker on to /pricing.
    await expect(page).toHaveURL(/\/pricing$/)
    await expectToast(page, TRIAL_EXPIRED)
  })
})
