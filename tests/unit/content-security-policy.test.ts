import { expect, it } from 'vitest'
import { contentSecurityPolicy, contentSecurityPolicyFor } from '#app/http/security-headers.server.ts'

it('builds the same policy from cached parts as from scratch, for any nonce and mode', () => {
  for (const isProduction of [true, false, true]) {
    for (const nonce of ['abc123==', 'Zm9vYmFyYmF6cXV4MTIzNA==']) {
      expect(contentSecurityPolicyFor(nonce, isProduction)).toBe(contentSecurityPolicy(nonce, isProduction))
    }
  }
  expect(contentSecurityPolicyFor('n0nce', true)).toContain("script-src 'self' 'nonce-n0nce'")
})
