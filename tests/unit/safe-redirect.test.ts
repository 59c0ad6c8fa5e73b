import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { DEFUSED, REFUSED } from '#tests/support/redirect-bypasses.ts'

const FALLBACK = '/fallback'
const APP = 'https://app.example'

/** Where a browser goes with this Location on a page of APP: must be APP itself. */
const landsOn = (location: string) => new URL(location, `${APP}/some/page`).origin

const LEGITIMATE: [string, string][] = [
  ['/', '/'],
  ['/home', '/home'],
  ['/properties?status=active&page=2', '/properties?status=active&page=2'],
  ['/client/7/listing#notes', '/client/7/listing#notes'],
  ['/property/6f1c7f4e-8a51-4a8e-9a1c-0d7b7d0b5e11/media', '/property/6f1c7f4e-8a51-4a8e-9a1c-0d7b7d0b5e11/media'],
  ['/properties?q=caf%C3%A9%20bar', '/properties?q=caf%C3%A9%20bar'],
  ['/deals?redirectTo=%2F%2Fevil.com', '/deals?redirectTo=%2F%2Fevil.com'],
  ['/client/7/../listing', '/client/listing'],
]

describe('safeRedirectPath: resolved first, then only same-site paths', () => {
  it('covers at least 30 known bypass forms', () => {
    expect(REFUSED.length + DEFUSED.length).toBeGreaterThanOrEqual(30)
  })

  it.each(REFUSED)('refuses %s: %j', (_name, input) => {
    expect(safeRedirectPath(input, FALLBACK)).toBe(FALLBACK)
  })

  it.each(DEFUSED)('keeps %s on the site: %j', (_name, input, expected) => {
    const path = safeRedirectPath(input, FALLBACK)
    expect(path).toBe(expected)
    expect(landsOn(path)).toBe(APP)
  })

  it.each(LEGITIMATE)('keeps the legitimate path %j', (input, expected) => {
    expect(safeRedirectPath(input, FALLBACK)).toBe(expected)
  })

  it('never answers something a browser would resolve off the site', () => {
    for (const [, input] of [...REFUSED, ...DEFUSED]) {
      const path = safeRedirectPath(input, FALLBACK)
      expect(landsOn(path), input).toBe(APP)
      expect(path.startsWith('/') && !path.startsWith('//'), input).toBe(true)
    }
  })

  it('refuses non-strings with the default fallback', () => {
    expect(safeRedirectPath(null)).toBe('/home')
    expect(safeRedirectPath(42)).toBe('/home')
    expect(safeRedirectPath(['/home'])).toBe('/home')
  })
})
