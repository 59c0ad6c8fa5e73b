/** Variant names in /media/{id}/{variant} and the widths they are encoded at. */
export const PHOTO_VARIANT_WIDTHS = { thumb: 320, medium: 640, large: 1280 } as const
export type PhotoVariant = keyof typeof PHOTO_VARIANT_WIDTHS | 'original'

export type PhotoForImage = { id: string; width: number; height: number; caption: string }

export const photoUrl = (id: string, variant: PhotoVariant) => `/media/${id}/${variant}`

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
  const srcSet = (Object.keys(PHOTO_VARIANT_WIDTHS) as (keyof typeof PHOTO_VARIANT_WIDTHS)[])
    .filter((variant) => PHOTO_VARIANT_WIDTHS[variant] <= Math.max(photo.width, PHOTO_VARIANT_WIDTHS.thumb))
    .map((variant) => `${photoUrl(photo.id, variant)} ${Math.min(PHOTO_VARIANT_WIDTHS[variant], photo.width)}w`)
    .join(', ')
  return (
    <img
      src={photoUrl(photo.id, 'medium')}
      srcSet={srcSet}
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
