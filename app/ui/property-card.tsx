import { Link } from 'react-router'
import { formatPrice } from '#app/lib/format.ts'
import { label } from '#app/modules/properties/catalog.ts'
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
  cover: PhotoForImage | null
}

export function PropertyCard({ property: p, href, eager }: { property: PropertyCardData; href: string; eager: boolean }) {
  const place = [p.area, p.city].filter(Boolean).join(', ')
  return (
    <Link to={href} className="block overflow-hidden rounded-xl border border-line bg-surface text-ink no-underline hover:border-brand">
      <div className="aspect-[4/3] bg-canvas">
        {p.cover ? (
          <PhotoImage photo={p.cover} alt="" eager={eager} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" className="h-full w-full" />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-muted">No photo</div>
        )}
      </div>
      <div className="space-y-1 p-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold leading-snug">{p.title}</h2>
          <StatusBadge status={p.status} />
        </div>
        <p className="font-medium">
          {`${formatPrice(p.price, p.currency)}${p.purpose === 'rent' && p.rentPeriod ? ` ${label(p.rentPeriod)}` : ''}`}
        </p>
        {place ? <p className="text-sm text-muted">{place}</p> : null}
      </div>
    </Link>
  )
}
