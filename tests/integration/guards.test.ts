import { describe, expect, it } from 'vitest'
import { expireSessions, expireTrial, subscriptionOf } from '#tests/support/db.ts'
import { createPropertyVia, propertyForm } from '#tests/support/properties.ts'
import { signedInBroker, signIn, signUpBroker, TestBrowser } from '#tests/support/app.ts'

const SUBSCRIPTION_GUARDED = [
  '/home',
  '/properties',
  '/clients',
  '/property/type-selection',
  '/property/new',
  '/property/new/residential',
  '/property/42',
  '/client/new',
  '/client/7',
  '/client/edit/7',
  '/client/7/edit-listing',
  '/client/7/listing',
  '/client/7/listing/42',
  '/deals',
  '/deal/6f1c2a3e-0000-4000-8000-000000000000',
]
const TRIAL_EXPIRED_TOAST = 'Your trial has expired. Please upgrade to access this feature.'

describe('session guard', () => {
  it.each([...SUBSCRIPTION_GUARDED, '/profile', '/public-properties', '/public-properties/1', '/property/edit/1', '/property/1/edit'])(
    'sends %s to /auth without a session',
    async (path) => {
      const response = await new TestBrowser().get(path)
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/auth')
    },
  )

  it.each(['/profile', '/shares', '/comments', '/deals', '/client/new', '/property/new/residential'])(
    'guards child actions too: a POST to %s without a session runs nothing',
    async (path) => {
      const response = await new TestBrowser().post(path, { intent: 'create', fullName: 'Mallory', title: 'x' })
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/auth')
    },
  )

  it('remembers the requested path and returns to it after sign-in', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser)
    await browser.get('/properties?status=active')
    const response = await signIn(browser, email)
    expect(response.headers.get('Location')).toBe('/properties?status=active')
    expect((await browser.get('/properties?status=active')).status).toBe(200)
  })

  it('a visitor without a session goes to /auth with the redirect-back every time, never to recovery', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser)
    for (const path of ['/home', '/clients', '/home', '/deals', '/properties', '/properties', '/properties', '/properties?status=active']) {
      const response = await browser.get(path)
      expect(response.headers.get('Location'), path).toBe('/auth')
    }
    const auth = await (await browser.get('/auth')).text()
    expect(auth).not.toContain('Navigation loop detected')
    expect(auth).not.toContain('Session refresh failed')
    expect((await signIn(browser, email)).headers.get('Location')).toBe('/properties?status=active')
  })

  it('a session that keeps failing shows the recovery screen on the second failed redirect within 30 s', async () => {
    const { browser, token } = await keepsFailingSession()
    expect((await token.resend('/home')).headers.get('Location')).toBe('/auth')
    expect((await token.resend('/clients')).headers.get('Location')).toBe('/auth-recovery')
    const recovery = await (await browser.get('/auth-recovery')).text()
    expect(recovery).toContain('Navigation loop detected')
    expect(recovery).toContain('/clients')
  })

  it('a successful sign-in resets the loop counters', async () => {
    const { browser, email, token } = await keepsFailingSession()
    expect((await token.resend('/home')).headers.get('Location')).toBe('/auth')
    await signIn(browser, email)
    await expireSessions(email)
    expect((await browser.get('/clients')).headers.get('Location')).toBe('/auth')
  })
})

/**
 * A browser whose session cookie names an expired session and that sends it again after the
 * server clears it: the seed's "session refresh keeps failing".
 */
async function keepsFailingSession() {
  const { browser, email } = await signedInBroker()
  const cookie = browser.cookies.get('bv_session')
  if (!cookie) throw new Error('no session cookie')
  await expireSessions(email)
  const resend = (path: string) => {
    browser.cookies.set('bv_session', cookie)
    return browser.get(path)
  }
  return { browser, email, token: { resend } }
}

describe('subscription guard', () => {
  it.each(SUBSCRIPTION_GUARDED)('sends %s to /pricing with the seed toast when the trial has expired', async (path) => {
    const { browser, email } = await signedInBroker()
    await expireTrial(email)
    const response = await browser.get(path)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/pricing')
    const pricing = await (await browser.get('/pricing')).text()
    expect(pricing).toContain(TRIAL_EXPIRED_TOAST)
    expect(pricing).toContain('data-trial-expired="true"')
  })

  it('lets an expired trial reach /profile, /public-properties and property edit pages (both readings)', async () => {
    const { browser, email } = await signedInBroker()
    await expireTrial(email)
    expect((await browser.get('/profile')).status).toBe(200)
    expect((await browser.get('/profile/billing')).status).toBe(200)
    expect((await browser.get('/public-properties')).status).toBe(200)
    expect((await browser.get('/public-properties/6f1c2a3e-0000-4000-8000-000000000000')).status).toBe(404)
    // No property exists yet: the edit pages answer 404 instead of redirecting to /pricing.
    expect((await browser.get('/property/edit/1')).status).toBe(404)
    expect((await browser.get('/property/1/edit')).status).toBe(404)
  })

  it.each(['/property/{id}/edit', '/property/edit/{id}'])(
    'saving on %s with an expired trial stays on the edit page with the success toast',
    async (pattern) => {
      const { browser, email } = await signedInBroker()
      const id = await createPropertyVia(browser)
      await expireTrial(email)
      const path = pattern.replace('{id}', id)
      const saved = await browser.post(path, propertyForm({ title: 'Saved after the trial' }))
      expect(saved.status).toBe(302)
      expect(saved.headers.get('Location')).toBe(path)
      const page = await browser.get(path)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('Property saved.')
      expect(html).not.toContain(TRIAL_EXPIRED_TOAST)
      expect(html).toContain('value="Saved after the trial"')
    },
  )

  it('guards actions: an expired trial cannot post to a protected page', async () => {
    const { browser, email } = await signedInBroker()
    await expireTrial(email)
    // A form target with an action: a path without one answers 405 before any guard runs.
    const response = await browser.post('/property/new/residential', { title: 'x' })
    expect(response.headers.get('Location')).toBe('/pricing')
  })

  it('the 3-redirect loop break re-reads the database and never lets an expired trial through', async () => {
    const { browser, email } = await signedInBroker()
    await expireTrial(email)
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await browser.get('/home')
      expect(response.headers.get('Location'), `attempt ${attempt}`).toBe('/pricing')
    }
  })

  it('expired trial → /pricing → choose a plan → back to the saved path with a toast', async () => {
    const { browser, email } = await signedInBroker()
    await expireTrial(email)
    await browser.get('/clients?stage=new')
    const chosen = await browser.post('/pricing', { plan: 'starter' })
    expect(chosen.status).toBe(302)
    expect(chosen.headers.get('Location')).toBe('/clients?stage=new')
    expect((await subscriptionOf(email))?.plan).toBe('starter')
    const page = await browser.get('/clients?stage=new')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('You are now on the Starter plan.')
    expect(html).toContain('data-trial-expired="false"')
  })
})

it('a guarded path that does not exist yet is a 404 behind the guards', async () => {
  const { browser } = await signedInBroker()
  expect((await browser.get('/property/42')).status).toBe(404)
  expect((await browser.get('/client/7/listing/42')).status).toBe(404)
})
