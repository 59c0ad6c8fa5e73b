import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'

/**
 * A photo's stored files and whose property it belongs to, for any viewer: who may see it is
 * decided above media (modules/sharing/file-access.server.ts). `trashed`: only its owner may
 * (the trash page shows it).
 */
export async function findPhotoFile(photoId: string) {
  if (!isUuid(photoId)) return null
  const [photo] = await getDb()
    .select({
      ownerId: propertyPhotos.ownerId,
      agencyId: propertyPhotos.agencyId,
      propertyId: propertyPhotos.propertyId,
      width: propertyPhotos.width,
      originalKey: propertyPhotos.originalKey,
      variantKeys: propertyPhotos.variantKeys,
      trashed: sql<boolean>`${propertyPhotos.deletedAt} is not null`,
    })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.id, photoId))
  return photo ?? null
}

/** The same for a document, with whether its broker marked it as shared with clients. */
export async function findDocumentFile(documentId: string) {
  if (!isUuid(documentId)) return null
  const [document] = await getDb()
    .select({
      ownerId: propertyDocuments.ownerId,
      agencyId: propertyDocuments.agencyId,
      propertyId: propertyDocuments.propertyId,
      sharedWithClients: propertyDocuments.sharedWithClients,
      fileName: propertyDocuments.fileName,
      contentType: propertyDocuments.contentType,
      storageKey: propertyDocuments.storageKey,
      trashed: sql<boolean>`${propertyDocuments.deletedAt} is not null`,
    })
    .from(propertyDocuments)
    .where(eq(propertyDocuments.id, documentId))
  return document ?? null
}
