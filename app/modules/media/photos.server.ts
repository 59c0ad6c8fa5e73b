import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { propertyPhotos, type VariantKeys } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { detectPhotoKind, isHeif, type FileKind } from './file-kinds.server.ts'
import { MAX_PHOTO_PIXELS, ORIGINAL_FORMAT, processPhoto, VARIANT_FORMAT, type PhotoProblem } from './images.server.ts'
import { getFileStorage, newStorageKey } from './storage.server.ts'
import {
  formatMegabytes,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PROPERTY,
  MB,
  type UploadedFile,
  type UploadLimits,
} from './limits.ts'
import { lockPropertyMedia } from './lock.server.ts'
import { asResult, missing, refuse, type PropertyRef } from './results.ts'
import { logger } from '#app/lib/logger.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * Up to 20 photos a request: a 12 MP photo takes about 0.6 s of image work on two cores, so
 * an upload stays well inside the usual 60 s proxy timeout.
 */
export const PHOTO_UPLOAD_LIMITS: UploadLimits = {
  field: 'photos',
  noun: 'photo',
  maxFiles: 20,
  maxFileBytes: MAX_PHOTO_BYTES,
  maxTotalBytes: 200 * MB,
}

export const CAPTION_MAX_LENGTH = 200
const CaptionSchema = z
  .string()
  .trim()
  .max(CAPTION_MAX_LENGTH, `Keep the caption to ${CAPTION_MAX_LENGTH} characters or fewer.`)

/**
 * Adds photos after the property's others. Every file is checked before any image work; each
 * is re-encoded and stored; rows and activity are written in one transaction. If anything
 * fails, the files stored so far are deleted: a failed upload leaves no orphan row or file.
 */
export function addPhotos(scope: Scope, property: PropertyRef, files: UploadedFile[]) {
  return asResult(async () => {
  if (files.length === 0) refuse('photos', 'Choose at least one photo.')
  await checkRoomForPhotos(getDb(), property.id, files.length)
  const checked = await Promise.all(files.map(async (file) => ({ file, kind: await checkPhotoFile(file) })))

  const storedKeys: string[] = []
  try {
    const photos: StoredPhoto[] = []
    // One after the other: a single decoded photo in memory at a time.
    for (const { file, kind } of checked) photos.push(await storePhoto(property.id, file, kind, storedKeys))
    await getDb().transaction(async (tx) => {
      await lockPropertyMedia(tx, property.id)
      const firstPosition = await checkRoomForPhotos(tx, property.id, files.length)
      await tx.insert(propertyPhotos).values(
        photos.map((photo, index) => ({ ...photo, propertyId: property.id, ownerId: scope.memberId, position: firstPosition + index })),
      )
      await recordActivity(tx, scope.memberId, {
        kind: 'photos_added',
        propertyId: property.id,
        summary: `Added ${photoCount(files.length)} to ${property.title}`,
        data: { count: files.length },
      })
    })
  } catch (error) {
    await getFileStorage()
      .delete(storedKeys)
      .catch((cleanupError: unknown) => logger.error({ err: cleanupError, propertyId: property.id }, 'Could not remove the files of a failed photo upload'))
    throw error
  }
  return files.length
  })
}

/** Swaps the photo with its neighbour; false when it is already first (up) or last (down). */
export function movePhoto(scope: Scope, property: PropertyRef, photoId: string, direction: 'up' | 'down') {
  return asResult(() => getDb().transaction(async (tx) => {
    const rows = await lockPhotoOrder(tx, scope, property, photoId)
    const order = rows.map((row) => row.id)
    const from = order.indexOf(photoId)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0 || to >= order.length) return false
    order.splice(from, 1)
    order.splice(to, 0, photoId)
    await saveOrder(tx, rows, order)
    return true
  }))
}

/**
 * Puts the photo at `position` (1 is the cover; past the end is last), the others keeping their
 * order around it: where a dragged photo is dropped. False when it is there already.
 */
export function movePhotoTo(scope: Scope, property: PropertyRef, photoId: string, position: number) {
  return asResult(() => getDb().transaction(async (tx) => {
    const rows = await lockPhotoOrder(tx, scope, property, photoId)
    const order = rows.map((row) => row.id)
    const from = order.indexOf(photoId)
    const to = Math.min(Math.max(Math.trunc(position), 1), order.length) - 1
    if (from === to) return false
    order.splice(from, 1)
    order.splice(to, 0, photoId)
    await saveOrder(tx, rows, order)
    return true
  }))
}

/** The cover is position 0; the others keep their order behind it. */
export function setCoverPhoto(scope: Scope, property: PropertyRef, photoId: string) {
  return asResult(() => getDb().transaction(async (tx) => {
    const rows = await lockPhotoOrder(tx, scope, property, photoId)
    await saveOrder(tx, rows, [photoId, ...rows.map((row) => row.id).filter((id) => id !== photoId)])
  }))
}

export function updatePhotoCaption(scope: Scope, property: PropertyRef, photoId: string, caption: string) {
  return asResult(async () => {
  if (!isUuid(photoId)) missing()
  const parsed = CaptionSchema.safeParse(caption)
  if (!parsed.success) refuse('caption', parsed.error.issues[0]?.message ?? 'Check the caption.')
  const updated = await getDb()
    .update(propertyPhotos)
    .set({ caption: parsed.data })
    .where(and(eq(propertyPhotos.id, photoId), visibleTo(propertyPhotos, scope), eq(propertyPhotos.propertyId, property.id), isNull(propertyPhotos.deletedAt)))
    .returning({ id: propertyPhotos.id })
  if (updated.length === 0) missing()
  })
}

