import { describe, expect, it } from 'vitest'
import { ORIGIN, signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { DEFUSED, REFUSED } from '#tests/support/redirect-bypasses.ts'

const BYPASSES = [...REFUSED, ...DEFUSED].map(([name, input]) => [name, input] as const)

/** The Location must bring a browser back to this site, on a path that cannot turn protocol-relative. */
function expectSameOrigin(response: Response, input: string) {
  expect(response.status, input).toBe(302)
  const location = response.headers.get('Location') ?? ''
  expect(location.startsWith('/') && !location.startsWith('//'), `${input} → ${location}`).toBe(true)
  expect(new URL(location, `${ORIGIN}/theme`).origin, `${input} → ${location}`).toBe(ORIGIN)
}

describe('form redirects stay on the site', () => {
  it.each(BYPASSES)('POST /theme with redirectTo %s answers a same-origin Location', async (_name, redirectTo) => {
    const response = await new TestBrowser().post('/theme', { theme: 'dark', redirectTo })
    expectSameOrigin(response, redirectTo)
  })

  it('falls back to / on /theme for the dot-segment forms of issue 9', async () => {
    for (const redirectTo of ['/.//evil.com', '/..//evil.com', '/x/..//evil.com']) {
      const response = await new TestBrowser().post('/theme', { theme: 'light', redirectTo })
      expect(response.headers.get('Location'), redirectTo).toBe('/')
    }
  })

  it('keeps /comments and /shares on the site too', async () => {
    const { browser } = await signedInBroker()
    const propertyId = await createPropertyVia(browser)
    for (const [, redirectTo] of BYPASSES) {
      const comment = await browser.post('/comments', { intent: 'add', subject: 'property', id: propertyId, body: 'Seen', redirectTo })
      expectSameOrigin(comment, redirectTo)
      // An expiry out of range comes back as a toast on the page it came from.
      const share = await browser.post('/shares', { intent: 'create', kind: 'property', targetId: propertyId, expiresInDays: '999', redirectTo })
      expectSameOrigin(share, redirectTo)
    }
  })
})
