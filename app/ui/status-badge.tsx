import { label } from '#app/modules/properties/catalog.ts'
import type { PropertyStatus } from '#db/reference.ts'

const TONES: Record<PropertyStatus, string> = {
  draft: 'bg-canvas text-muted border-line',
  active: 'bg-success-soft text-success border-success',
  under_offer: 'bg-warning-soft text-ink border-line',
  sold: 'bg-brand-soft text-brand border-brand',
  rented: 'bg-brand-soft text-brand border-brand',
  off_market: 'bg-canvas text-muted border-line',
}

export function StatusBadge({ status }: { status: PropertyStatus }) {
  return <span data-badge="" className={`inline-block shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[status]}`}>{label(status)}</span>
}
