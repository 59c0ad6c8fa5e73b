import { Link } from 'react-router'
import { PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { getPropertyUsage } from '#app/modules/properties/queries.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { PageHeader } from '#app/ui/page.tsx'
import { PlanLimitNotice } from '#app/ui/plan-limit-notice.tsx'
import type { Route } from './+types/property-type-selection'

export const meta: Route.MetaFunction = () => [{ title: 'Choose a property type · BrokerVault' }]

const CATEGORIES = [
  { id: 'residential', title: 'Residential', text: 'Apartments, houses, villas, townhouses, studios and penthouses.' },
  { id: 'commercial', title: 'Commercial', text: 'Offices, retail, warehouses, industrial units and hotels.' },
  { id: 'land', title: 'Land', text: 'Plots and farm land.' },
] as const

export async function loader({ context }: Route.LoaderArgs) {
  const { scope, subscription } = requireAuth(context)
  return { usage: await getPropertyUsage(scope, PLAN_PROPERTY_LIMITS[subscription?.plan ?? 'free_trial']) }
}

export default function PropertyTypeSelectionPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.usage.canAdd) {
    return (
      <>
        <PageHeader title="What kind of property?" />
        <PlanLimitNotice usage={loaderData.usage} />
      </>
    )
  }
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
