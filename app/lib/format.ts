// Building an Intl.NumberFormat costs far more than formatting with one (a list page formats
// dozens of prices), so each currency/precision combination is built once per process.
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

/**
 * Which marks group thousands and separate decimals: the number half of a broker's format style
 * ("1,234.50", "1.234,50", "1 234,50"). The symbols and their places stay English ("€1.234,50"):
 * only the marks change, so the server and every browser write the same text.
 */
export type NumberStyle = { group: string; decimal: string }
export const DEFAULT_NUMBER_STYLE: NumberStyle = { group: ',', decimal: '.' }

function withMarks(formatter: Intl.NumberFormat, value: number, style: NumberStyle) {
  if (style.group === DEFAULT_NUMBER_STYLE.group && style.decimal === DEFAULT_NUMBER_STYLE.decimal) return formatter.format(value)
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? style.group : part.type === 'decimal' ? style.decimal : part.value))
    .join('')
}

/** "€450,000" — the listing's own currency, no cents for whole amounts, in the broker's marks. */
export function formatPrice(amount: number | null, currency: string, style: NumberStyle = DEFAULT_NUMBER_STYLE): string {
  if (amount === null) return 'Price on request'
  const whole = Number.isInteger(amount)
  const formatter = cachedFormatter(`price|${currency}|${whole}`, () =>
    new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: whole ? 0 : 2 }),
  )
  return formatter ? withMarks(formatter, amount, style) : `${formatNumber(amount, style)} ${currency}`
}

export function formatNumber(value: number, style: NumberStyle = DEFAULT_NUMBER_STYLE) {
  const formatter = cachedFormatter('number', () => new Intl.NumberFormat('en', { maximumFractionDigits: 2 }))
  return formatter ? withMarks(formatter, value, style) : String(value)
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
