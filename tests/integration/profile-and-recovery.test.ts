import { describe, expect, it } from 'vitest'
import { expireSessions, findUser } from '#tests/support/db.ts'
import { getDb } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import { eq } from 'drizzle-orm'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'

describe('/profile/account', () => {
  it('saves full name, phone, agency name and licence number', async () => {
    const { browser, email } = await signedInBroker()
    const response = await browser.post('/profile/account', {
      intent: 'update-profile',
      fullName: 'Carla Costa',
      phone: '+351 912 345 678',
      agencyName: 'Costa Homes',
      licenceNumber: 'AMI-12345',
    })
    expect(response.headers.get('Location')).toBe('/profile/account')
    const html = await (await browser.get('/profile/account')).text()
    expect(html).toContain('Profile saved.')
    expect(html).toContain('value="Costa Homes"')
    const user = await findUser(email)
    const [profile] = await getDb().select().from(profiles).where(eq(profiles.id, user.id))
    expect(profile).toMatchObject({ fullName: 'Carla Costa', phone: '+351 912 345 678', licenceNumber: 'AMI-12345' })
  })

  it('shows errors next to the fields, keeps the values and writes nothing', async () => {
    const { browser, email } = await signedInBroker('Kept Name')
    const response = await browser.post('/profile/account', {
      intent: 'update-profile',
      fullName: '',
      phone: 'call me maybe',
      agencyName: 'Still Here Realty',
      licenceNumber: '',
    })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Full name is required')
    expect(html).toContain('Enter a phone number using digits')
    expect(html).toContain('value="Still Here Realty"')
    const [profile] = await getDb().select().from(profiles).where(eq(profiles.id, (await findUser(email)).id))
    expect(profile?.fullName).toBe('Kept Name')
  })

  it('refuses an unknown intent with 400, there and on /profile', async () => {
    const { browser } = await signedInBroker()
    expect((await browser.post('/profile/account', { intent: 'drop-tables' })).status).toBe(400)
    expect((await browser.post('/profile', { intent: 'drop-tables' })).status).toBe(400)
    expect((await browser.post('/profile', {})).status).toBe(400)
  })
})

