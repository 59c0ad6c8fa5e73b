import { describe, expect, it } from 'vitest'
import { sessionsOf } from '#tests/support/db.ts'
import { GOOD_PASSWORD, signedInBroker, signIn, TestBrowser } from '#tests/support/app.ts'

const NEW_PASSWORD = 'porto-bridge-7735-sunset'
const change = (browser: TestBrowser, form: Record<string, string>) =>
  browser.post('/profile/security', { intent: 'change-password', currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...form })

describe('changing the password on /profile/security', () => {
  it('stores the new password, keeps this device signed in and signs out the others', async () => {
    const { browser, email } = await signedInBroker()
    const phone = new TestBrowser()
    await signIn(phone, email)
    const response = await change(browser, {})
    expect(response.headers.get('Location')).toBe('/profile/security')
    expect(await (await browser.get('/profile/security')).text()).toContain('Password changed. 1 other device was signed out.')
    expect(await sessionsOf(email)).toHaveLength(1)
    expect((await phone.get('/home')).headers.get('Location')).toBe('/auth')
    expect((await signIn(new TestBrowser(), email, GOOD_PASSWORD)).status).toBe(400)
    expect((await signIn(new TestBrowser(), email, NEW_PASSWORD)).status).toBe(302)
  })

  it('refuses a wrong current password, a weak or unchanged new one and a mismatch, next to the field', async () => {
    const { browser, email } = await signedInBroker()
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: 'not-my-password-at-all' }, 'Your current password is not correct'],
      [{ newPassword: 'password', confirmPassword: 'password' }, 'Choose a password that is not a common password.'],
      [{ newPassword: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, 'Choose a password different from the current one.'],
      [{ confirmPassword: 'something-else-entirely' }, 'The two new passwords differ'],
    ]
    for (const [form, message] of cases) {
      const response = await change(browser, form)
      expect(response.status, message).toBe(400)
      const html = await response.text()
      expect(html).toContain(message)
      expect(html).not.toContain(NEW_PASSWORD)
    }
    expect((await signIn(new TestBrowser(), email, GOOD_PASSWORD)).status).toBe(302)
  })
})
