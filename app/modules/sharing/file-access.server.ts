import { sql } from 'drizzle-orm'
import { queryRows } from '#db/client.server.ts'
import { shares } from '#db/schema.ts'
import { shortlistHoldsSql } from '#app/modules/listings/listing-queries.server.ts'
import { findDocumentFile, findPhotoFile } from '#app/modules/media/files.server.ts'
import { isOpenToEveryoneSql, isShownToClientsSql } from '#app/modules/properties/public-facts.server.ts'
import { liveShareCondition } from './shares.server.ts'

/** Who asks for a file: a signed-in broker, or null for anyone else (a client on a share page). */
export type Viewer = { brokerId: string } | null

type FileOwnership = { ownerId: string; propertyId: string }

/**
 * The one decision on who may see a photo: its owner, or anyone when its property is public
 * and active, or reachable through a live share (a property share, or a client-listing share
 * whose shortlist holds the property). Anything else is the same 404 as an unknown id.
 */
export async function canViewPhoto(viewer: Viewer, photo: FileOwnership): Promise<boolean> {
  if (viewer !== null && viewer.brokerId === photo.ownerId) return true
  const [row] = await queryRows<{ open: boolean }>(sql`
    select (${isOpenToEveryoneSql(photo.ownerId, photo.propertyId)} or ${isReachableThroughLiveShare(photo)}) as open`)
  return row?.open === true
}

/** The same for documents: the owner, or anyone through a live share when marked as shared. */
export async function canDownloadDocument(
  viewer: Viewer,
  document: FileOwnership & { sharedWithClients: boolean },
): Promise<boolean> {
  if (viewer !== null && viewer.brokerId === document.ownerId) return true
  if (!document.sharedWithClients) return false
  const [row] = await queryRows<{ open: boolean }>(sql`select ${isReachableThroughLiveShare(document)} as open`)
  return row?.open === true
}

/**
 * An SQL boolean: some live share of the owner shows this property, and its status lets clients
 * see it. One query with the owners' own predicates (properties, listings), because every photo
 * on a share page asks.
 */
function isReachableThroughLiveShare({ ownerId, propertyId }: FileOwnership) {
  return sql`${isShownToClientsSql(ownerId, propertyId)} and (
    exists (
      select 1 from ${shares}
      where ${shares.ownerId} = ${ownerId} and ${shares.kind} = 'property'
        and ${shares.propertyId} = ${propertyId} and ${liveShareCondition()}
    )
    or exists (
      select 1 from ${shares}
      where ${shares.ownerId} = ${ownerId} and ${shares.kind} = 'client_listing'
        and ${shortlistHoldsSql(sql`${shares.clientId}`, propertyId)} and ${liveShareCondition()}
    )
  )`
}

/** The photo's stored files, or null when it does not exist or the viewer may not see it. */
export async function findViewablePhoto(viewer: Viewer, photoId: string) {
  const photo = await findPhotoFile(photoId)
  return photo && (await canViewPhoto(viewer, photo)) ? photo : null
}

export async function findDownloadableDocument(viewer: Viewer, documentId: string) {
  const document = await findDocumentFile(documentId)
  return document && (await canDownloadDocument(viewer, document)) ? document : null
}
