import { describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, signIn, signUpBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'

// Defaults (README): sign-in 30 per IP and 10 per account, sign-up 10 per IP, per 15 minutes.
describe('rate limits (kept in Postgres)', () => {
  it('refuses the 11th sign-in attempt on one account, from any address, with 429', async () => {
    const email = await signUpBroker(new TestBrowser())
    for (let i = 0; i < 10; i++) {
      expect((await signIn(new TestBrowser(), email, 'wrong-password-guess')).status).toBe(400)
    }
    const refused = await signIn(new TestBrowser(), email, GOOD_PASSWORD)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.text()).toContain('Too many sign-in attempts. Please wait 15 minutes and try again.')
  })

  it('does not count successful sign-ins: 15 in a row on one account from one address all succeed', async () => {
    const email = await signUpBroker(new TestBrowser())
    const ip = `10.200.${Math.floor(Math.random() * 250)}.1`
    for (let i = 0; i < 15; i++) {
      const response = await signIn(new TestBrowser(ip), email)
      expect(response.status, `sign-in ${i + 1}`).toBe(302)
      expect(response.headers.get('Location')).toBe('/home')
    }
    // The address gave every one of them back: its 30 failures are all still there to use.
    const browser = new TestBrowser(ip)
    for (let i = 0; i < 30; i++) {
      expect((await signIn(browser, uniqueEmail('guess'), 'wrong-password-guess')).status, `failure ${i + 1}`).toBe(400)
    }
    expect((await signIn(browser, uniqueEmail('guess'), 'wrong-password-guess')).status).toBe(429)
  })

  it('locks the account after 10 failures, even for the right password', async () => {
    const email = await signUpBroker(new TestBrowser())
    for (let i = 0; i < 10; i++) {
      expect((await signIn(new TestBrowser(), email, 'wrong-password-guess')).status).toBe(400)
    }
    expect((await signIn(new TestBrowser(), email, GOOD_PASSWORD)).status).toBe(429)
    expect((await signIn(new TestBrowser(), email, 'wrong-password-guess')).status).toBe(429)
  })

  it('resets the account counter on a successful sign-in before the limit', async () => {
    const email = await signUpBroker(new TestBrowser())
    for (let i = 0; i < 9; i++) {
      expect((await signIn(new TestBrowser(), email, 'wrong-password-guess')).status).toBe(400)
    }
    expect((await signIn(new TestBrowser(), email, GOOD_PASSWORD)).status).toBe(302)
    // Ten fresh failures are allowed again; the eleventh attempt is refused.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(new TestBrowser(), email, 'wrong-password-guess')).status, `failure ${i + 1}`).toBe(400)
    }
    expect((await signIn(new TestBrowser(), email, GOOD_PASSWORD)).status).toBe(429)
  })

  it('refuses the 31st sign-in attempt from one address across accounts', async () => {
    const browser = new TestBrowser()
    for (let i = 0; i < 30; i++) {
      expect((await signIn(browser, uniqueEmail('guess'), 'wrong-password-guess')).status).toBe(400)
    }
    expect((await signIn(browser, uniqueEmail('guess'), 'wrong-password-guess')).status).toBe(429)
  })

  it('refuses the 11th sign-up from one address with 429 and creates no account', async () => {
    const browser = new TestBrowser()
    for (let i = 0; i < 10; i++) await signUpBroker(browser)
    const email = uniqueEmail()
    const refused = await browser.post('/auth?mode=signup', { intent: 'signup', fullName: 'One Too Many', email, password: GOOD_PASSWORD })
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain('Too many sign-up attempts from your network.')
    // A different address is not affected.
    expect((await new TestBrowser().post('/auth?mode=signup', { intent: 'signup', fullName: 'Other', email, password: GOOD_PASSWORD })).status).toBe(302)
  })
})
