import { Link } from 'react-router'
import { countOf, plural } from '#app/lib/format.ts'

/**
 * Says what the matching left out for its currency (issue 25, defect 3), so a listing left in the
 * wrong currency is found rather than silently missed: "Not compared: 1 listing that fits
 * otherwise is priced in USD, and this budget is in EUR."
 */
/** Per currency, how many listings were left out; `capped` when the count stopped at its cap. */
type OtherCurrencies = { byCurrency: readonly { currency: string; count: number }[]; capped: boolean }

export function SkippedCurrencyNote({ skipped, budgetCurrency, editHref }: { skipped: OtherCurrencies; budgetCurrency: string; editHref: string }) {
  const total = skipped.byCurrency.reduce((sum, row) => sum + row.count, 0)
  if (total === 0) return null
  const listings = `${countOf(total, 'listing', 'listings')}${skipped.capped ? '+' : ''}`
  const fit = skipped.capped || total !== 1 ? 'that fit otherwise are' : 'that fits otherwise is'
  const where =
    skipped.byCurrency.length === 1
      ? `priced in ${skipped.byCurrency[0]!.currency}`
      : `priced in other currencies (${skipped.byCurrency.map((row) => `${row.count} in ${row.currency}`).join(', ')})`
  return (
    <p role="note" data-testid="skipped-currencies" className="mt-3 rounded-md border border-line bg-warning-soft px-3 py-2 text-sm">
      <strong>Not compared:</strong>
      {` ${listings} ${fit} ${where}, and this budget is in ${budgetCurrency}. A budget is only compared with prices in its own currency. `}
      <Link to={editHref}>Change the budget’s currency</Link>
      {` or the ${plural(total, 'listing’s', 'listings’')}.`}
    </p>
  )
}
