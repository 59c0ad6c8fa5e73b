import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appCookie, fastSignedCookieHeader } from '#app/lib/cookies.server.ts'

/*
 * A share page's first visitor gets a signed visitor cookie. React Router's signing (WebCrypto,
 * a key imported per call) was most of the cost of that answer, so it is made with Node's HMAC
 * (app/lib/cookies.server.ts): these check it writes exactly React Router's header, and that
 * React Router reads it back, so cookies set either way stay valid.
 */
describe('fastSignedCookieHeader', () => {
  it("writes the same header as React Router's serialize, for many values", async () => {
    const cookie = appCookie('bv_test_visitor', 3600)
    for (let i = 0; i < 50; i++) {
      const value = randomBytes(16).toString('base64url')
      expect(await fastSignedCookieHeader('bv_test_visitor', 3600, value)).toBe(await cookie.serialize(value))
    }
  })

  it("is read back by React Router's parse, and a changed value is refused", async () => {
    const cookie = appCookie('bv_test_visitor', 3600)
    const header = await fastSignedCookieHeader('bv_test_visitor', 3600, 'AbCdEfGhIjKlMnOpQrStUv')
    const pair = header.slice(0, header.indexOf(';'))
    expect(await cookie.parse(pair)).toBe('AbCdEfGhIjKlMnOpQrStUv')
    const forged = pair.replace('bv_test_visitor=I', 'bv_test_visitor=J')
    expect(await cookie.parse(forged)).toBe(null)
  })

  it('keeps the attributes: a year-long Max-Age, the path, HttpOnly and SameSite', async () => {
    const header = await fastSignedCookieHeader('bv_test_year', 31_536_000, 'AbCdEfGhIjKlMnOpQrStUv')
    expect(header).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/)
  })
})
