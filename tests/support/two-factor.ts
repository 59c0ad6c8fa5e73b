import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { TestBrowser } from './app.ts'

/** What an authenticator app would show for `secret` (the key as typed, spaces allowed). */
export function totpCode(secret: string, timestamp = Date.now()) {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({ timestamp })
}

/** The code of the next time step: accepted once (±1 step of drift), later than any used now. */
export const nextTotpCode = (secret: string) => totpCode(secret, Date.now() + 30_000)

export function secretOnPage(html: string): string {
  const secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]
  if (!secret) throw new Error('no two-factor secret on the page')
  return secret
}

export function recoveryCodesOnPage(html: string): string[] {
  const list = /aria-label="Recovery codes"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? ''
  return [...list.matchAll(/<li>([a-z0-9-]+)<\/li>/g)].map((m) => m[1]!)
}

/**
 * Turns two-factor on through /profile as a broker does: start, read the key off the page,
 * type the app's current code; returns the key and the recovery codes shown once.
 */
export async function enableTwoFactor(browser: TestBrowser) {
  expect((await browser.post('/profile/security', { intent: 'two-factor-start' })).status).toBe(302)
  const setupPage = await (await browser.get('/profile/security')).text()
  const secret = secretOnPage(setupPage)
  const confirmed = await browser.post('/profile/security', { intent: 'two-factor-confirm', code: totpCode(secret) })
  expect(confirmed.status).toBe(302)
  const page = await (await browser.get('/profile/security')).text()
  const recoveryCodes = recoveryCodesOnPage(page)
  expect(recoveryCodes).toHaveLength(10)
  return { secret, recoveryCodes, setupPage }
}
