import { Link } from 'react-router'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { getListingItem } from '#app/modules/listings/listing-queries.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { loadBrokerContact, loadSharedProperties } from '#app/modules/sharing/share-page.server.ts'
import { BrokerCard, SharedPropertyView } from '#app/ui/share-page.tsx'
import type { Route } from './+types/client-listing-item'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.property.title ?? 'Property'} · shortlist · BrokerVault` }]

/**
 * One shortlisted property exactly as the client sees it on the shared link (same component,
 * same public columns, the broker's note), inside the broker's own pages.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const client = orNotFound(await findOwnedClient(user.id, params.clientId))
  const item = orNotFound(await getListingItem(user.id, client.id, params.propertyId))
  const [shared, broker] = await Promise.all([
    loadSharedProperties(user.id, [item.propertyId], new Map([[item.propertyId, item.note]])),
    loadBrokerContact(user.id).then(orNotFound),
  ])
  const property = shared[0] ?? notFound()
  return { client: { id: client.id, fullName: client.fullName }, property, broker }
}

export default function ClientListingItemPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="rounded-lg bg-brand-soft px-4 py-2 text-sm">
        {`This is what ${d.client.fullName} sees for this property on a shared link. `}
        <Link to={`/client/${d.client.id}/listing`}>Back to the shortlist</Link>
        {' · '}
        <Link to={`/client/${d.client.id}/edit-listing#item-${d.property.id}`}>Edit the note</Link>
      </p>
      <SharedPropertyView property={d.property} heading="h1" eagerCover />
      <BrokerCard broker={d.broker} />
    </div>
  )
}
