import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { logger } from '#app/lib/logger.server.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { checkRoomForDocument } from './documents.server.ts'
import { photoFileTags } from './file-tags.server.ts'
import { lockPropertyMedia } from './lock.server.ts'
import { checkRoomForPhotos } from './photos.server.ts'
import { asResult, missing, type PropertyRef } from './results.ts'
import { checkStoragePrefix, getFileStorage } from './storage.server.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/*
 * Photos and documents in the trash (docs/decisions/032-trash-and-own-tasks.md): deletePhoto and
 * deleteDocument set deleted_at; here they come back, or go for good with their files. The rows
 * of a property in the trash stay untouched: they come back with it, or go with it.
 */

const trashedPhoto = (scope: Scope, photoId: string) =>
  and(eq(propertyPhotos.id, photoId), changeableBy(propertyPhotos, scope), isNotNull(propertyPhotos.deletedAt))
const trashedDocument = (scope: Scope, documentId: string) =>
  and(eq(propertyDocuments.id, documentId), changeableBy(propertyDocuments, scope), isNotNull(propertyDocuments.deletedAt))

/** The broker's trashed photos, latest first, with what a thumbnail needs. */
export async function listTrashedPhotos(scope: Scope, limit: number) {
  const rows = await getDb()
    .select({
      id: propertyPhotos.id,
      propertyId: propertyPhotos.propertyId,
      caption: propertyPhotos.caption,
      width: propertyPhotos.width,
      height: propertyPhotos.height,
      variantKeys: propertyPhotos.variantKeys,
      deletedAt: propertyPhotos.deletedAt,
    })
    .from(propertyPhotos)
    .where(and(changeableBy(propertyPhotos, scope), isNotNull(propertyPhotos.deletedAt)))
    .orderBy(desc(propertyPhotos.deletedAt), asc(propertyPhotos.id))
    .limit(limit)
  return rows.map(({ variantKeys, deletedAt, ...row }) => ({ ...row, deletedAt: deletedAt!, tags: photoFileTags(variantKeys) }))
}

/** The broker's trashed documents, latest first. */
export async function listTrashedDocuments(scope: Scope, limit: number) {
  const rows = await getDb()
    .select({ id: propertyDocuments.id, propertyId: propertyDocuments.propertyId, title: propertyDocuments.title, deletedAt: propertyDocuments.deletedAt })
    .from(propertyDocuments)
    .where(and(changeableBy(propertyDocuments, scope), isNotNull(propertyDocuments.deletedAt)))
    .orderBy(desc(propertyDocuments.deletedAt), asc(propertyDocuments.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt! }))
}

/** Which property a trashed photo of the broker belongs to, or null (foreign, unknown or not trashed). */
export async function findTrashedPhoto(scope: Scope, photoId: unknown) {
  if (!isUuid(photoId)) return null
  const [row] = await getDb().select({ id: propertyPhotos.id, propertyId: propertyPhotos.propertyId }).from(propertyPhotos).where(trashedPhoto(scope, photoId))
  return row ?? null
}

/** The same for a trashed document, with its title. */
export async function findTrashedDocument(scope: Scope, documentId: unknown) {
  if (!isUuid(documentId)) return null
  const [row] = await getDb()
    .select({ id: propertyDocuments.id, propertyId: propertyDocuments.propertyId, title: propertyDocuments.title })
    .from(propertyDocuments)
    .where(trashedDocument(scope, documentId))
  return row ?? null
}

/**
 * Brings a trashed photo back as the property's last photo, if the property has room for it
 * (40 live photos at most: refused with the upload's message otherwise).
 */
export function restorePhoto(scope: Scope, property: PropertyRef, photoId: string) {
  return asResult(() =>
    getDb().transaction(async (tx) => {
      await lockPropertyMedia(tx, property.id)
      const position = await checkRoomForPhotos(tx, property.id, 1)
      const [restored] = await tx
        .update(propertyPhotos)
        .set({ deletedAt: null, position })
        .where(and(trashedPhoto(scope, photoId), eq(propertyPhotos.propertyId, property.id)))
        .returning({ id: propertyPhotos.id })
      if (!restored) missing()
      await recordActivity(tx, scope.memberId, { kind: 'photo_restored', propertyId: property.id, summary: `Restored a photo of ${property.title}` })
    }),
  )
}

