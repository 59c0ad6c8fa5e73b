import { Link } from 'react-router'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { getListingItem } from '#app/modules/listings/listing-queries.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { hiddenFromClientsReason } from '#app/modules/properties/client-visibility.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { loadSharedProperties } from '#app/modules/sharing/share-page.server.ts'
import { BrokerCard, SharedPropertyView } from '#app/ui/share-page.tsx'
import type { Route } from './+types/client-listing-item'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.property?.title ?? data?.hidden?.title ?? 'Property'} · shortlist · BrokerVault` },
]

/**
 * One shortlisted property exactly as the client sees it on the shared link (same component,
 * same public columns, the broker's note), inside the broker's own pages.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const client = orNotFound(await findOwnedClient(scope, params.clientId))
  const item = orNotFound(await getListingItem(scope, client.id, params.propertyId))
  const [shared, broker] = await Promise.all([
    loadSharedProperties(user.id, [item.propertyId], new Map([[item.propertyId, item.note]])),
    // The client's assigned member speaks to them, for the agency the client is in.
    loadBrokerContact({ memberId: client.ownerId, agencyId: scope.agencyId }).then(orNotFound),
  ])
  const property = shared[0]
  if (property) return { client: { id: client.id, fullName: client.fullName }, property, broker, hidden: null }
  // On the shortlist, but the client's link leaves it out: the broker sees why instead.
  const own = orNotFound(await getProperty(scope, item.propertyId))
  const hidden = { title: own.title, status: own.status, reason: hiddenFromClientsReason(own.status) ?? '' }
  return { client: { id: client.id, fullName: client.fullName }, property: null, broker, hidden }
}

export default function ClientListingItemPage({ loaderData: d }: Route.ComponentProps) {
  if (!d.property) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <h1 className="text-2xl font-semibold">{d.hidden.title}</h1>
        <p className="rounded-lg border border-line bg-warning-soft px-4 py-3">
          {`${d.client.fullName} does not see this property on a shared link (status: ${label(d.hidden.status)}). ${d.hidden.reason} `}
          <Link to={`/client/${d.client.id}/listing`}>Back to the shortlist</Link>
        </p>
      </div>
    )
  }
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
