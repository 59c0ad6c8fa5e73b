import { label } from '#app/modules/properties/catalog.ts'
import type { PropertyFactsData } from '#app/modules/properties/facts.ts'
import { formatNumber } from '#app/lib/format.ts'
import { useFormats } from './broker-formats.tsx'


/** The listing's facts as a definition list; empty facts are left out. */
export function PropertyFacts({ property: p }: { property: PropertyFactsData }) {
  const address = [p.street, p.area, p.city, p.region, p.postalCode, p.country].filter(Boolean).join(', ')
  const unit = label(p.areaUnit)
  // The broker's marks in the app; share pages have no broker's formats and keep the default.
  const { numbers } = useFormats()
  const rows: [string, string | number | null][] = [
    ['Address', address || null],
    ['Reference', p.referenceCode],
    ['Bedrooms', p.bedrooms],
    ['Bathrooms', p.bathrooms],
    ['Parking', p.parking],
    ['Floor', p.floor],
    ['Year built', p.yearBuilt],
    ['Furnished', p.furnished === null ? null : p.furnished ? 'Yes' : 'No'],
    ['Built area', p.builtArea === null ? null : `${formatNumber(p.builtArea, numbers)} ${unit}`],
    ['Land area', p.landArea === null ? null : `${formatNumber(p.landArea, numbers)} ${unit}`],
    ['Features', p.features.length ? p.features.map(label).join(', ') : null],
    ['Tags', p.tags.length ? p.tags.join(', ') : null],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted">{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
