import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import QRCode from 'qrcode'
import { Secret, TOTP } from 'otpauth'
import { unzip } from '#tests/support/zip.ts'
import { describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#db/client.server.ts'
import { passwordResetTokens, twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '#db/schema.ts'
import { GOOD_PASSWORD, signedInBroker, signIn, TestBrowser } from '#tests/support/app.ts'
import { findUser, sessionsOf } from '#tests/support/db.ts'
import { enableTwoFactor, nextTotpCode, recoveryCodesOnPage, secretOnPage, totpCode } from '#tests/support/two-factor.ts'

const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.'
const WRONG_PASSWORD_OR_CODE = 'Your password or code is not correct'
const errorNextTo = (field: string, message: string) => new RegExp(`id="[^"]*${field}-error"[^>]*>\\s*<li>${message.replace(/[.?]/g, '\\$&')}`)

/** A broker with two-factor on, signed in on `browser`. */
async function brokerWithTwoFactor() {
  const broker = await signedInBroker()
  const user = await findUser(broker.email)
  return { ...broker, userId: user.id, ...(await enableTwoFactor(broker.browser)) }
}

/** The password step on a new device: half-signed-in, on its way to the second step. */
async function passwordStep(email: string, browser = new TestBrowser()) {
  const response = await signIn(browser, email)
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/auth/two-factor')
  return browser
}

const enterCode = (browser: TestBrowser, code: string) => browser.post('/auth/two-factor', { code })

describe('turning two-factor on', () => {
  it('shows a QR code of the otpauth URI and the key, refuses a wrong code next to the field, turns on with a right one', async () => {
    const { browser, email } = await signedInBroker()
    expect(await (await browser.get('/profile/security')).text()).toContain('Set up two-factor authentication')
    expect((await browser.post('/profile/security', { intent: 'two-factor-start' })).headers.get('Location')).toBe('/profile/security#two-factor')
    const page = await (await browser.get('/profile/security')).text()
    const secret = secretOnPage(page)
    expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)

    // The SVG is exactly the QR code of the URI an authenticator expects: issuer and e-mail.
    const uri = new TOTP({ issuer: 'BrokerVault', label: email, secret: Secret.fromBase32(secret.replace(/ /g, '')) }).toString()
    expect(uri).toContain(`otpauth://totp/BrokerVault:${encodeURIComponent(email)}?issuer=BrokerVault&secret=`)
    expect(page).toContain(await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))

    // Not on yet: signing in elsewhere still needs the password only.
    expect((await signIn(new TestBrowser(), email)).headers.get('Location')).toBe('/home')

    for (const code of ['000000', '12345', 'abcdef']) {
      const wrong = await browser.post('/profile/security', { intent: 'two-factor-confirm', code: code === '000000' && totpCode(secret) === '000000' ? '111111' : code })
      expect(wrong.status).toBe(400)
      expect(await wrong.text()).toMatch(errorNextTo('code', WRONG_CODE))
    }
    const empty = await browser.post('/profile/security', { intent: 'two-factor-confirm', code: '' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Enter the 6-digit code from your app')

    // Cancelling drops the pending key; starting again makes a new one.
    expect((await browser.post('/profile/security', { intent: 'two-factor-cancel' })).status).toBe(302)
    expect(await (await browser.get('/profile/security')).text()).toContain('Set up two-factor authentication')
    expect((await browser.post('/profile/security', { intent: 'two-factor-confirm', code: totpCode(secret) })).status).toBe(400)
    await browser.post('/profile/security', { intent: 'two-factor-start' })
    const renewed = secretOnPage(await (await browser.get('/profile/security')).text())
    expect(renewed).not.toBe(secret)

    expect((await browser.post('/profile/security', { intent: 'two-factor-confirm', code: totpCode(renewed) })).status).toBe(302)
    const on = await (await browser.get('/profile/security')).text()
    expect(on).toContain('10 of 10 recovery codes left.')
    expect(recoveryCodesOnPage(on)).toHaveLength(10)
    // Starting again or cancelling while on does not touch the authenticator in use.
    await browser.post('/profile/security', { intent: 'two-factor-start' })
    await browser.post('/profile/security', { intent: 'two-factor-cancel' })
    expect(await (await browser.get('/profile/security')).text()).toContain('recovery codes left.')
    expect((await passwordStep(email)).cookies.has('bv_session')).toBe(false)
  })

  it('shows the recovery codes once, keeps only their hashes and the secret encrypted', async () => {
    const { browser, userId, secret, recoveryCodes } = await brokerWithTwoFactor()
    const again = await (await browser.get('/profile/security')).text()
    expect(recoveryCodesOnPage(again)).toEqual([])
    for (const code of recoveryCodes) expect(again).not.toContain(code)

    const rows = await getDb().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
    const sha = (code: string) => createHash('sha256').update(code.replace('-', '')).digest('hex')
    expect(rows.map((r) => r.codeHash).sort()).toEqual(recoveryCodes.map(sha).sort())
    const [stored] = await getDb().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId))
    const rawRow = JSON.stringify(stored)
    expect(rawRow).not.toContain(secret.replace(/ /g, ''))
    expect(stored!.codesToShowEncrypted).toBeNull()
    for (const code of recoveryCodes) expect(rawRow).not.toContain(code)
  })
})

