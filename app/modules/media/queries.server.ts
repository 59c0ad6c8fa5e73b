import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { photoFileTags } from './file-tags.server.ts'
import type { PhotoForImage } from './variants.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Photos and documents in the trash are on no page: every read here but the trash's says so. */
const livePhoto = isNull(propertyPhotos.deletedAt)
const liveDocument = isNull(propertyDocuments.deletedAt)

/** A row with its storage keys as a page gets it: the keys stay here, their tags go out. */
function withTags<Row extends { variantKeys: Record<string, string> }>({ variantKeys, ...row }: Row) {
  return { ...row, tags: photoFileTags(variantKeys) }
}

/** A property's photos in order (cover first). Scoped by the broker. */
export async function listPhotos(scope: Scope, propertyId: string) {
  const rows = await getDb()
    .select({
      id: propertyPhotos.id,
      position: propertyPhotos.position,
      caption: propertyPhotos.caption,
      width: propertyPhotos.width,
      height: propertyPhotos.height,
      bytes: propertyPhotos.bytes,
      variantKeys: propertyPhotos.variantKeys,
    })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.propertyId, propertyId), visibleTo(propertyPhotos, scope), livePhoto))
    .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.createdAt))
  return rows.map(withTags)
}

/** Cover photo (position 0 … the lowest) of each listed property, in one query (no N+1). */
export async function getCoverPhotos(scope: Scope | null, propertyIds: string[]) {
  if (propertyIds.length === 0) return new Map<string, PhotoForImage>()
  const rows = await getDb()
    .selectDistinctOn([propertyPhotos.propertyId], {
      propertyId: propertyPhotos.propertyId,
      id: propertyPhotos.id,
      width: propertyPhotos.width,
      height: propertyPhotos.height,
      caption: propertyPhotos.caption,
      variantKeys: propertyPhotos.variantKeys,
    })
    .from(propertyPhotos)
    .where(
      scope
        ? and(inArray(propertyPhotos.propertyId, propertyIds), visibleTo(propertyPhotos, scope), livePhoto)
        : and(inArray(propertyPhotos.propertyId, propertyIds), livePhoto),
    )
    .orderBy(propertyPhotos.propertyId, asc(propertyPhotos.position), asc(propertyPhotos.createdAt))
  return new Map<string, PhotoForImage>(rows.map(({ propertyId, ...photo }) => [propertyId, withTags(photo)]))
}

export function listDocuments(scope: Scope, propertyId: string) {
  return getDb()
    .select({
      id: propertyDocuments.id,
      title: propertyDocuments.title,
      fileName: propertyDocuments.fileName,
      contentType: propertyDocuments.contentType,
      bytes: propertyDocuments.bytes,
      sharedWithClients: propertyDocuments.sharedWithClients,
      createdAt: propertyDocuments.createdAt,
    })
    .from(propertyDocuments)
    .where(and(eq(propertyDocuments.propertyId, propertyId), visibleTo(propertyDocuments, scope), liveDocument))
    .orderBy(asc(propertyDocuments.createdAt))
}

/**
 * The photos of several of the broker's properties, in order, in one query (share pages). By the
 * share's owner, not a scope: share pages are opened by anonymous visitors, outside any agency.
 */
export async function listPhotosOfProperties(ownerId: string, propertyIds: string[]) {
  const rows = await getDb()
    .select({
      propertyId: propertyPhotos.propertyId,
      id: propertyPhotos.id,
      width: propertyPhotos.width,
      height: propertyPhotos.height,
      caption: propertyPhotos.caption,
      variantKeys: propertyPhotos.variantKeys,
    })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.ownerId, ownerId), inArray(propertyPhotos.propertyId, propertyIds), livePhoto))
    .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.createdAt))
  return rows.map(withTags)
}

/** The documents the broker marked as shared with clients, for several properties at once (share pages: by owner, as above). */
export function listSharedDocumentsOfProperties(ownerId: string, propertyIds: string[]) {
  return getDb()
    .select({ propertyId: propertyDocuments.propertyId, id: propertyDocuments.id, title: propertyDocuments.title })
    .from(propertyDocuments)
    .where(
      and(
        eq(propertyDocuments.ownerId, ownerId),
        inArray(propertyDocuments.propertyId, propertyIds),
        eq(propertyDocuments.sharedWithClients, true),
        liveDocument,
      ),
    )
    .orderBy(asc(propertyDocuments.createdAt))
}

/**
 * A fingerprint of the broker's photos (which, in which order): changes with any upload,
 * delete or move, so a cached page that shows them (the portal feed, opened by its secret
 * address outside any agency's scope: by owner) knows it is stale.
 */
export async function photoSetVersion(ownerId: string): Promise<string> {
  const [row] = await getDb()
    .select({ version: sql<string | null>`md5(string_agg(${propertyPhotos.id}::text || ':' || ${propertyPhotos.position}, ',' order by ${propertyPhotos.id}))` })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.ownerId, ownerId), livePhoto))
  return row?.version ?? 'none'
}
