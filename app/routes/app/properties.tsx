import { formatNumber, plural } from '#app/lib/format.ts'
import { data, Link } from 'react-router'
import { PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { getPropertyUsage, listProperties } from '#app/modules/properties/queries.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import { Pagination } from '#app/ui/pagination.tsx'
import { PropertyCard } from '#app/ui/property-card.tsx'
import { PropertyFilters } from '#app/ui/property-filters.tsx'
import type { Route } from './+types/properties'

export const meta: Route.MetaFunction = () => [{ title: 'Properties · BrokerVault' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, subscription } = requireAuth(context)
  const url = new URL(request.url)
  const { filters, errors } = parsePropertyFilters(url.searchParams)
  const [list, usage] = await Promise.all([
    listProperties(user.id, filters),
    getPropertyUsage(user.id, PLAN_PROPERTY_LIMITS[subscription?.plan ?? 'free_trial']),
  ])
  const filtered = [...url.searchParams.keys()].some((k) => k !== 'page' && k !== 'sort' && url.searchParams.get(k))
  return data(
    { ...list, usage, errors, filtered, page: filters.page, pageSize: filters.pageSize, search: url.search },
    { status: Object.keys(errors).length ? 400 : 200 },
  )
}

export default function PropertiesPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Properties">
        <div className="flex flex-wrap items-center gap-3 whitespace-nowrap">
          <p className="text-sm text-muted">{`${d.usage.countText} / ${d.usage.limit} properties`}</p>
          {/* A download with the filters of this page: a plain link, not a client-side navigation. */}
          <a href={`/properties/export.csv${d.search}`} download className="text-sm">Export CSV</a>
          <Link to="/properties/import" className="text-sm">Import</Link>
          <Link to="/trash" className="text-sm">Trash</Link>
          <Link to="/property/type-selection" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink no-underline">
            Add property
          </Link>
        </div>
      </PageHeader>
      {d.usage.count > 0 ? <PropertyFilters values={new URLSearchParams(d.search)} errors={d.errors} action="/properties" /> : null}
      {d.items.length === 0 ? (
        d.filtered ? (
          <EmptyState title="No properties match these filters">
            <p><Link to="/properties">Clear the filters</Link> or <Link to="/property/type-selection">add a property</Link>.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No properties yet">
            <p>{`Your listings, with their photos, documents and private notes, will be listed here. Your plan holds up to ${d.usage.limit} properties.`}</p>
            <p><Link to="/property/type-selection">Add your first property</Link></p>
          </EmptyState>
        )
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{`${formatNumber(d.total)}${d.totalCapped ? '+' : ''} ${plural(d.total, 'property', 'properties')}`}</p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {d.items.map((p, i) => (
              <li key={p.id}>
                <PropertyCard property={p} href={`/property/${p.id}`} eager={i < 4} />
              </li>
            ))}
          </ul>
          <Pagination page={d.page} pageSize={d.pageSize} total={d.total} capped={d.totalCapped} />
        </>
      )}
    </>
  )
}