/**
 * Moves the photo to the trash (the others close the gap); its files stay until the trash is
 * emptied (trash.server.ts), so a restore brings it back whole.
 */
export function deletePhoto(scope: Scope, property: PropertyRef, photoId: string) {
  return asResult(() =>
    getDb().transaction(async (tx) => {
      const rows = await lockPhotoOrder(tx, scope, property, photoId)
      const [trashed] = await tx
        .update(propertyPhotos)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(propertyPhotos.id, photoId), isNull(propertyPhotos.deletedAt)))
        .returning({ id: propertyPhotos.id })
      if (!trashed) missing()
      await saveOrder(tx, rows, rows.map((row) => row.id).filter((id) => id !== photoId))
      await recordActivity(tx, scope.memberId, { kind: 'photo_deleted', propertyId: property.id, summary: `Moved a photo of ${property.title} to the trash` })
    }),
  )
}

async function checkPhotoFile(file: UploadedFile): Promise<FileKind> {
  if (file.size > MAX_PHOTO_BYTES) {
    refuse('photos', `“${file.name}” is larger than ${formatMegabytes(MAX_PHOTO_BYTES)}.`, true)
  }
  const kind = await detectPhotoKind(file.path)
  if (!kind) refuse('photos', `“${file.name}” is not a JPEG, PNG, WebP, AVIF or GIF image.`)
  return kind
}

type StoredPhoto = Pick<typeof propertyPhotos.$inferInsert, 'originalKey' | 'variantKeys' | 'width' | 'height' | 'bytes'>

async function storePhoto(propertyId: string, file: UploadedFile, kind: FileKind, storedKeys: string[]): Promise<StoredPhoto> {
  const processed = await processPhoto(file.path)
  if ('problem' in processed) refuse('photos', photoProblemMessage(file.name, kind, processed.problem))
  const storage = getFileStorage()
  const put = async (bytes: Uint8Array, format: { ext: string; contentType: string }) => {
    const key = newStorageKey(`photos/${propertyId}`, format.ext)
    // Listed before writing, so a write that fails halfway is cleaned up too.
    storedKeys.push(key)
    await storage.put(key, bytes, format.contentType)
    return key
  }
  const originalKey = await put(processed.original, ORIGINAL_FORMAT)
  const variantKeys: VariantKeys = {}
  for (const variant of processed.variants) variantKeys[String(variant.width)] = await put(variant.data, VARIANT_FORMAT)
  return { originalKey, variantKeys, width: processed.width, height: processed.height, bytes: processed.original.length }
}

function photoProblemMessage(name: string, kind: FileKind, problem: PhotoProblem) {
  if (problem === 'too-many-pixels') {
    return `“${name}” has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels. Export it smaller and try again.`
  }
  if (isHeif(kind)) {
    return `“${name}” is a HEIC photo, which can't be read here yet. Export it as JPEG (on iPhone: Settings › Camera › Formats › Most Compatible) and try again.`
  }
  return `“${name}” could not be read as an image. It may be damaged.`
}

/**
 * Refuses what would pass the per-property limit (photos in the trash take no place); returns
 * the position after the last photo. The restore of a photo checks the same.
 */
export async function checkRoomForPhotos(db: Database | Transaction, propertyId: string, adding: number) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      nextPosition: sql<number>`coalesce(max(${propertyPhotos.position}) + 1, 0)::int`,
    })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.propertyId, propertyId), isNull(propertyPhotos.deletedAt)))
  const existing = row?.count ?? 0
  if (existing + adding > MAX_PHOTOS_PER_PROPERTY) {
    const room = MAX_PHOTOS_PER_PROPERTY - existing
    refuse(
      'photos',
      room <= 0
        ? `This property already has ${MAX_PHOTOS_PER_PROPERTY} photos, the most it can have. Delete one to add another.`
        : `This property has room for ${photoCount(room)} more (at most ${MAX_PHOTOS_PER_PROPERTY}).`,
    )
  }
  return row?.nextPosition ?? 0
}

/** All live photos of the broker's property in order, locked against other photo changes to it. */
async function lockPhotoOrder(tx: Transaction, scope: Scope, property: PropertyRef, photoId: string) {
  if (!isUuid(photoId)) missing()
  await lockPropertyMedia(tx, property.id)
  const rows = await tx
    .select({ id: propertyPhotos.id, position: propertyPhotos.position })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.propertyId, property.id), visibleTo(propertyPhotos, scope), isNull(propertyPhotos.deletedAt)))
    .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.createdAt))
  // Not this property's photo, or trashed by another request while this one waited for the lock.
  if (!rows.some((row) => row.id === photoId)) missing()
  return rows
}

/** Writes positions 0, 1, 2… in the given order, touching only the rows that move. */
async function saveOrder(tx: Transaction, rows: { id: string; position: number }[], order: string[]) {
  const current = new Map(rows.map((row) => [row.id, row.position]))
  for (const [position, id] of order.entries()) {
    if (current.get(id) !== position) await tx.update(propertyPhotos).set({ position }).where(eq(propertyPhotos.id, id))
  }
}

function photoCount(count: number) {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`
}
