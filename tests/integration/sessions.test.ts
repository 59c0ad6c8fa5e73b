import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { userSessions } from '#db/schema.ts'
import { sessionsOf } from '#tests/support/db.ts'
import { GOOD_PASSWORD, signedInBroker, signIn, TestBrowser } from '#tests/support/app.ts'

const DAY = 86_400_000

async function onlySession(email: string) {
  const [session] = await sessionsOf(email)
  if (!session) throw new Error('no session')
  return session
}

describe('sliding sessions', () => {
  it('renews a session with less than half of its 30 days left, and re-sends the cookie', async () => {
    const { browser, email } = await signedInBroker()
    const session = await onlySession(email)
    await getDb().update(userSessions).set({ expiresAt: new Date(Date.now() + 10 * DAY) }).where(eq(userSessions.id, session.id))
    const response = await browser.get('/home')
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().some((c) => c.startsWith('bv_session='))).toBe(true)
    const renewed = await onlySession(email)
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
  })

  it('writes updated_at at most every 5 minutes', async () => {
    const { browser, email } = await signedInBroker()
    const session = await onlySession(email)
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    await getDb().update(userSessions).set({ updatedAt: tenMinutesAgo }).where(eq(userSessions.id, session.id))
    await browser.get('/home')
    const touched = (await onlySession(email)).updatedAt
    expect(touched.getTime()).toBeGreaterThan(Date.now() - 60_000)
    await browser.get('/home')
    await browser.get('/profile')
    expect((await onlySession(email)).updatedAt.getTime()).toBe(touched.getTime())
    // A fresh session is not re-sent on every request.
    expect((await browser.get('/home')).headers.getSetCookie().some((c) => c.startsWith('bv_session='))).toBe(false)
  })

  it('an expired session is signed out and its cookie cleared', async () => {
    const { browser, email } = await signedInBroker()
    const session = await onlySession(email)
    await getDb().update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSessions.id, session.id))
    const response = await browser.get('/home')
    expect(response.headers.get('Location')).toBe('/auth')
    expect(response.headers.getSetCookie().some((c) => /^bv_session=;/.test(c))).toBe(true)
    expect(await (await browser.get('/auth')).text()).toContain('Session refresh failed. Please sign in again.')
  })
})

describe('devices on /profile/security', () => {
  it('lists this device and others; "Sign out other devices" keeps only this one', async () => {
    const { browser, email } = await signedInBroker()
    const phone = new TestBrowser()
    await signIn(phone, email)
    const profile = await (await browser.get('/profile/security')).text()
    expect(profile).toContain('this device')
    expect(profile).toContain('Sign out other devices')
    expect(profile).toContain('Sign out everywhere')

    const response = await browser.post('/profile/security', { intent: 'sign-out-others' })
    expect(response.headers.get('Location')).toBe('/profile/security')
    expect(await sessionsOf(email)).toHaveLength(1)
    expect((await phone.get('/home')).headers.get('Location')).toBe('/auth')
    expect((await browser.get('/home')).status).toBe(200)
  })

  it('names each device as people say it ("Chrome on Android"), the raw user-agent kept in its title', async () => {
    const { browser, email } = await signedInBroker()
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
    for (const userAgent of [android, iphone]) {
      const device = new TestBrowser()
      const signedIn = await device.send('/auth', { method: 'POST', form: { intent: 'signin', email, password: GOOD_PASSWORD }, headers: { 'User-Agent': userAgent } })
      expect(signedIn.status).toBe(302)
    }
    const profile = await (await browser.get('/profile/security')).text()
    expect(profile).toContain(`<p title="${android}">Chrome on Android</p>`)
    expect(profile).toContain(`<p title="${iphone}">Safari on iPhone</p>`)
    // The test browser sends no user-agent at all.
    expect(profile).toMatch(/<p title="Unknown device">Unknown device<\/p>/)
  })

  it('"Sign out everywhere" ends every session, this one included', async () => {
    const { browser, email } = await signedInBroker()
    await signIn(new TestBrowser(), email)
    const response = await browser.post('/profile/security', { intent: 'sign-out-everywhere', passwordOrCode: GOOD_PASSWORD })
    expect(response.headers.get('Location')).toBe('/auth')
    expect(await sessionsOf(email)).toHaveLength(0)
    expect((await browser.get('/home')).headers.get('Location')).toBe('/auth')
  })
})
