import { describe, expect, it } from 'vitest'
import { subscriptionOf } from '#tests/support/db.ts'
import { signedInBroker, signIn, signUpBroker, TestBrowser } from '#tests/support/app.ts'

describe('/pricing', () => {
  it('shows the four plans with their property limits and configured prices', async () => {
    const html = await (await new TestBrowser().get('/pricing')).text()
    for (const text of ['Free trial', 'Starter', 'Advanced', 'Professional', '$19.00', '$49.00', '$99.00']) {
      expect(html).toContain(text)
    }
    for (const limit of [5, 25, 100, 250]) expect(html).toContain(`up to ${limit} properties`)
  })

  it('is cacheable for visitors without cookies only', async () => {
    const anonymous = await new TestBrowser().get('/pricing')
    expect(anonymous.headers.get('Cache-Control')).toContain('public')
    const { browser } = await signedInBroker()
    expect((await browser.get('/pricing')).headers.get('Cache-Control')).toContain('private')
  })

  it('switches the plan at once through the manual provider and goes home with a toast', async () => {
    const { browser, email } = await signedInBroker()
    const response = await browser.post('/pricing', { plan: 'professional' })
    expect(response.headers.get('Location')).toBe('/home')
    expect((await subscriptionOf(email))?.plan).toBe('professional')
    expect(await (await browser.get('/home')).text()).toContain('You are now on the Professional plan.')
  })

  it('refuses an unknown plan with 400 and changes nothing', async () => {
    const { browser, email } = await signedInBroker()
    for (const plan of ['free_trial', 'platinum', '']) {
      const response = await browser.post('/pricing', { plan })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('Choose one of the plans listed.')
    }
    expect((await subscriptionOf(email))?.plan).toBe('free_trial')
  })

  it('asks an anonymous visitor to sign in first, then brings them back to /pricing', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser)
    const response = await browser.post('/pricing', { plan: 'starter' })
    expect(response.headers.get('Location')).toBe('/auth')
    expect(await (await browser.get('/auth')).text()).toContain('Sign in or create an account to choose a plan')
    expect((await signIn(browser, email)).headers.get('Location')).toBe('/pricing')
    expect((await subscriptionOf(email))?.plan).toBe('free_trial')
  })

  it('shows a signed-in broker the app navigation, and a visitor the public header', async () => {
    const { browser } = await signedInBroker()
    const signedIn = await (await browser.get('/pricing')).text()
    expect(signedIn).toContain('aria-label="Main"')
    expect(signedIn).toContain('href="/deals"')
    expect(signedIn).not.toContain('Get started')
    const visitor = await (await new TestBrowser().get('/pricing')).text()
    expect(visitor).toContain('Get started')
    expect(visitor).not.toContain('aria-label="Main"')
  })
})
