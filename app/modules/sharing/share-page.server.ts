import { getListingOrder } from '#app/modules/listings/listing-queries.server.ts'
import { listPhotosOfProperties, listSharedDocumentsOfProperties } from '#app/modules/media/queries.server.ts'
import { getPublicFacts } from '#app/modules/properties/public-facts.server.ts'
import type { LiveShare } from './shares.server.ts'
import { listPickedReactions } from './feedback.server.ts'
import { loadBrokerContact } from './client-contact.server.ts'
import type { FeedbackReaction } from '#db/reference.ts'
import type { BrokerContact, SharedProperty } from '#app/modules/sharing/share-view.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

/**
 * The given properties of one broker as a client sees them, in the given order, with their
 * photos and the documents marked as shared. Three queries whatever the number of properties.
 */
export async function loadSharedProperties(ownerId: string, propertyIds: string[], notes = new Map<string, string>()) {
  if (propertyIds.length === 0) return []
  const [byId, photos, documents] = await Promise.all([
    getPublicFacts(ownerId, propertyIds),
    listPhotosOfProperties(ownerId, propertyIds),
    listSharedDocumentsOfProperties(ownerId, propertyIds),
  ])
  return propertyIds.flatMap((id): SharedProperty[] => {
    const row = byId.get(id)
    if (!row) return []
    return [
      {
        ...row,
        // Tags are the broker's own labels ("motivated seller"): never shown to clients.
        tags: [],
        note: notes.get(id) ?? '',
        photos: photos.filter((p) => p.propertyId === id).map(({ propertyId: _p, ...photo }) => photo),
        documents: documents.filter((d) => d.propertyId === id).map(({ propertyId: _p, ...doc }) => doc),
      },
    ]
  })
}

export type SharePageData = {
  kind: LiveShare['kind']
  properties: SharedProperty[]
  broker: BrokerContact
  /** On a shortlist: the reaction the client last picked per property id. */
  picked: Record<string, FeedbackReaction>
}

/** Everything a share page renders; null for a share whose property (or broker) has gone. */
export async function loadSharePage(share: LiveShare): Promise<SharePageData | null> {
  // A shortlist is read as its owner reads it in the link's agency (the visitor has no scope).
  const owner = share.kind === 'client_listing' && share.clientId ? await scopeOfMember(share.ownerId, share.agencyId) : null
  const order =
    share.kind === 'property' && share.propertyId
      ? { propertyIds: [share.propertyId], notes: new Map<string, string>() }
      : share.clientId && owner
        ? await getListingOrder(owner, share.clientId)
        : null
  if (!order) return null
  const [shared, broker, picked] = await Promise.all([
    loadSharedProperties(share.ownerId, order.propertyIds, order.notes),
    loadBrokerContact({ memberId: share.ownerId, agencyId: share.agencyId }),
    share.kind === 'client_listing' ? listPickedReactions(share) : {},
  ])
  if (!broker || (share.kind === 'property' && shared.length === 0)) return null
  return { kind: share.kind, properties: shared, broker, picked }
}
