import { DEFAULT_NUMBER_STYLE, formatNumber, formatPrice, type NumberStyle } from '#app/lib/format.ts'

/** How a deal's commission was given, and the co-broker's split (docs/decisions/021). */
export type CommissionTerms = {
  value: number | null
  /** An amount in the deal's currency, or null. */
  commission: number | null
  /** A percentage of the value, or null: never both. */
  commissionPercent: number | null
  coBrokerPercent: number | null
}

const cents = (amount: number) => Math.round(amount * 100) / 100

/** The expected gross commission: the amount, or the percentage of the value; null when unknown. */
export function grossCommission(d: CommissionTerms): number | null {
  if (d.commission !== null) return d.commission
  if (d.commissionPercent !== null && d.value !== null) return cents((d.value * d.commissionPercent) / 100)
  return null
}

/** What stays with the broker after the co-broker's split. */
export function brokerShare(d: CommissionTerms): number | null {
  const gross = grossCommission(d)
  if (gross === null) return null
  return cents(gross * (1 - (d.coBrokerPercent ?? 0) / 100))
}

/**
 * Both forms, as the deal page shows them: "3% of €250,000 = €7,500", "€7,500 (3% of the
 * value)", "3% of the value (no value yet)", or "—".
 */
export function describeCommission(d: CommissionTerms, currency: string, numbers: NumberStyle = DEFAULT_NUMBER_STYLE): string {
  const gross = grossCommission(d)
  const price = (amount: number) => formatPrice(amount, currency, numbers)
  const percent = (value: number) => `${formatNumber(Number(value.toFixed(2)), numbers)}%`
  if (d.commissionPercent !== null) {
    if (d.value === null || gross === null) return `${percent(d.commissionPercent)} of the value (no value yet)`
    return `${percent(d.commissionPercent)} of ${price(d.value)} = ${price(gross)}`
  }
  if (gross === null) return '—'
  if (d.value) return `${price(gross)} (${percent((gross / d.value) * 100)} of the value)`
  return price(gross)
}

/** "Co-broker 40% · your share €4,500", or null without a split. */
export function describeSplit(d: CommissionTerms, currency: string, numbers: NumberStyle = DEFAULT_NUMBER_STYLE): string | null {
  if (!d.coBrokerPercent) return null
  const share = brokerShare(d)
  const percent = `${formatNumber(Number(d.coBrokerPercent.toFixed(2)), numbers)}%`
  return `Co-broker ${percent}${share === null ? '' : ` · your share ${formatPrice(share, currency, numbers)}`}`
}
