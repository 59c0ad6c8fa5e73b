import {
  photoUrl,
  SIZED_VARIANTS,
  variantWidth,
  type PhotoForImage,
  type SizedVariant,
} from '#app/modules/media/variants.ts'

/** One srcset candidate per distinct stored width, so the browser never picks a blurry one. */
function photoSrcSet(photo: PhotoForImage) {
  const byWidth = new Map<number, SizedVariant>()
  for (const variant of SIZED_VARIANTS) {
    const width = variantWidth(variant, photo.width)
    if (!byWidth.has(width)) byWidth.set(width, variant)
  }
  return [...byWidth].map(([width, variant]) => `${photoUrl(photo, variant)} ${width}w`).join(', ')
}

/**
 * A listing photo: WebP variants in srcset, intrinsic width/height (no layout shift on slow
 * phones), lazy below the fold unless `eager`.
 */
export function PhotoImage({
  photo,
  sizes,
  eager = false,
  priority = false,
  className = '',
  alt,
}: {
  photo: PhotoForImage
  sizes: string
  eager?: boolean
  /** The page's largest paint: fetched ahead of the other images (and preloaded so by React). */
  priority?: boolean
  className?: string
  alt?: string
}) {
  return (
    <img
      src={photoUrl(photo, 'medium')}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt ?? photo.caption}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      // Sizing and fit are the caller's: one class per property, so no two utilities compete.
      className={className}
    />
  )
}
