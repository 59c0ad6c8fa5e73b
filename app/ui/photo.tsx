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

export type PhotoForImage = { id: string; width: number; height: number; caption: string }

export const photoUrl = (id: string, variant: PhotoVariant) => `/media/${id}/${variant}`

/** One srcset candidate per distinct stored width, so the browser never picks a blurry one. */
function photoSrcSet(photo: PhotoForImage) {
  const byWidth = new Map<number, SizedVariant>()
  for (const variant of SIZED_VARIANTS) {
    const width = variantWidth(variant, photo.width)
    if (!byWidth.has(width)) byWidth.set(width, variant)
  }
  return [...byWidth].map(([width, variant]) => `${photoUrl(photo.id, variant)} ${width}w`).join(', ')
}

/**
 * A listing photo: WebP variants in srcset, intrinsic width/height (no layout shift on slow
 * phones), lazy below the fold unless `eager`.
 */
export function PhotoImage({
  photo,
  sizes,
  eager = false,
  className = '',
  alt,
}: {
  photo: PhotoForImage
  sizes: string
  eager?: boolean
  className?: string
  alt?: string
}) {
  return (
    <img
      src={photoUrl(photo.id, 'medium')}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt ?? photo.caption}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`h-auto max-w-full object-cover ${className}`}
    />
  )
}
