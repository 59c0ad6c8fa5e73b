import { Link } from 'react-router'
import { PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/property-type-selection'

export const meta: Route.MetaFunction = () => [{ title: 'Choose a property type · BrokerVault' }]

const CATEGORIES = [
  { id: 'residential', title: 'Residential', text: 'Apartments, houses, villas, townhouses, studios and penthouses.' },
  { id: 'commercial', title: 'Commercial', text: 'Offices, retail, warehouses, industrial units and hotels.' },
  { id: 'land', title: 'Land', text: 'Plots and farm land.' },
] as const

export default function PropertyTypeSelectionPage() {
  return (
    <>
      <PageHeader title="What kind of property?" />
      <ul className="grid gap-3 sm:grid-cols-3">
        {CATEGORIES.map((c) => (
          <li key={c.id}>
            <Link
              to={`/property/new/${c.id}`}
              className="block h-full rounded-xl border border-line bg-surface p-4 text-ink no-underline hover:border-brand"
            >
              <span className="block font-semibold">{c.title}</span>
              <span className="mt-1 block text-sm text-muted">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
