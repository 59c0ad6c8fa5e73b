import { randomBytes } from 'node:crypto'
import { findAvatarOwner, replaceAvatarId } from '#app/modules/profile/profile.server.ts'
import { AVATAR_SIZES, isAvatarId, type AvatarSize } from './avatar.ts'
import { detectPhotoKind, isHeif } from './file-kinds.server.ts'
import { MAX_PHOTO_PIXELS, processAvatar, VARIANT_FORMAT } from './images.server.ts'
import { formatMegabytes, MAX_PHOTO_BYTES, MB, type UploadedFile, type UploadLimits } from './limits.ts'
import { asResult, missing, refuse } from './results.ts'
import { getFileStorage } from './storage.server.ts'
import { logger } from '#app/lib/logger.server.ts'

/** One image, under the photo size limit; the form around it is a button or two. */
export const AVATAR_UPLOAD_LIMITS: UploadLimits = {
  field: 'avatar',
  noun: 'image',
  maxFiles: 1,
  maxFileBytes: MAX_PHOTO_BYTES,
  maxTotalBytes: MAX_PHOTO_BYTES + MB,
}

/** All of a broker's avatar files live under this prefix (the account sweep removes it). */
export const avatarPrefix = (userId: string) => `avatars/${userId}/`
const avatarKey = (userId: string, avatarId: string, size: AvatarSize) => `${avatarPrefix(userId)}${avatarId}-${size}.webp`
const avatarKeys = (userId: string, avatarId: string) => AVATAR_SIZES.map((size) => avatarKey(userId, avatarId, size))

/**
 * Checks the image like a photo (content, size, pixels), stores its 256 and 64 px squares under
 * a new id, points the profile at it, then deletes the previous avatar's files. Nothing is
 * left behind when a step fails: files of a refused or failed upload are deleted.
 */
export function setAvatar(userId: string, files: UploadedFile[]) {
  return asResult(async () => {
    const file = files[0]
    if (!file) refuse('avatar', 'Choose an image.')
    if (file.size > MAX_PHOTO_BYTES) refuse('avatar', `“${file.name}” is larger than ${formatMegabytes(MAX_PHOTO_BYTES)}.`, true)
    const kind = await detectPhotoKind(file.path)
    if (!kind) refuse('avatar', `“${file.name}” is not a JPEG, PNG, WebP, AVIF or GIF image.`)
    const processed = await processAvatar(file.path)
    if ('problem' in processed) {
      refuse(
        'avatar',
        processed.problem === 'too-many-pixels'
          ? `“${file.name}” has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels. Export it smaller and try again.`
          : isHeif(kind)
            ? `“${file.name}” is a HEIC photo, which can't be read here yet. Export it as JPEG and try again.`
            : `“${file.name}” could not be read as an image. It may be damaged.`,
      )
    }

    const storage = getFileStorage()
    const avatarId = randomBytes(16).toString('hex')
    const keys = avatarKeys(userId, avatarId)
    let replaced: { previous: string | null } | null
    try {
      for (const square of processed) await storage.put(avatarKey(userId, avatarId, square.size), square.data, VARIANT_FORMAT.contentType)
      replaced = await replaceAvatarId(userId, avatarId)
      if (!replaced) missing()
    } catch (error) {
      await storage.delete(keys).catch((cleanupError: unknown) => logger.error({ err: cleanupError, userId }, 'Could not remove the files of a failed avatar upload'))
      throw error
    }
    await deleteAvatarFiles(userId, replaced.previous)
    return avatarId
  })
}

/** No avatar any more (initials show instead); its files are deleted after the change. */
export function removeAvatar(userId: string) {
  return asResult(async () => {
    const replaced = await replaceAvatarId(userId, null)
    if (!replaced) missing()
    await deleteAvatarFiles(userId, replaced.previous)
    return replaced.previous !== null
  })
}

async function deleteAvatarFiles(userId: string, avatarId: string | null) {
  if (!avatarId) return
  // After the change: a failure leaves unreachable files (the account sweep still finds them).
  await getFileStorage()
    .delete(avatarKeys(userId, avatarId))
    .catch((error: unknown) => logger.error({ err: error, userId }, 'Could not remove the files of a replaced avatar'))
}

/**
 * The storage key of a current avatar's square, or null. Anyone may see an avatar (share
 * pages show it to clients): its id is random and changes with every upload, and only the
 * current one is served.
 */
export async function findAvatarFile(avatarId: string, size: AvatarSize) {
  if (!isAvatarId(avatarId)) return null
  const ownerId = await findAvatarOwner(avatarId)
  return ownerId ? { key: avatarKey(ownerId, avatarId, size), contentType: VARIANT_FORMAT.contentType } : null
}

/** The storage key of a broker's current 256 px avatar square (the data export's copy). */
export const largestAvatarKey = (userId: string, avatarId: string) => avatarKey(userId, avatarId, Math.max(...AVATAR_SIZES) as AvatarSize)
