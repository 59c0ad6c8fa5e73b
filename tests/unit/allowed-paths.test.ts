import { describe, expect, it } from 'vitest'
import { isAllowedWhenTrialExpired } from '#app/modules/navigation/allowed-paths.ts'

describe('paths allowed while the trial is expired (seed sections 4 and 6)', () => {
  it.each([
    '/auth',
    '/pricing',
    '/profile',
    '/support',
    '/terms',
    '/privacy',
    '/data-policy',
    '/help',
    '/public-properties',
  ])('allows %s and paths beginning with it', (path) => {
    expect(isAllowedWhenTrialExpired(path)).toBe(true)
    expect(isAllowedWhenTrialExpired(`${path}/more`)).toBe(true)
  })

  it('allows any path starting with /preview/', () => {
    expect(isAllowedWhenTrialExpired('/preview/abc123')).toBe(true)
  })

  it('allows property edit pages in both readings', () => {
    expect(isAllowedWhenTrialExpired('/property/edit/42')).toBe(true)
    expect(isAllowedWhenTrialExpired('/property/42/edit')).toBe(true)
  })

  it.each([
    '/home',
    '/properties',
    '/property/42',
    '/property/new',
    '/property/new/residential',
    '/property/type-selection',
    '/clients',
    '/client/7',
    '/client/new',
    '/client/edit/7',
    '/client/7/edit-listing',
    '/client/7/listing',
    '/client/7/listing/42',
    '/deals',
    '/preview',
  ])('protects %s', (path) => {
    expect(isAllowedWhenTrialExpired(path)).toBe(false)
  })
})
