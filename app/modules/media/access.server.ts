import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { isUuid } from '#app/modules/properties/access.server.ts'

/** Who asks for a file: a signed-in broker, or null for anyone else (a client on a share page). */
export type Viewer = { brokerId: string } | null

type FileOwnership = { ownerId: string; propertyId: string }

/**
 * The one decision on who may see a photo: its owner, for now. Live shares and public
 * listings are added here (hence async: they will need a lookup), and /media follows.
 */
export async function canViewPhoto(viewer: Viewer, photo: FileOwnership): Promise<boolean> {
  return viewer !== null && viewer.brokerId === photo.ownerId
}

/** The same for documents; a share will open only those marked as shared with clients. */
export async function canDownloadDocument(
  viewer: Viewer,
  document: FileOwnership & { sharedWithClients: boolean },
): Promise<boolean> {
  return viewer !== null && viewer.brokerId === document.ownerId
}

/** The photo's stored files, or null when it does not exist or the viewer may not see it. */
export async function findViewablePhoto(viewer: Viewer, photoId: string) {
  if (!isUuid(photoId)) return null
  const [photo] = await getDb()
    .select({
      ownerId: propertyPhotos.ownerId,
      propertyId: propertyPhotos.propertyId,
      width: propertyPhotos.width,
      originalKey: propertyPhotos.originalKey,
      variantKeys: propertyPhotos.variantKeys,
    })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.id, photoId))
  return photo && (await canViewPhoto(viewer, photo)) ? photo : null
}

export async function findDownloadableDocument(viewer: Viewer, documentId: string) {
  if (!isUuid(documentId)) return null
  const [document] = await getDb()
    .select({
      ownerId: propertyDocuments.ownerId,
      propertyId: propertyDocuments.propertyId,
      sharedWithClients: propertyDocuments.sharedWithClients,
      fileName: propertyDocuments.fileName,
      contentType: propertyDocuments.contentType,
      storageKey: propertyDocuments.storageKey,
    })
    .from(propertyDocuments)
    .where(eq(propertyDocuments.id, documentId))
  return document && (await canDownloadDocument(viewer, document)) ? document : null
}
