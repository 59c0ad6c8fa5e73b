import { describe, expect, it } from 'vitest'
import { expireSessions, findUser } from '#tests/support/db.ts'
import { getDb } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import { eq } from 'drizzle-orm'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'

describe('/profile', () => {
  it('saves full name, phone, agency name and licence number', async () => {
    const { browser, email } = await signedInBroker()
    const response = await browser.post('/profile', {
      intent: 'update-profile',
      fullName: 'Carla Costa',
      phone: '+351 912 345 678',
      agencyName: 'Costa Homes',
      licenceNumber: 'AMI-12345',
    })
    expect(response.headers.get('Location')).toBe('/profile')
    const html = await (await browser.get('/profile')).text()
    expect(html).toContain('Profile saved.')
    expect(html).toContain('value="Costa Homes"')
    const user = await findUser(email)
    const [profile] = await getDb().select().from(profiles).where(eq(profiles.id, user.id))
    expect(profile).toMatchObject({ fullName: 'Carla Costa', phone: '+351 912 345 678', licenceNumber: 'AMI-12345' })
  })

  it('shows errors next to the fields, keeps the values and writes nothing', async () => {
    const { browser, email } = await signedInBroker('Kept Name')
    const response = await browser.post('/profile', {
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

  it('refuses an unknown intent with 400', async () => {
    const { browser } = await signedInBroker()
    expect((await browser.post('/profile', { intent: 'drop-tables' })).status).toBe(400)
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
