import { expect, expectToast, signIn, signUpAndSignIn, test, hydrateOnLoad } from './support/fixtures.ts'

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

test.describe('profile', () => {
  test('editing the profile saves and shows the values again', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    // The profile's entry lists its sections: the details are under Account.
    await page.locator('main').getByRole('list').getByRole('link', { name: /^Account/ }).click()
    await expect(page).toHaveURL(/\/profile\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()

    const values = {
      'Full name': 'Renamed Broker',
      Phone: '+44 20 7946 0958',
      'Agency name': 'Harbour Homes Ltd',
      'Licence number': 'LIC-0042',
    }
    for (const [label, value] of Object.entries(values)) {
      await page.getByLabel(label, { exact: true }).fill(value)
    }
    await page.getByRole('button', { name: 'Save profile' }).click()

    await expect(page).toHaveURL(/\/profile\/account$/)
    await expectToast(page, 'Profile saved.')
    for (const [label, value] of Object.entries(values)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)
    }

    // Stored, not just echoed: a fresh load shows them, and home greets the new name.
    await page.reload()
    for (const [label, value] of Object.entries(values)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value)
    }
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Renamed Broker' })).toBeVisible()
  })

  test('an invalid phone number is refused next to the field', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/profile/account')
    await page.getByLabel('Phone', { exact: true }).fill('call me maybe')
    await page.getByRole('button', { name: 'Save profile' }).click()

    const phone = page.getByLabel('Phone', { exact: true })
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toHaveAccessibleDescription('Enter a phone number using digits, spaces, +, -, ( and )')
    await expect(phone).toHaveValue('call me maybe')
  })

  test('lists the devices; the sign-out scopes end other sessions and then all', async ({ page, browser }) => {
    const broker = await signUpAndSignIn(page)
    // A second device, a phone: its own browser context, signed in as the same broker.
    const other = await browser.newContext({ userAgent: ANDROID_CHROME })
    await hydrateOnLoad(other)
    const otherPage = await other.newPage()
    await otherPage.goto('/auth')
    await signIn(otherPage, broker)
    await expect(otherPage).toHaveURL(/\/home$/)

    await page.goto('/profile/security')
    const devices = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Devices' }) })
    await expect(devices.getByRole('listitem')).toHaveCount(2)
    await expect(devices.getByText(/this device/)).toHaveCount(1)
    // Named as people say them, not as raw user-agent strings (issue 25).
    await expect(devices.getByText('Chrome on Android', { exact: true })).toBeVisible()
    await expect(devices.getByText('Chrome on Linux', { exact: true })).toBeVisible()
    await expect(devices.getByText(/Mozilla/)).toHaveCount(0)

    await page.getByRole('button', { name: 'Sign out other devices' }).click()
    await expect(page).toHaveURL(/\/profile\/security$/)
    await expectToast(page, 'Signed out 1 other device.')
    await expect(devices.getByRole('listitem')).toHaveCount(1)
    await otherPage.goto('/home')
    await expect(otherPage).toHaveURL(/\/auth$/)
    await other.close()

    // The "global" scope asks for the password again.
    await page.getByLabel('Password to confirm', { exact: true }).fill(broker.password)
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expectToast(page, 'Signed out on every device.')
    await page.goto('/profile/security')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('the theme buttons switch <html data-theme> to dark', async ({ page }) => {
    await signUpAndSignIn(page)
    await page.goto('/profile/account')
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-theme', 'system')

    await page.getByRole('button', { name: /^dark$/i }).click()
    await expect(page).toHaveURL(/\/profile\/account$/)
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByRole('button', { name: /^dark$/i })).toHaveAttribute('aria-pressed', 'true')

    // Stored in a cookie: other pages, and a fresh load, keep it.
    await page.goto('/')
    await expect(html).toHaveAttribute('data-theme', 'dark')

    await page.goto('/profile/account')
    await page.getByRole('button', { name: /^light$/i }).click()
    await expect(html).toHaveAttribute('data-theme', 'light')
  })
})

test.describe('bottom bar at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('shows the five items; the current one is marked and has no link', async ({ page }) => {
    await signUpAndSignIn(page)

    // The top bar (with its Log out button) is hidden below 768 px; only the bottom bar shows.
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden()
    const bar = page.getByRole('navigation', { name: 'Main' })
    await expect(bar).toHaveCount(1)
    await expect(bar).toBeVisible()
    const items = bar.locator('a')
    await expect(items).toHaveText(['Public', 'Properties', 'Home', 'Clients', 'Profile'])

    const current = bar.locator('[aria-current="page"]')
    await expect(current).toHaveText('Home')
    await expect(current).not.toHaveAttribute('href')
    await expect(bar.getByRole('link')).toHaveText(['Public', 'Properties', 'Clients', 'Profile'])
    await expect(bar.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients')

    // The bar sits at the bottom of the viewport.
    const box = await bar.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.y + box!.height).toBeGreaterThan(740 - 2)

    await bar.getByRole('link', { name: 'Clients' }).click()
    await expect(page).toHaveURL(/\/clients$/)
    await expect(current).toHaveText('Clients')
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home')
  })
})

test.describe('top bar at 1280 px', () => {
  test('every item can be clicked right after sign-in, under the toast', async ({ page }) => {
    await signUpAndSignIn(page)
    await expectToast(page, 'Logged in successfully!')
    const bar = page.getByRole('navigation', { name: 'Main' })
    // The seed's five, with Deals after Clients (docs/decisions/008).
    await expect(bar.locator('a')).toHaveText(['Public', 'Properties', 'Home', 'Clients', 'Deals', 'Agenda', 'Profile'])
    await expect(bar.locator('[aria-current="page"]')).toHaveText('Home')

    // With JS the toast fades after 5 s; without JS it stays until the next page, so it must
    // not sit on top of the navigation.
    await bar.getByRole('link', { name: 'Clients' }).click({ timeout: 10_000 })
    await expect(page).toHaveURL(/\/clients$/)
    await expect(bar.locator('[aria-current="page"]')).toHaveText('Clients')
  })
})

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page-e2e')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/')

  const nested = await page.goto('/some/deeper/unknown/path')
  expect(nested?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})

test('the landing page shows the four offerings and the footer links', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'The professional real estate manager' })).toBeVisible()

  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'A digital vault for listings, photos and documents',
    'A client and deal tracker',
    'Shareable public pages for buyers and brokers',
    'Smart filters and notes',
  ])
  await expect(page.getByRole('blockquote')).toHaveCount(3)

  const footer = page.getByRole('contentinfo')
  const footerNav = footer.getByRole('navigation', { name: 'Footer' })
  for (const [name, href] of [
    ['About', '/about'],
    ['Help', '/help'],
    ['Privacy', '/privacy'],
    ['Terms', '/terms'],
    ['Disclaimer', '/disclaimer'],
  ] as const) {
    await expect(footerNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await expect(footerNav.locator('a[href^="mailto:"]')).toHaveCount(1)
  await expect(footerNav.locator('a[href^="mailto:"]')).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+$/)
  await expect(footer).toContainText('© 2024')

  // Calls to action: the header and the hero both offer sign-in and sign-up.
  await expect(page.getByRole('link', { name: 'Get started' }).first()).toHaveAttribute('href', '/auth?mode=signup')
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
})
