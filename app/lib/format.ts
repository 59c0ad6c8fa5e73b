/** "€ 450,000" — the listing's own currency, no cents for whole amounts. */
export function formatPrice(amount: number | null, currency: string, locale = 'en'): string {
  if (amount === null) return 'Price on request'
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount)
  } catch {
    return `${amount.toLocaleString(locale)} ${currency}`
  }
}

export function formatNumber(value: number, locale = 'en') {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)
}