/** Brings a trashed document back, if the property has room for it. */
export function restoreDocument(scope: Scope, property: PropertyRef, documentId: string) {
  return asResult(() =>
    getDb().transaction(async (tx) => {
      await lockPropertyMedia(tx, property.id)
      await checkRoomForDocument(tx, property.id)
      const [restored] = await tx
        .update(propertyDocuments)
        .set({ deletedAt: null })
        .where(and(trashedDocument(scope, documentId), eq(propertyDocuments.propertyId, property.id)))
        .returning({ title: propertyDocuments.title })
      if (!restored) missing()
      await recordActivity(tx, scope.memberId, { kind: 'document_restored', propertyId: property.id, summary: `Restored “${restored.title}” to ${property.title}` })
      return restored
    }),
  )
}

/** After the commit: a failure leaves an unreferenced file, never a row without its file. */
async function removeFiles(keys: string[], context: Record<string, unknown>) {
  await getFileStorage()
    .delete(keys)
    .catch((error: unknown) => logger.error({ err: error, ...context }, 'Could not remove the files of a photo or document deleted for good'))
}

/** Deletes a trashed photo of the broker for good, row and files; false when there is none. */
export async function deletePhotoForever(scope: Scope, photoId: unknown): Promise<boolean> {
  if (!isUuid(photoId)) return false
  const [row] = await getDb()
    .delete(propertyPhotos)
    .where(trashedPhoto(scope, photoId))
    .returning({ originalKey: propertyPhotos.originalKey, variantKeys: propertyPhotos.variantKeys })
  if (!row) return false
  await removeFiles([row.originalKey, ...Object.values(row.variantKeys)], { photoId })
  return true
}

/** Deletes a trashed document of the broker for good, row and file; null when there is none. */
export async function deleteDocumentForever(scope: Scope, documentId: unknown) {
  if (!isUuid(documentId)) return null
  const [row] = await getDb()
    .delete(propertyDocuments)
    .where(trashedDocument(scope, documentId))
    .returning({ title: propertyDocuments.title, storageKey: propertyDocuments.storageKey })
  if (!row) return null
  await removeFiles([row.storageKey], { documentId })
  return { title: row.title }
}

/**
 * Every broker's photos and documents trashed before `cutoff`, rows and files, at most `limit`
 * of each per call (the job calls again while a call was full). Returns how many rows went.
 */
export async function purgeTrashedMedia(cutoff: Date, limit = 500): Promise<number> {
  const db = getDb()
  const photoIds = db.select({ id: propertyPhotos.id }).from(propertyPhotos).where(and(isNotNull(propertyPhotos.deletedAt), lt(propertyPhotos.deletedAt, cutoff))).limit(limit)
  const photos = await db
    .delete(propertyPhotos)
    .where(sql`${propertyPhotos.id} in ${photoIds}`)
    .returning({ originalKey: propertyPhotos.originalKey, variantKeys: propertyPhotos.variantKeys })
  const documentIds = db
    .select({ id: propertyDocuments.id })
    .from(propertyDocuments)
    .where(and(isNotNull(propertyDocuments.deletedAt), lt(propertyDocuments.deletedAt, cutoff)))
    .limit(limit)
  const documents = await db.delete(propertyDocuments).where(sql`${propertyDocuments.id} in ${documentIds}`).returning({ storageKey: propertyDocuments.storageKey })
  const keys = [...photos.flatMap((p) => [p.originalKey, ...Object.values(p.variantKeys)]), ...documents.map((d) => d.storageKey)]
  if (keys.length) await removeFiles(keys, { purged: keys.length })
  return photos.length + documents.length
}

/**
 * Deletes every stored file of a property deleted for good: its photo folder (originals and
 * every size) and its document folder, by folder so files a failed delete left go too.
 */
export async function deletePropertyFiles(propertyId: string) {
  const storage = getFileStorage()
  await Promise.all([`photos/${propertyId}/`, `documents/${propertyId}/`].map((prefix) => storage.deletePrefix(checkStoragePrefix(prefix))))
}
