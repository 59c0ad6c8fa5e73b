import { Link } from 'react-router'
import { PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { requireAuth } from '#app/modules/session/session.server.ts'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/properties'

export const meta: Route.MetaFunction = () => [{ title: 'Properties · BrokerVault' }]

export function loader({ context }: Route.LoaderArgs) {
  const { subscription } = requireAuth(context)
  return { limit: PLAN_PROPERTY_LIMITS[subscription?.plan ?? 'free_trial'] }
}

export default function PropertiesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Properties">
        <Link to="/property/type-selection" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink no-underline">
          Add property
        </Link>
      </PageHeader>
      <EmptyState title="No properties yet">
        <p>
          Your listings, with their photos, documents and private notes, will be listed here. Your plan holds up to{' '}
          {loaderData.limit} properties.
        </p>
        <p>
          <Link to="/property/type-selection">Add your first property</Link>
        </p>
      </EmptyState>
    </>
  )
}
