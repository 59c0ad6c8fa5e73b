import { Link } from 'react-router'
import { getPublicPropertyOwner } from '#app/modules/properties/queries.server.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { loadSharedProperties } from '#app/modules/sharing/share-page.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { SharedPropertyView, SharePage } from '#app/ui/share-page.tsx'
import type { Route } from './+types/public-property'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.property.title ?? 'Public listing'} · BrokerVault` }]

/**
 * A public, active listing as its broker's clients see it (the same view-only component as share
 * pages: never private notes). Any signed-in broker may open it, with or without a subscription.
 * It credits the listing's broker by their profile: row-level security shows a broker no other
 * agency's details.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const ownerId = orNotFound(await getPublicPropertyOwner(params.id))
  const [[property], broker] = await Promise.all([loadSharedProperties(ownerId, [params.id]), loadBrokerContact({ memberId: ownerId, agencyId: null }).then(orNotFound)])
  if (!property) notFound()
  return { property, broker }
}

export default function PublicPropertyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/public-properties">← Public properties</Link>
      </p>
      <SharePage broker={loaderData.broker}>
        <SharedPropertyView property={loaderData.property} heading="h1" eagerCover />
      </SharePage>
    </>
  )
}
