import { formatPrice } from '#app/lib/format.ts'
import { label } from './catalog.ts'

/** "€ 1,200 per month": the price in its own currency, with the rent period for rentals. */
export function priceText(p: { price: number | null; currency: string; purpose: string; rentPeriod: string | null }) {
  const period = p.purpose === 'rent' && p.rentPeriod ? ` ${label(p.rentPeriod)}` : ''
  return `${formatPrice(p.price, p.currency)}${period}`
}