describe('signing in with two-factor on', () => {
  it('asks for a code after the password, grants nothing before it, and lands on the saved path', async () => {
    const { email, secret } = await brokerWithTwoFactor()
    const browser = new TestBrowser()
    expect((await browser.get('/properties')).headers.get('Location')).toBe('/auth')
    await passwordStep(email, browser)
    expect(browser.cookies.has('bv_2fa')).toBe(true)
    expect(browser.cookies.has('bv_session')).toBe(false)
    expect(await sessionsOf(email)).toHaveLength(1)
    // Half-signed-in opens nothing of the app.
    for (const path of ['/home', '/profile', '/properties']) expect((await browser.get(path)).headers.get('Location')).toBe('/auth')
    const step = await browser.get('/auth/two-factor')
    expect(step.status).toBe(200)
    expect(await step.text()).toContain('Authentication code')

    const wrong = await enterCode(browser, '000000' === nextTotpCode(secret) ? '111111' : '000000')
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toMatch(errorNextTo('code', WRONG_CODE))

    const code = nextTotpCode(secret)
    const right = await enterCode(browser, code)
    expect(right.headers.get('Location')).toBe('/properties')
    expect(browser.cookies.has('bv_2fa')).toBe(false)
    expect((await browser.get('/properties')).status).toBe(200)
    expect(await sessionsOf(email)).toHaveLength(2)

    // The same code again, on another device: refused (each time step is accepted once).
    const replay = await passwordStep(email)
    const replayed = await enterCode(replay, code)
    expect(replayed.status).toBe(400)
    expect(replay.cookies.has('bv_session')).toBe(false)
  })

  it('accepts a recovery code once, and counts it on /profile/security', async () => {
    const { browser: home, email, recoveryCodes } = await brokerWithTwoFactor()
    const [first = '', second = ''] = recoveryCodes
    const browser = await passwordStep(email)
    // Typed in capitals without the dash still works.
    const used = await enterCode(browser, first.replace('-', '').toUpperCase())
    expect(used.headers.get('Location')).toBe('/home')
    expect(await (await home.get('/profile/security')).text()).toContain('9 of 10 recovery codes left.')

    const again = await passwordStep(email)
    expect((await enterCode(again, first)).status).toBe(400)
    expect((await enterCode(again, second)).headers.get('Location')).toBe('/home')
  })

  it('sends an absent or expired half-signed-in state back to the password, and ends it after too many wrong codes', async () => {
    const { email, secret, userId } = await brokerWithTwoFactor()
    const nobody = new TestBrowser()
    expect((await nobody.get('/auth/two-factor')).headers.get('Location')).toBe('/auth')
    expect((await enterCode(nobody, nextTotpCode(secret))).headers.get('Location')).toBe('/auth')
    expect(nobody.cookies.has('bv_session')).toBe(false)

    const late = await passwordStep(email)
    await getDb().update(twoFactorChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(twoFactorChallenges.userId, userId))
    expect((await late.get('/auth/two-factor')).headers.get('Location')).toBe('/auth')
    expect(await (await late.get('/auth')).text()).toContain('Your sign-in has expired. Please sign in again.')
    expect((await enterCode(late, nextTotpCode(secret))).headers.get('Location')).toBe('/auth')
    expect(late.cookies.has('bv_session')).toBe(false)

    const guesser = await passwordStep(email)
    for (let i = 0; i < 4; i++) expect((await enterCode(guesser, `00000${i}`)).status).toBe(400)
    expect((await enterCode(guesser, '000009')).headers.get('Location')).toBe('/auth')
    expect(await (await guesser.get('/auth')).text()).toContain('Too many wrong codes. Please sign in again.')
    expect((await enterCode(guesser, nextTotpCode(secret))).headers.get('Location')).toBe('/auth')
    expect(guesser.cookies.has('bv_session')).toBe(false)
  })

  it('is rate-limited per account across new password steps, with a clear message', async () => {
    const { email, secret } = await brokerWithTwoFactor()
    // Ten wrong codes (the account's limit) over two password steps of five each.
    for (let round = 0; round < 2; round++) {
      const browser = await passwordStep(email)
      for (let i = 0; i < 5; i++) await enterCode(browser, `99999${i}`)
    }
    const browser = await passwordStep(email)
    const refused = await enterCode(browser, nextTotpCode(secret))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await refused.text()).toContain('Too many attempts. Please wait')
    expect(browser.cookies.has('bv_session')).toBe(false)
  })

  it('stays on after a password reset: the new password still leads to the code step', async () => {
    const { email, userId, secret } = await brokerWithTwoFactor()
    // A reset link as the mailed one would be (only its hash is stored).
    const token = randomBytes(32).toString('base64url')
    await getDb().insert(passwordResetTokens).values({ userId, tokenHash: createHash('sha256').update(token).digest('hex'), expiresAt: new Date(Date.now() + 60_000) })
    const newPassword = 'amber-heron-quarry-81'
    const reset = await new TestBrowser().post(`/reset-password/${token}`, { newPassword, confirmPassword: newPassword })
    expect(reset.headers.get('Location')).toBe('/auth')
    const browser = new TestBrowser()
    expect((await signIn(browser, email, newPassword)).headers.get('Location')).toBe('/auth/two-factor')
    expect(browser.cookies.has('bv_session')).toBe(false)
    expect((await enterCode(browser, nextTotpCode(secret))).headers.get('Location')).toBe('/home')
  })

  it('leaves an account without two-factor signing in with the password alone', async () => {
    const { email } = await signedInBroker()
    const browser = new TestBrowser()
    expect((await signIn(browser, email, GOOD_PASSWORD)).headers.get('Location')).toBe('/home')
    expect(browser.cookies.has('bv_2fa')).toBe(false)
  })
})

