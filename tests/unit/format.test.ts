import { describe, expect, it } from 'vitest'
import { countOf, formatNumber, formatPrice, plural } from '#app/lib/format.ts'

describe('formatPrice', () => {
  it('formats whole amounts without cents and fractional ones with them, in the listing currency', () => {
    expect(formatPrice(450000, 'EUR')).toBe('€450,000')
    expect(formatPrice(1250.5, 'USD')).toBe('$1,250.50')
    // The cached whole-amount formatter for USD must not leak into the fractional case, or back.
    expect(formatPrice(1250, 'USD')).toBe('$1,250')
    expect(formatPrice(99.99, 'GBP')).toBe('£99.99')
  })

  it('says "Price on request" without an amount', () => {
    expect(formatPrice(null, 'EUR')).toBe('Price on request')
  })

  it('falls back to the number and the code for a currency Intl does not know, every time', () => {
    expect(formatPrice(1000, 'ZZZ1')).toBe('1,000 ZZZ1')
    expect(formatPrice(2000, 'ZZZ1')).toBe('2,000 ZZZ1')
  })
})

describe('formatNumber', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatNumber(1234.567)).toBe('1,234.57')
    expect(formatNumber(120)).toBe('120')
  })
})

describe('plural and countOf: one helper for every count in words', () => {
  it('picks the form by the plural rules, not by "=== 1"', () => {
    expect(plural(1, 'property', 'properties')).toBe('property')
    for (const n of [0, 2, 1.5, 21, 1000]) expect(plural(n, 'property', 'properties'), String(n)).toBe('properties')
    expect(plural(1, 'fits', 'fit')).toBe('fits')
  })

  it('writes the number as the lists do', () => {
    expect(countOf(1, 'property', 'properties')).toBe('1 property')
    expect(countOf(0, 'deal', 'deals')).toBe('0 deals')
    expect(countOf(1200, 'view', 'views')).toBe('1,200 views')
  })
})
