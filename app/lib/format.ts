// Building an Intl.NumberFormat costs far more than formatting with one (a list page formats
// dozens of prices), so each locale/currency/precision combination is built once per process.
// Currencies are validated ISO codes, so the keys are few; the cap only guards against a future
// caller passing free text.
const formatters = new Map<string, Intl.NumberFormat | null>()
const MAX_FORMATTERS = 1000

function cachedFormatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat | null {
  let formatter = formatters.get(key)
  if (formatter === undefined) {
    try {
      formatter = make()
    } catch {
      // An unknown currency code (RangeError): remembered, so the fallback is as cheap.
      formatter = null
    }
    if (formatters.size < MAX_FORMATTERS) formatters.set(key, formatter)
  }
  return formatter
}

/** "€ 450,000" — the listing's own currency, no cents for whole amounts. */
export function formatPrice(amount: number | null, currency: string, locale = 'en'): string {
  if (amount === null) return 'Price on request'
  const whole = Number.isInteger(amount)
  const formatter = cachedFormatter(`price|${locale}|${currency}|${whole}`, () =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: whole ? 0 : 2 }),
  )
  return formatter ? formatter.format(amount) : `${amount.toLocaleString(locale)} ${currency}`
}

export function formatNumber(value: number, locale = 'en') {
  const formatter = cachedFormatter(`number|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }))
  return formatter ? formatter.format(value) : String(value)
}

const PLURAL_RULES = new Intl.PluralRules('en')

/**
 * The form of a word for `count`, by the language's plural rules (Intl.PluralRules), so that
 * "1 property" and "1.5 bedrooms" come out right: plural(1, 'property', 'properties').
 */
export function plural(count: number, one: string, other: string): string {
  return PLURAL_RULES.select(count) === 'one' ? one : other
}

/** "1 property", "2 properties", "1,000 properties". */
export function countOf(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${plural(count, one, other)}`
}
