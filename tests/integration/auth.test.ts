import { describe, expect, it } from 'vitest'
import { findUser, sessionsOf, subscriptionOf } from '#tests/support/db.ts'
import { GOOD_PASSWORD, signedInBroker, signIn, signUpBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'

describe('sign-up', () => {
  it('creates user, profile and a 14-day free trial, then returns to sign-in mode with the seed message', async () => {
    const browser = new TestBrowser()
    const email = uniqueEmail()
    const response = await browser.post('/auth?mode=signup', {
      intent: 'signup',
      fullName: 'Ana Broker',
      email,
      password: GOOD_PASSWORD,
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/auth')

    const page = await (await browser.get('/auth')).text()
    expect(page).toContain('Account created successfully! Sign in to continue.')
    expect(page).toContain('Sign in to your account')

    const user = await findUser(email)
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    const subscription = await subscriptionOf(email)
    expect(subscription?.plan).toBe('free_trial')
    const days = ((subscription?.trialEndDate?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThanOrEqual(14)
  })

  it('lists every reason a weak password is refused, keeps the other values, writes nothing', async () => {
    const browser = new TestBrowser()
    const email = uniqueEmail()
    const response = await browser.post('/auth?mode=signup', { intent: 'signup', fullName: 'Weak', email, password: '123456' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Use at least 8 characters.')
    expect(html).toContain('Choose a password that is not a common password.')
    expect(html).toContain(`value="${email}"`)
    await expect(findUser(email)).rejects.toThrow()
  })

  it('refuses the e-mail address as password', async () => {
    const email = uniqueEmail()
    const response = await new TestBrowser().post('/auth?mode=signup', { intent: 'signup', fullName: 'X', email, password: email })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Do not use your e-mail address as the password.')
  })

  it('refuses a duplicate e-mail, whatever its case', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser)
    const response = await browser.post('/auth?mode=signup', {
      intent: 'signup',
      fullName: 'Again',
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('An account with this email already exists. Sign in instead.')
  })

  it('answers 400 with field errors for missing fields and a bad e-mail', async () => {
    const response = await new TestBrowser().post('/auth?mode=signup', { intent: 'signup', fullName: '', email: 'nope', password: '' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Full Name is required')
    expect(html).toContain('Enter a valid email address')
    expect(html).toContain('Password is required')
  })

  it('silently refuses a submission with the honeypot filled in', async () => {
    const email = uniqueEmail()
    const response = await new TestBrowser().post('/auth?mode=signup', {
      intent: 'signup',
      fullName: 'Bot',
      email,
      password: GOOD_PASSWORD,
      website: 'http://spam.example',
    })
    expect(response.status).toBe(400)
    await expect(findUser(email)).rejects.toThrow()
  })
})

describe('sign-in', () => {
  it('creates a session row with device info, sets a hardened cookie and goes to /home with the toast', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser, 'Bea Broker')
    const response = await browser.post('/auth', { intent: 'signin', email, password: GOOD_PASSWORD }, {
      headers: { 'User-Agent': 'Mozilla/5.0 (Test Phone)' },
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/home')
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('bv_session='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Max-Age=2592000/)

    const [session] = await sessionsOf(email)
    expect(session?.deviceInfo.userAgent).toBe('Mozilla/5.0 (Test Phone)')
    expect(new Date(session?.deviceInfo.timestamp ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000)
    // Only the SHA-256 of the token is stored, never the token itself.
    expect(session?.sessionId).toMatch(/^[0-9a-f]{64}$/)
    expect(cookie).not.toContain(session?.sessionId)

    const home = await browser.get('/home')
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('Welcome back, Bea Broker')
    expect(html).toContain('Logged in successfully!')
    // A fresh 14-day trial: 13.99… whole days + 1 (the seed formula).
    expect(html).toContain('14 days left')
  })

  it('answers "Invalid login credentials" for a wrong password and for an unknown e-mail alike', async () => {
    const browser = new TestBrowser()
    const email = await signUpBroker(browser)
    const wrong = await signIn(browser, email, 'not-the-password-at-all')
    const unknown = await signIn(browser, uniqueEmail('nobody'), 'not-the-password-at-all')
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    const [wrongHtml, unknownHtml] = [await wrong.text(), await unknown.text()]
    expect(wrongHtml).toContain('Invalid login credentials')
    expect(unknownHtml).toContain('Invalid login credentials')
    expect(wrongHtml).not.toContain('not-the-password-at-all')
    expect(await sessionsOf(email)).toHaveLength(0)
  })

  it('sends a signed-in broker from /auth to /home', async () => {
    const { browser } = await signedInBroker()
    const response = await browser.get('/auth')
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/home')
  })
})

describe('logout', () => {
  it('deletes only this device session, clears the cookie, and shows the seed toast on /auth', async () => {
    const { browser, email } = await signedInBroker()
    const other = new TestBrowser()
    await signIn(other, email)
    expect(await sessionsOf(email)).toHaveLength(2)

    const response = await browser.post('/logout', {})
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/auth')
    expect(response.headers.getSetCookie().some((c) => /^bv_session=;.*Max-Age=0/i.test(c))).toBe(true)
    expect(await sessionsOf(email)).toHaveLength(1)
    expect(await (await browser.get('/auth')).text()).toContain('Logged out successfully')
    expect((await browser.get('/home')).headers.get('Location')).toBe('/auth')
    // The other device is still signed in.
    expect((await other.get('/home')).status).toBe(200)
  })

  it('is not possible with GET', async () => {
    const { browser, email } = await signedInBroker()
    const response = await browser.get('/logout')
    expect(response.status).toBe(302)
    expect(await sessionsOf(email)).toHaveLength(1)
  })
})
