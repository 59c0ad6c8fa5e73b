import { sql } from 'drizzle-orm'
import { queryRows } from '#db/client.server.ts'
import { shares } from '#db/schema.ts'
import { shortlistHoldsSql } from '#app/modules/listings/listing-queries.server.ts'
import { findDocumentFile, findPhotoFile } from '#app/modules/media/files.server.ts'
import { isOpenToEveryoneSql, isShownToClientsSql } from '#app/modules/properties/public-facts.server.ts'
import { openPhotoInMemory, openPhotoMark, rememberOpenPhoto, type PhotoFile } from './open-photos.server.ts'
import { liveShareCondition } from './shares.server.ts'

/**
 * Who asks for a file: a signed-in broker with the agency they work in, or null for anyone else
 * (a client on a share page).
 */
export type Viewer = { brokerId: string; agencyId: string } | null

type FileOwnership = { ownerId: string; agencyId: string; propertyId: string }

/**
 * The agency's listings are every member's to see (docs/decisions/034), so are their photos and
 * documents; one in the trash is its owner's alone (the trash page shows it).
 */
const seesAsMember = (viewer: Viewer, file: FileOwnership & { trashed: boolean }) =>
  viewer !== null && (viewer.brokerId === file.ownerId || (!file.trashed && viewer.agencyId === file.agencyId))

/**
 * How long a photo stays open to anyone, by the database's clock: Infinity while its property
 * is public and active or some live link without an end reaches it, else until the last live
 * link reaching it expires; null when nothing opens it (only its owner may see it). One query.
 */
async function photoOpenFor({ ownerId, propertyId }: FileOwnership): Promise<number | null> {
  const [row] = await queryRows<{ public: boolean; never_ends: boolean | null; ends_in_ms: number | null }>(sql`
    select ${isOpenToEveryoneSql(ownerId, propertyId)} as public,
      bool_or(${shares.expiresAt} is null) as never_ends,
      (extract(epoch from max(${shares.expiresAt}) - now()) * 1000)::float8 as ends_in_ms
    from ${shares}
    where ${shares.ownerId} = ${ownerId} and ${liveShareCondition()} and ${reachesPropertySql(ownerId, propertyId)}`)
  if (!row) return null
  if (row.public || row.never_ends) return Infinity
  return row.ends_in_ms === null ? null : Number(row.ends_in_ms)
}

/**
 * The one decision on who may see a photo: its owner and their agency's members, or anyone while its property is public
 * and active or reachable through a live share (a property share, or a client-listing share
 * whose shortlist holds the property). Anything else is the same 404 as an unknown id.
 *
 * `open` says the photo is open to anyone (so its immutable files may be cached publicly); it
 * is false for the owner's own request of a photo not known to be open, without asking
 * further (a private answer is always right for the owner). An open photo is kept in memory
 * and served without a query while this server hears changes (open-photos.server.ts).
 */
export async function findViewablePhoto(viewer: Viewer, requestedId: string): Promise<{ file: PhotoFile; open: boolean } | null> {
  const photoId = requestedId.toLowerCase()
  const kept = openPhotoInMemory(photoId)
  if (kept) return { file: kept.file, open: true }
  const mark = openPhotoMark()
  const file = await findPhotoFile(photoId)
  if (!file) return null
  if (seesAsMember(viewer, file)) return { file, open: false }
  // A photo in the trash is its owner's alone (the trash page shows it), whatever shows its property.
  if (file.trashed) return null
  const openFor = await photoOpenFor(file)
  if (openFor === null || openFor <= 0) return null
  rememberOpenPhoto(photoId, file, openFor, mark)
  return { file, open: true }
}

/** The same for documents: the owner and their agency, or anyone through a live share when marked as shared. */
export async function canDownloadDocument(
  viewer: Viewer,
  document: FileOwnership & { sharedWithClients: boolean; trashed: boolean },
): Promise<boolean> {
  if (seesAsMember(viewer, document)) return true
  if (!document.sharedWithClients || document.trashed) return false
  const [row] = await queryRows<{ open: boolean }>(sql`select ${isReachableThroughLiveShare(document)} as open`)
  return row?.open === true
}

/** An SQL boolean: some live share of the owner shows this property to clients. */
function isReachableThroughLiveShare({ ownerId, propertyId }: FileOwnership) {
  return sql`exists (
    select 1 from ${shares}
    where ${shares.ownerId} = ${ownerId} and ${liveShareCondition()} and ${reachesPropertySql(ownerId, propertyId)}
  )`
}

/**
 * An SQL boolean on a row of `shares`: the link shows this property to clients (it is the
 * property's own link, or a shortlist link whose shortlist holds it, and the property's status
 * lets clients see it). Liveness is the caller's.
 */
function reachesPropertySql(ownerId: string, propertyId: string) {
  return sql`${isShownToClientsSql(ownerId, propertyId)} and (
    (${shares.kind} = 'property' and ${shares.propertyId} = ${propertyId})
    or (${shares.kind} = 'client_listing' and ${shortlistHoldsSql(sql`${shares.clientId}`, propertyId)})
  )`
}

export async function findDownloadableDocument(viewer: Viewer, documentId: string) {
  const document = await findDocumentFile(documentId)
  return document && (await canDownloadDocument(viewer, document)) ? document : null
}
