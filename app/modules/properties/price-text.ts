import { DEFAULT_NUMBER_STYLE, formatPrice, type NumberStyle } from '#app/lib/format.ts'
import { label } from './catalog.ts'

/**
 * "€1,200 per month": the price in its own currency, with the rent period for rentals. `numbers`:
 * the broker's marks on their own pages; clients' pages keep the default.
 */
export function priceText(p: { price: number | null; currency: string; purpose: string; rentPeriod: string | null }, numbers: NumberStyle = DEFAULT_NUMBER_STYLE) {
  const period = p.purpose === 'rent' && p.rentPeriod ? ` ${label(p.rentPeriod)}` : ''
  return `${formatPrice(p.price, p.currency, numbers)}${period}`
}
