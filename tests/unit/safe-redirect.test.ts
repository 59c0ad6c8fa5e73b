import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'

describe('safeRedirectPath: same-site relative paths only', () => {
  it.each([
    ['/home', '/home'],
    ['/properties?status=active&page=2', '/properties?status=active&page=2'],
    ['/client/7/listing#notes', '/client/7/listing#notes'],
  ])('keeps %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })

  it.each([
    'https://evil.example/home',
    '//evil.example/home',
    '/\\evil.example',
    'javascript:alert(1)',
    'home',
    '',
    '/home\nSet-Cookie: x=1',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input, '/fallback')).toBe('/fallback')
  })

  it('refuses non-strings', () => {
    expect(safeRedirectPath(null)).toBe('/home')
    expect(safeRedirectPath(42)).toBe('/home')
  })
})