describe('protected actions', () => {
  it('turning off asks for the password or a code; a wrong one changes nothing', async () => {
    const { browser, email, secret } = await brokerWithTwoFactor()
    const wrong = await browser.post('/profile/security', { intent: 'two-factor-disable', passwordOrCode: 'not-my-password' })
    expect(wrong.status).toBe(400)
    const html = await wrong.text()
    expect(html).toMatch(errorNextTo('passwordOrCode', WRONG_PASSWORD_OR_CODE))
    expect(html).not.toContain('not-my-password')
    expect((await browser.post('/profile/security', { intent: 'two-factor-disable', passwordOrCode: '' })).status).toBe(400)
    await passwordStep(email)

    expect((await browser.post('/profile/security', { intent: 'two-factor-disable', passwordOrCode: nextTotpCode(secret) })).headers.get('Location')).toBe('/profile/security#two-factor')
    expect((await signIn(new TestBrowser(), email)).headers.get('Location')).toBe('/home')
    expect(await (await browser.get('/profile/security')).text()).toContain('Set up two-factor authentication')
  })

  it('new recovery codes ask for the password or a code; the old ones stop working', async () => {
    const { browser, email, recoveryCodes } = await brokerWithTwoFactor()
    expect((await browser.post('/profile/security', { intent: 'two-factor-regenerate', passwordOrCode: '123456' })).status).toBe(400)
    expect((await browser.post('/profile/security', { intent: 'two-factor-regenerate', passwordOrCode: GOOD_PASSWORD })).status).toBe(302)
    const fresh = recoveryCodesOnPage(await (await browser.get('/profile/security')).text())
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(recoveryCodes[0])
    const device = await passwordStep(email)
    expect((await enterCode(device, recoveryCodes[0]!)).status).toBe(400)
    expect((await enterCode(device, fresh[0]!)).headers.get('Location')).toBe('/home')
  })

  it('"Sign out everywhere" asks for the password (or, with two-factor on, a code)', async () => {
    const plain = await signedInBroker()
    const noCodeWithoutTwoFactor = await plain.browser.post('/profile/security', { intent: 'sign-out-everywhere', passwordOrCode: '123456' })
    expect(noCodeWithoutTwoFactor.status).toBe(400)
    expect(await noCodeWithoutTwoFactor.text()).toMatch(errorNextTo('passwordOrCode', WRONG_PASSWORD_OR_CODE))
    expect(await sessionsOf(plain.email)).toHaveLength(1)
    expect((await plain.browser.post('/profile/security', { intent: 'sign-out-everywhere', passwordOrCode: GOOD_PASSWORD })).headers.get('Location')).toBe('/auth')
    expect(await sessionsOf(plain.email)).toHaveLength(0)

    const { browser, email, secret } = await brokerWithTwoFactor()
    const halfSignedIn = await passwordStep(email)
    expect((await browser.post('/profile/security', { intent: 'sign-out-everywhere', passwordOrCode: 'wrong-password' })).status).toBe(400)
    expect(await sessionsOf(email)).toHaveLength(1)
    expect((await browser.post('/profile/security', { intent: 'sign-out-everywhere', passwordOrCode: nextTotpCode(secret) })).headers.get('Location')).toBe('/auth')
    expect(await sessionsOf(email)).toHaveLength(0)
    // A half-finished sign-in elsewhere ends too.
    expect((await halfSignedIn.get('/auth/two-factor')).headers.get('Location')).toBe('/auth')
  })
})

