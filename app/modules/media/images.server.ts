import type sharpModule from 'sharp'
import type { Metadata } from 'sharp'
import { lazyModule } from '#app/lib/lazy-module.server.ts'
import { SIZED_VARIANTS, variantWidth } from '#app/modules/media/variants.ts'
import { AVATAR_SIZES, type AvatarSize } from '#app/modules/media/avatar.ts'
import { LOGO_HEIGHTS, LOGO_MAX_ASPECT, type LogoHeight } from '#app/modules/media/logo.ts'

const sharp = lazyModule<typeof sharpModule>('sharp')

/**
 * Decompression-bomb guard: a few kilobytes can declare billions of pixels. 50 megapixels
 * take a 48 MP phone camera (8064 × 6048) and keep one decoded photo well under 200 MB.
 */
export const MAX_PHOTO_PIXELS = 50_000_000

/**
 * The kept original is a JPEG: any broker can open, print or forward it, and JPEG allows
 * 65,535 px sides where WebP stops at 16,383. Variants are WebP: smallest on slow phones.
 */
export const ORIGINAL_FORMAT = { ext: 'jpg', contentType: 'image/jpeg' } as const
export const VARIANT_FORMAT = { ext: 'webp', contentType: 'image/webp' } as const
const ORIGINAL_QUALITY = 90
const VARIANT_QUALITY = 80

export type ProcessedPhoto = {
  width: number
  height: number
  original: Buffer
  variants: { width: number; data: Buffer }[]
}
export type PhotoProblem = 'unreadable' | 'too-many-pixels'

// 'error' rather than the default 'warning': phone files with small quirks still load.
const INPUT_OPTIONS = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const

/** Reads the header only and refuses what cannot be decoded or is over the pixel limit. */
async function checkDeclaredSize(filePath: string): Promise<PhotoProblem | null> {
  let declared: Metadata
  try {
    // Without the pixel limit (which would refuse it with no reason given), so an oversized
    // image gets its own message; the limit guards the decoding that follows.
    declared = await sharp()(filePath, { failOn: INPUT_OPTIONS.failOn }).metadata()
  } catch {
    return 'unreadable'
  }
  if (!declared.width || !declared.height) return 'unreadable'
  if (declared.width * declared.height > MAX_PHOTO_PIXELS) return 'too-many-pixels'
  return null
}

export type ProcessedAvatar = { size: AvatarSize; data: Buffer }[]

/**
 * An avatar: upright, cropped to the centred square (cover), WebP at 256 and 64 px (upscaled
 * from a smaller image, so the files are always those squares), with no metadata kept.
 */
export async function processAvatar(filePath: string): Promise<ProcessedAvatar | { problem: PhotoProblem }> {
  const problem = await checkDeclaredSize(filePath)
  if (problem) return { problem }
  try {
    const upright = sharp()(filePath, INPUT_OPTIONS).rotate()
    const squares: ProcessedAvatar = []
    for (const size of AVATAR_SIZES) {
      const data = await upright
        .clone()
        .resize({ width: size, height: size, fit: 'cover', position: 'centre' })
        .webp({ quality: VARIANT_QUALITY })
        .toBuffer()
      squares.push({ size, data })
    }
    return squares
  } catch {
    return { problem: 'unreadable' }
  }
}

export type ProcessedLogo = { height: LogoHeight; data: Buffer }[]

/**
 * An agency's logo, by the avatar's rules (upright, no metadata kept, WebP) but not cropped: it
 * fits inside each box of LOGO_HEIGHTS (four times as wide as high), keeps its transparency, and
 * is never enlarged (a small logo stays sharp at its own size).
 */
export async function processLogo(filePath: string): Promise<ProcessedLogo | { problem: PhotoProblem }> {
  const problem = await checkDeclaredSize(filePath)
  if (problem) return { problem }
  try {
    const upright = sharp()(filePath, INPUT_OPTIONS).rotate()
    const files: ProcessedLogo = []
    for (const height of LOGO_HEIGHTS) {
      const data = await upright
        .clone()
        .resize({ width: height * LOGO_MAX_ASPECT, height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY, alphaQuality: 100 })
        .toBuffer()
      files.push({ height, data })
    }
    return files
  } catch {
    return { problem: 'unreadable' }
  }
}

/**
 * Re-encodes an uploaded photo: upright (EXIF orientation applied), every metadata block
 * dropped (EXIF with GPS, XMP, IPTC, ICC: sharp keeps none unless asked to), alpha flattened
 * on white for the JPEG original, and WebP variants that are never wider than the photo.
 * Animated GIFs keep their first frame.
 */
export async function processPhoto(filePath: string): Promise<ProcessedPhoto | { problem: PhotoProblem }> {
  const problem = await checkDeclaredSize(filePath)
  if (problem) return { problem }
  try {
    const upright = sharp()(filePath, INPUT_OPTIONS).rotate()
    const original = await upright
      .clone()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: ORIGINAL_QUALITY })
      .toBuffer({ resolveWithObject: true })
    const { width, height } = original.info
    const widths = [...new Set(SIZED_VARIANTS.map((variant) => variantWidth(variant, width)))]
    const variants = []
    // One at a time: a large photo decoded three times at once could take most of the memory.
    for (const targetWidth of widths) {
      const data = await upright.clone().resize({ width: targetWidth }).webp({ quality: VARIANT_QUALITY }).toBuffer()
      variants.push({ width: targetWidth, data })
    }
    return { width, height, original: original.data, variants }
  } catch {
    // Truncated or corrupt data, or a codec this build lacks (HEVC): the broker's file, not a bug.
    return { problem: 'unreadable' }
  }
}