describe('/profile in sections', () => {
  const SECTIONS = [
    ['/profile/account', 'Account', 'Save profile'],
    ['/profile/security', 'Security', 'Change password'],
    ['/profile/billing', 'Billing', 'Choose a plan'],
    ['/profile/connections', 'Connections', 'Create a feed address'],
    ['/profile/data', 'Your data', 'Delete my account'],
  ] as const

  it('lists the sections on /profile, and each section is a page with its own heading and forms', async () => {
    const { browser, email } = await signedInBroker('Sofia Sections')
    const index = await browser.get('/profile')
    expect(index.status).toBe(200)
    const html = await index.text()
    expect(html).toMatch(/<h1[^>]*>Profile<\/h1>/)
    expect(html).toContain(`Signed in as ${email}`)
    for (const [path, title, control] of SECTIONS) {
      expect(html).toContain(`href="${path}"`)
      const page = await browser.get(path)
      expect(page.status, path).toBe(200)
      const section = await page.text()
      expect(section, path).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
      expect(section, path).toContain(control)
      // One section's forms only: the account form is not on the security page, and so on.
      for (const [otherPath, , otherControl] of SECTIONS) if (otherPath !== path) expect(section, path).not.toContain(otherControl)
    }
  })

  it("sends a form posted to /profile the old way on to its section, which gets the same POST (307)", async () => {
    const { browser } = await signedInBroker()
    const expected: [Record<string, string>, string][] = [
      [{ intent: 'update-profile', fullName: 'Moved On' }, '/profile/account'],
      [{ intent: 'remove-avatar' }, '/profile/account'],
      [{ intent: 'change-password', currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' }, '/profile/security'],
      [{ intent: 'two-factor-start' }, '/profile/security'],
      [{ intent: 'sign-out-everywhere', passwordOrCode: 'x' }, '/profile/security'],
      [{ intent: 'manage-billing' }, '/profile/billing'],
      [{ intent: 'delete-account', password: 'x', confirmation: 'DELETE' }, '/profile/data'],
    ]
    for (const [form, section] of expected) {
      const response = await browser.post('/profile', form)
      expect(response.status, form.intent).toBe(307)
      expect(response.headers.get('Location'), form.intent).toBe(section)
    }
    // As React Router routes it: ?index names the index route, which takes no posts.
    expect((await browser.post('/profile?index', { intent: 'update-profile', fullName: 'Moved On' })).status).toBe(405)
    const upload = await browser.postMultipart('/profile?upload=avatar', new FormData())
    expect(upload.status).toBe(307)
    expect(upload.headers.get('Location')).toBe('/profile/account?upload=avatar')
    // Nothing was done on the way: the name is unchanged until the section gets the post.
    expect(await (await browser.get('/profile/account')).text()).not.toContain('value="Moved On"')
    expect((await browser.post('/profile/account', { intent: 'update-profile', fullName: 'Moved On' })).status).toBe(302)
    expect(await (await browser.get('/profile/account')).text()).toContain('value="Moved On"')
  })

  it('needs a signed-in broker on every section', async () => {
    const anonymous = new TestBrowser()
    for (const [path] of SECTIONS) {
      const response = await anonymous.get(path)
      expect(response.status, path).toBe(302)
      expect(response.headers.get('Location'), path).toMatch(/^\/auth/)
    }
  })
})

describe('recovery and clearing the navigation state', () => {
  it('diagnostics show the flags, saved paths and counters; the page refreshes itself every 2 s', async () => {
    // Counters move only for a session that fails (a visitor with no session is never counted).
    const { browser, email } = await signedInBroker()
    await expireSessions(email)
    await browser.get('/home?tab=1')
    const html = await (await browser.get('/auth-recovery')).text()
    expect(html).toContain('/home?tab=1')
    expect(html).toContain('redirect_/home-&gt;/auth: 1')
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="2"/></noscript>')
    for (const label of ['Go to Login Page', 'Go to Home Page', 'Clear Navigation State', 'Full Page Reload']) {
      expect(html).toContain(label)
    }
  })

  it('warns of a loop only when one was detected; opened by hand, it says nothing is wrong', async () => {
    const visitor = new TestBrowser()
    const byHand = await (await visitor.get('/auth-recovery')).text()
    expect(byHand).toContain('No navigation loop detected')
    expect(byHand).toContain('Nothing is wrong: the app has not been sending you back and forth between pages.')
    expect(byHand).not.toContain('Navigation loop detected')
    expect(byHand).not.toContain('role="alert"')

    // Two failed-session redirects within 30 s: the guard sends the broker here, and it warns.
    // The browser sends its dead session's cookie again after the server cleared it.
    const { browser, email } = await signedInBroker()
    const cookie = browser.cookies.get('bv_session')!
    await expireSessions(email)
    expect((await browser.get('/home')).headers.get('Location')).toBe('/auth')
    browser.cookies.set('bv_session', cookie)
    expect((await browser.get('/clients')).headers.get('Location')).toBe('/auth-recovery')
    const loop = await (await browser.get('/auth-recovery')).text()
    expect(loop).toMatch(/<div role="alert"[^>]*><h1[^>]*>Navigation loop detected<\/h1>/)
    expect(loop).not.toContain('Nothing is wrong')
    // Cleared: nothing is wrong any more.
    expect((await browser.post('/auth-recovery', { intent: 'clear' })).status).toBe(302)
    expect(await (await browser.get('/auth-recovery')).text()).toContain('No navigation loop detected')
  })

  it('keeps the recovery tools on /auth behind "Trouble signing in?", a <details> closed by default', async () => {
    const html = await (await new TestBrowser().get('/auth')).text()
    const details = /<details[^>]*>([\s\S]*?)<\/details>/.exec(html)
    expect(details).toBeTruthy()
    expect(details![0]).not.toMatch(/<details[^>]*\sopen/)
    expect(details![1]).toMatch(/<summary[^>]*>Trouble signing in\?<\/summary>/)
    expect(details![1]).toContain('Reset Navigation State')
    expect(details![1]).toContain('href="/auth-recovery"')
  })

  it.each([
    ['login', '/auth'],
    ['home', '/home'],
    ['clear', '/auth-recovery'],
  ])('"%s" clears the state first, then goes to %s', async (intent, destination) => {
    const browser = new TestBrowser()
    await browser.get('/home')
    const response = await browser.post('/auth-recovery', { intent })
    expect(response.headers.get('Location')).toBe(destination)
    const html = await (await browser.get('/auth-recovery')).text()
    expect(html).not.toContain('redirect_/home')
    if (intent === 'clear') expect(html).toContain('Navigation state cleared successfully')
  })

  it('/clear-navigation explains itself and its button clears the state and goes to /auth', async () => {
    const browser = new TestBrowser()
    await browser.get('/home')
    expect(await (await browser.get('/clear-navigation')).text()).toContain('Clear navigation state')
    const response = await browser.post('/clear-navigation', {})
    expect(response.headers.get('Location')).toBe('/auth')
    expect(await (await browser.get('/auth')).text()).toContain('Navigation state cleared successfully')
    // The loop counter is gone: the next guard redirect is a first one again.
    expect((await browser.get('/clients')).headers.get('Location')).toBe('/auth')
  })

  it('"Reset Navigation State" on /auth clears the state and reloads /auth', async () => {
    const browser = new TestBrowser()
    await browser.get('/home')
    const response = await browser.post('/auth', { intent: 'reset-nav' })
    expect(response.headers.get('Location')).toBe('/auth')
    expect((await browser.get('/clients')).headers.get('Location')).toBe('/auth')
  })
})
