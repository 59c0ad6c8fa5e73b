import { formatPrice } from '#app/lib/format.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'

export const dealStageLabel = (stage: string) => CLIENT_LABELS[stage] ?? stage

/**
 * "€500,000 + $1,200,000": one amount per currency, never converted or added across currencies
 * (there is no exchange rate we could honestly apply).
 */
export function formatCurrencyTotals(totals: readonly { currency: string; total: number }[]) {
  const withValue = totals.filter((t) => t.total > 0)
  if (withValue.length === 0) return 'No value yet'
  return withValue.map((t) => formatPrice(t.total, t.currency)).join(' + ')
}

/** "Commission €7,500 (yours €4,500)": gross per currency, and the broker's share where a co-broker takes part. */
export function formatCommissionTotals(totals: readonly { currency: string; gross: number; share: number }[]) {
  const withValue = totals.filter((t) => t.gross > 0)
  if (withValue.length === 0) return 'No commission yet'
  return withValue
    .map((t) => `${formatPrice(t.gross, t.currency)}${t.share !== t.gross ? ` (yours ${formatPrice(t.share, t.currency)})` : ''}`)
    .join(' + ')
}

/** A deal's value, or a dash when the broker has not given one yet. */
export function formatDealValue(value: number | null, currency: string) {
  return value === null ? '—' : formatPrice(value, currency)
}

// A calendar day stored without a time: formatted in UTC so no time zone shifts it by a day.
const CALENDAR_DAY = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })

/** "Jun 30, 2025" for the stored "2025-06-30". */
export function formatCalendarDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? day : CALENDAR_DAY.format(date)
}
