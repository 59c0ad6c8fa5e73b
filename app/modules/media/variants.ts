/**
 * The photo size contract shared by image processing (which encodes these widths), the media
 * route (which serves them) and the pages (which list them in srcset).
 */
/** Variant names in /media/{id}/{variant} and the widths they are encoded at. */
export const PHOTO_VARIANT_WIDTHS = { thumb: 320, medium: 640, large: 1280 } as const
export type SizedVariant = keyof typeof PHOTO_VARIANT_WIDTHS
export type PhotoVariant = SizedVariant | 'original'
export const SIZED_VARIANTS = Object.keys(PHOTO_VARIANT_WIDTHS) as SizedVariant[]

export function isPhotoVariant(value: unknown): value is PhotoVariant {
  return value === 'original' || (typeof value === 'string' && Object.hasOwn(PHOTO_VARIANT_WIDTHS, value))
}

/**
 * The width a variant is stored at. Photos are never upscaled: a 500 px photo has a 320 px
 * thumb, and its medium and large are the photo itself at 500 px (one file, two names).
 */
export function variantWidth(variant: SizedVariant, photoWidth: number) {
  return Math.min(PHOTO_VARIANT_WIDTHS[variant], photoWidth)
}

/**
 * Stored width → the tag of that width's file: a hash of its storage key (photo-tags.server.ts).
 * A key names bytes written once and never rewritten (a new upload is a new key), so the tag
 * addresses the content: a URL that carries it can be cached by anyone for good.
 */
export type PhotoFileTags = Record<string, string>

/** A photo as pages render it: its id, intrinsic size, caption and the tags of its sized files. */
export type PhotoForImage = { id: string; width: number; height: number; caption: string; tags?: PhotoFileTags }

/** The tag in a URL: 12 base64url characters (72 bits of SHA-256). */
export const FILE_TAG_PATTERN = /^[\w-]{12}$/

/** The extension of a sized variant's file (images.server.ts encodes them as WebP). */
export const VARIANT_EXTENSION = 'webp'

/** `/media/{id}/{variant}/{tag}.webp`: the address of one immutable file (docs/decisions/027). */
export const taggedPhotoUrl = (id: string, variant: SizedVariant, tag: string) => `/media/${id}/${variant}/${tag}.${VARIANT_EXTENSION}`

/**
 * A photo's URL: for a sized variant whose file tag the page knows, the tagged one (public and
 * immutable while the photo is shareable); else `/media/{id}/{variant}`, which decides access
 * each time and is never publicly cached (the owner's pages before, old links in mails).
 */
export function photoUrl(photo: Pick<PhotoForImage, 'id' | 'width' | 'tags'>, variant: PhotoVariant) {
  if (variant !== 'original') {
    const tag = photo.tags?.[String(variantWidth(variant, photo.width))]
    if (tag) return taggedPhotoUrl(photo.id, variant, tag)
  }
  return `/media/${photo.id}/${variant}`
}
