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

/** A photo as pages render it: its id, intrinsic size and caption. */
export type PhotoForImage = { id: string; width: number; height: number; caption: string }

export const photoUrl = (id: string, variant: PhotoVariant) => `/media/${id}/${variant}`
