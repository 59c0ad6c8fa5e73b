import { formatNumber, plural } from '#app/lib/format.ts'
import { data } from 'react-router'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { listPublicProperties } from '#app/modules/properties/queries.server.ts'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import { Pagination } from '#app/ui/pagination.tsx'
import { PropertyCard } from '#app/ui/property-card.tsx'
import { PropertyFilters } from '#app/ui/property-filters.tsx'
import type { Route } from './+types/public-properties'

export const meta: Route.MetaFunction = () => [{ title: 'Public properties · BrokerVault' }]

// Needs a session, not a subscription: the allowed-path rule lets expired trials in.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { filters, errors } = parsePropertyFilters(url.searchParams)
  const list = await listPublicProperties(filters)
  return data(
    { ...list, errors, page: filters.page, pageSize: filters.pageSize, search: url.search },
    { status: Object.keys(errors).length ? 400 : 200 },
  )
}

export default function PublicPropertiesPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Public properties" />
      <p className="-mt-4 mb-4 text-sm text-muted">Active listings that brokers have made public. Open one to see its view-only page.</p>
      <PropertyFilters values={new URLSearchParams(d.search)} errors={d.errors} action="/public-properties" hideStatus />
      {d.items.length === 0 ? (
        <EmptyState title="No public listings match">
          <p>Active listings that brokers mark as public appear here for every broker to search.</p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{`${formatNumber(d.total)}${d.totalCapped ? '+' : ''} ${plural(d.total, 'listing', 'listings')}`}</p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {d.items.map((p, i) => (
              <li key={p.id}>
                <PropertyCard property={p} href={`/public-properties/${p.id}`} eager={i < 4} />
                <p className="mt-1 text-xs text-muted">{[p.brokerName, p.agencyName].filter(Boolean).join(' · ')}</p>
              </li>
            ))}
          </ul>
          <Pagination page={d.page} pageSize={d.pageSize} total={d.total} capped={d.totalCapped} />
        </>
      )}
    </>
  )
}
