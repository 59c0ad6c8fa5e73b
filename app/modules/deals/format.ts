import { DEFAULT_NUMBER_STYLE, formatPrice, type NumberStyle } from '#app/lib/format.ts'
import { DEFAULT_CLOCK_STYLE, formatDay, type ClockStyle } from '#app/lib/when.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'

export const dealStageLabel = (stage: string) => CLIENT_LABELS[stage] ?? stage

/**
 * "€500,000 + $1,200,000": one amount per currency, never converted or added across currencies
 * (there is no exchange rate we could honestly apply).
 */
export function formatCurrencyTotals(totals: readonly { currency: string; total: number }[], numbers: NumberStyle = DEFAULT_NUMBER_STYLE) {
  const withValue = totals.filter((t) => t.total > 0)
  if (withValue.length === 0) return 'No value yet'
  return withValue.map((t) => formatPrice(t.total, t.currency, numbers)).join(' + ')
}

/** "Commission €7,500 (yours €4,500)": gross per currency, and the broker's share where a co-broker takes part. */
export function formatCommissionTotals(totals: readonly { currency: string; gross: number; share: number }[], numbers: NumberStyle = DEFAULT_NUMBER_STYLE) {
  const withValue = totals.filter((t) => t.gross > 0)
  if (withValue.length === 0) return 'No commission yet'
  return withValue
    .map((t) => `${formatPrice(t.gross, t.currency, numbers)}${t.share !== t.gross ? ` (yours ${formatPrice(t.share, t.currency, numbers)})` : ''}`)
    .join(' + ')
}

/** A deal's value, or a dash when the broker has not given one yet. */
export function formatDealValue(value: number | null, currency: string, numbers: NumberStyle = DEFAULT_NUMBER_STYLE) {
  return value === null ? '—' : formatPrice(value, currency, numbers)
}

/** "Sun 30 Jun 2030" for the stored "2025-06-30": a calendar day, which no time zone shifts. */
export function formatCalendarDay(day: string, clock: ClockStyle = DEFAULT_CLOCK_STYLE) {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day, clock) : day
}
