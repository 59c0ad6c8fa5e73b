import type { findPhotoFile } from '#app/modules/media/files.server.ts'
import { fileTag } from '#app/modules/media/file-tags.server.ts'
import { changeMark, hearShareChanges, mayServeUnasked, mayTrust } from './share-changes.server.ts'

/*
 * Photos open to anyone, kept in memory (docs/decisions/028-public-immutable-photos.md): a photo
 * whose property is public and active, or reached by a live share, with its storage keys. While
 * this server hears the database's share change announcements (share-changes.server.ts, the
 * same ones the share pages use), a kept photo is served without a query until one arrives for
 * its owner: a revoked or re-dated link, a property hidden or made private, a photo deleted, a
 * shortlist changed, the account deleted. Then all of that owner's photos are forgotten, and
 * the next request asks the database again.
 *
 * Only "open" is kept. "Not open" is never kept: a new link is not announced (nothing kept can
 * go stale by it), and a private photo's request is a 404 or the owner's, both rare.
 */

export type PhotoFile = NonNullable<Awaited<ReturnType<typeof findPhotoFile>>>

type OpenPhoto = {
  file: PhotoFile
  /** Tags of its sized files by stored width (file-tags.server.ts). */
  tags: Record<string, string>
  /** By this server's clock, when the last live link reaching it expires (Infinity: never). */
  openUntil: number
}

// A few hundred bytes each: some megabytes for a busy server's photos.
const MAX_PHOTOS = 10_000
// A photo whose last link expires this soon is checked by the database's clock, as share pages are.
const EXPIRY_MARGIN_MS = 60_000

const photos = new Map<string, OpenPhoto>()
const photosOfOwner = new Map<string, Set<string>>()

function forget(photoId: string) {
  const photo = photos.get(photoId)
  if (!photo) return
  photos.delete(photoId)
  const ofOwner = photosOfOwner.get(photo.file.ownerId)
  ofOwner?.delete(photoId)
  if (ofOwner?.size === 0) photosOfOwner.delete(photo.file.ownerId)
}

/** Drops the photos of an owner whose shares or photos changed, or every photo (null). */
function forgetPhotosOf(ownerId: string | null) {
  if (ownerId === null) {
    photos.clear()
    photosOfOwner.clear()
    return
  }
  for (const photoId of photosOfOwner.get(ownerId) ?? []) photos.delete(photoId)
  photosOfOwner.delete(ownerId)
}

/** Where this server stands before it asks the database whether a photo is open. */
export const openPhotoMark = changeMark

/**
 * Keeps a photo the database just said is open (asked after `mark`) for `openForMs` more (by
 * the database's clock; Infinity: no link expires), if no change of its owner was heard since.
 */
export function rememberOpenPhoto(photoId: string, file: PhotoFile, openForMs: number, mark: number) {
  hearShareChanges(forgetPhotosOf)
  if (!mayTrust(file.ownerId, mark)) return
  forget(photoId)
  const tags: Record<string, string> = {}
  for (const [width, key] of Object.entries(file.variantKeys)) tags[width] = fileTag(key)
  photos.set(photoId, { file, tags, openUntil: Date.now() + openForMs })
  const ofOwner = photosOfOwner.get(file.ownerId) ?? new Set<string>()
  ofOwner.add(photoId)
  photosOfOwner.set(file.ownerId, ofOwner)
  if (photos.size > MAX_PHOTOS) forget(photos.keys().next().value!)
}

/**
 * A photo known to be open to anyone, without asking the database: kept, this server hears
 * changes and none of its own writes for the owner is still committing, and no link it relies
 * on expires within a minute. Null means "ask", not "closed".
 */
export function openPhotoInMemory(photoId: string): { file: PhotoFile; tags: Record<string, string> } | null {
  const photo = photos.get(photoId)
  if (!photo) return null
  if (!mayServeUnasked(photo.file.ownerId) || photo.openUntil - Date.now() < EXPIRY_MARGIN_MS) return null
  // Least recently used first out: a hit moves it to the end.
  photos.delete(photoId)
  photos.set(photoId, photo)
  return photo
}
