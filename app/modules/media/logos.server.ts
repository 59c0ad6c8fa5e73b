import { randomBytes } from 'node:crypto'
import type { Scope } from '#db/tenancy.server.ts'
import { findLogoAgency, replaceLogoId } from '#app/modules/agencies/agency.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { detectPhotoKind, isHeif } from './file-kinds.server.ts'
import { MAX_PHOTO_PIXELS, processLogo, VARIANT_FORMAT } from './images.server.ts'
import { LOGO_HEIGHTS, isLogoId, type LogoHeight } from './logo.ts'
import { formatMegabytes, MAX_PHOTO_BYTES, MB, type UploadedFile, type UploadLimits } from './limits.ts'
import { asResult, missing, refuse } from './results.ts'
import { getFileStorage } from './storage.server.ts'

/*
 * The agency's logo (issue 26), by the avatar's pipeline (avatars.server.ts): checked like a
 * photo, re-encoded with no metadata into WebP sizes under a new random id, the agency pointed
 * at it, the previous files deleted. Owners and admins change it; anyone may load the current
 * one (client pages show it), by its id.
 */

/** One image, under the photo size limit; the form around it is a button or two. */
export const LOGO_UPLOAD_LIMITS: UploadLimits = {
  field: 'logo',
  noun: 'image',
  maxFiles: 1,
  maxFileBytes: MAX_PHOTO_BYTES,
  maxTotalBytes: MAX_PHOTO_BYTES + MB,
}

/** All of an agency's logo files live under this prefix (deleting the agency sweeps it). */
export const logoPrefix = (agencyId: string) => `logos/${agencyId}/`
const logoKey = (agencyId: string, logoId: string, height: LogoHeight) => `${logoPrefix(agencyId)}${logoId}-${height}.webp`
const logoKeys = (agencyId: string, logoId: string) => LOGO_HEIGHTS.map((height) => logoKey(agencyId, logoId, height))

/**
 * Stores the logo's sizes under a new id and makes it the scope's agency's logo; null for an
 * agent (not theirs to change). Nothing is left behind when a step fails.
 */
export function setLogo(scope: Scope, files: UploadedFile[]) {
  return asResult(async () => {
    const file = files[0]
    if (!file) refuse('logo', 'Choose an image.')
    if (file.size > MAX_PHOTO_BYTES) refuse('logo', `“${file.name}” is larger than ${formatMegabytes(MAX_PHOTO_BYTES)}.`, true)
    const kind = await detectPhotoKind(file.path)
    if (!kind) refuse('logo', `“${file.name}” is not a JPEG, PNG, WebP, AVIF or GIF image.`)
    const processed = await processLogo(file.path)
    if ('problem' in processed) {
      refuse(
        'logo',
        processed.problem === 'too-many-pixels'
          ? `“${file.name}” has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels. Export it smaller and try again.`
          : isHeif(kind)
            ? `“${file.name}” is a HEIC photo, which can't be read here yet. Export it as JPEG or PNG and try again.`
            : `“${file.name}” could not be read as an image. It may be damaged.`,
      )
    }

    const storage = getFileStorage()
    const logoId = randomBytes(16).toString('hex')
    let replaced: { previous: string | null } | null
    try {
      for (const size of processed) await storage.put(logoKey(scope.agencyId, logoId, size.height), size.data, VARIANT_FORMAT.contentType)
      replaced = await replaceLogoId(scope, logoId)
      if (!replaced) missing()
    } catch (error) {
      await storage
        .delete(logoKeys(scope.agencyId, logoId))
        .catch((cleanupError: unknown) => logger.error({ err: cleanupError, agencyId: scope.agencyId }, 'Could not remove the files of a failed logo upload'))
      throw error
    }
    await deleteLogoFiles(scope.agencyId, replaced.previous)
    return logoId
  })
}

/** No logo any more; its files are deleted after the change. Null for an agent. */
export function removeLogo(scope: Scope) {
  return asResult(async () => {
    const replaced = await replaceLogoId(scope, null)
    if (!replaced) missing()
    await deleteLogoFiles(scope.agencyId, replaced.previous)
    return replaced.previous !== null
  })
}

async function deleteLogoFiles(agencyId: string, logoId: string | null) {
  if (!logoId) return
  // After the change: a failure leaves unreachable files (deleting the agency still sweeps them).
  await getFileStorage()
    .delete(logoKeys(agencyId, logoId))
    .catch((error: unknown) => logger.error({ err: error, agencyId }, 'Could not remove the files of a replaced logo'))
}

/** The storage key of a current logo's size, or null: only the current one is served. */
export async function findLogoFile(logoId: string, height: LogoHeight) {
  if (!isLogoId(logoId)) return null
  const agencyId = await findLogoAgency(logoId)
  return agencyId ? { key: logoKey(agencyId, logoId, height), contentType: VARIANT_FORMAT.contentType } : null
}

/** The storage key of an agency's current logo at its largest size (the data export's copy). */
export const largestLogoKey = (agencyId: string, logoId: string) => logoKey(agencyId, logoId, Math.max(...LOGO_HEIGHTS) as LogoHeight)