describe('account data', () => {
  it('the data export holds no secret and no code hash', async () => {
    const { browser, userId, secret, recoveryCodes } = await brokerWithTwoFactor()
    const response = await browser.post('/profile/export', { intent: 'export-data' })
    expect(response.headers.get('Content-Type')).toContain('zip')
    const text = [...(await unzip(Buffer.from(await response.arrayBuffer()))).values()].map((b) => b.toString('utf8')).join('\n')
    expect(text).toContain(userId)
    const [stored] = await getDb().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId))
    const hashes = await getDb().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
    for (const needle of [secret.replace(/ /g, ''), stored!.secretEncrypted, ...recoveryCodes, ...hashes.map((h) => h.codeHash)]) {
      expect(text).not.toContain(needle)
    }
  })

  it('deleting the account removes its secret, recovery codes and half-finished sign-ins', async () => {
    const { browser, email, userId } = await brokerWithTwoFactor()
    await passwordStep(email)
    const count = async () => {
      const [row] = await queryRows<{ n: number }>(sql`
        select (select count(*) from two_factor_secrets where user_id = ${userId})
             + (select count(*) from two_factor_recovery_codes where user_id = ${userId})
             + (select count(*) from two_factor_challenges where user_id = ${userId}) as n`)
      return Number(row?.n)
    }
    expect(await count()).toBe(12)
    const deleted = await browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation: 'DELETE' })
    expect(deleted.headers.get('Location')).toBe('/')
    expect(await count()).toBe(0)
  })
})

