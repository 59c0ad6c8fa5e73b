import { Link } from 'react-router'
import { countOf, DEFAULT_NUMBER_STYLE, formatNumber, type NumberStyle } from '#app/lib/format.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { priceText } from '#app/modules/properties/price-text.ts'
import { useFormats } from './broker-formats.tsx'
import { PhotoImage } from './photo.tsx'
import { StatusBadge } from './status-badge.tsx'
import type { PropertyStatus } from '#db/reference.ts'
import type { PhotoForImage } from '#app/modules/media/variants.ts'

export type PropertyCardData = {
  id: string
  title: string
  price: number | null
  currency: string
  purpose: string
  rentPeriod: string | null
  city: string | null
  area: string | null
  status: PropertyStatus
  bedrooms: number | null
  builtArea: number | null
  landArea: number | null
  areaUnit: string
  cover: PhotoForImage | null
}

/** "3 bedrooms · 120 m²"; land shows its plot ("5,000 m² land"); facts not given are left out. */
export function cardFacts(p: Pick<PropertyCardData, 'bedrooms' | 'builtArea' | 'landArea' | 'areaUnit'>, numbers: NumberStyle = DEFAULT_NUMBER_STYLE) {
  const unit = label(p.areaUnit)
  const facts = [
    p.bedrooms === null ? null : countOf(p.bedrooms, 'bedroom', 'bedrooms'),
    p.builtArea === null ? null : `${formatNumber(p.builtArea, numbers)} ${unit}`,
    p.builtArea === null && p.landArea !== null ? `${formatNumber(p.landArea, numbers)} ${unit} land` : null,
  ]
  return facts.filter(Boolean).join(' · ')
}

export function PropertyCard({
  property: p,
  href,
  eager,
  assignee,
}: {
  property: PropertyCardData
  href: string
  eager: boolean
  /** Who the listing is assigned to, in an agency of several (nothing for a broker alone). */
  assignee?: string | null
}) {
  const place = [p.area, p.city].filter(Boolean).join(', ')
  const { numbers } = useFormats()
  const facts = cardFacts(p, numbers)
  return (
    <Link to={href} className="block overflow-hidden rounded-xl border border-line bg-surface text-ink no-underline hover:border-brand">
      <div className="aspect-[4/3] bg-canvas">
        {p.cover ? (
          <PhotoImage photo={p.cover} alt="" eager={eager} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-muted">No photo</div>
        )}
      </div>
      <div className="space-y-1 p-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 font-semibold leading-snug">{p.title}</h2>
          <StatusBadge status={p.status} />
        </div>
        <p className="font-medium">
          {priceText(p, numbers)}
        </p>
        {facts ? <p className="text-sm">{facts}</p> : null}
        {place ? <p className="text-sm text-muted">{place}</p> : null}
        {assignee ? <p className="text-xs text-muted" data-testid="assignee">{`Assigned to ${assignee}`}</p> : null}
      </div>
    </Link>
  )
}
