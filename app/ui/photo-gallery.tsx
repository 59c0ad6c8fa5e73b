import type { PhotoForImage } from '#app/modules/media/variants.ts'
import { PhotoImage } from './photo.tsx'

/**
 * A listing's photos: a uniform grid of same-shaped tiles (4:3, the photo cropped to cover it,
 * so portrait and landscape photos leave no holes), and a viewer that needs no JavaScript. Each
 * tile links to `#photo-{id}`; the viewer for that id shows while it is the URL's :target, with
 * Previous, Next and Close as plain links. Share pages ship no script, so this is the viewer
 * there too.
 */

/** "Sea View Flat, photo 2", unless the broker wrote a caption: the tile link's name too. */
export function photoAlt(photo: PhotoForImage, index: number, title: string) {
  return photo.caption.trim() || `${title}, photo ${index + 1}`
}

const viewerId = (photo: PhotoForImage) => `photo-${photo.id}`
const tileId = (photo: PhotoForImage) => `photo-tile-${photo.id}`

type Layout = {
  /** The grid's columns and gaps. */
  grid: string
  /**
   * Tiles shown at once; the others wait in a closed "Show N more photos" (no JavaScript), so a
   * phone loads only the first screen's images. Undefined: every tile shows.
   */
  firstScreenTiles?: number
  /** Each tile's classes by position (the cover may lead, print may keep a few). */
  tile: (index: number) => string
  /** The `sizes` of a tile's image by position. */
  sizes: (index: number) => string
  /** The cover leads the page (its largest paint): fetched first, when it loads eagerly. */
  coverFirst?: boolean
}

/** The broker's property page: every tile alike, cover first. */
export const PAGE_GALLERY: Layout = {
  grid: 'grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4',
  tile: () => 'aspect-[4/3]',
  sizes: () => '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
}

/** Printed brochures keep the cover and two more photos; the screen shows them all. */
const PRINTED_PHOTOS = 3

/**
 * Share pages: the cover leads the width of the page (wider, 3:2), six tiles below it (three rows
 * on a 360 px phone, the last peeking above the fold; two rows of three on wider screens), the
 * rest folded. Phones under 480 px get at most 2 device pixels per CSS pixel of 320: the 640w
 * cover and 320w tiles, which look the same there as the 1280w and 640w at half the bytes.
 */
export const SHARE_GALLERY: Layout = {
  grid: 'grid grid-cols-2 gap-2 sm:grid-cols-3 print:grid-cols-3',
  firstScreenTiles: 7,
  tile: (index) =>
    index === 0
      ? 'col-span-full aspect-[3/2] print:col-span-2 print:row-span-2'
      : `aspect-[4/3]${index >= PRINTED_PHOTOS ? ' print:hidden' : ''}`,
  sizes: (index) =>
    index === 0 ? '(min-width: 768px) 768px, (min-width: 480px) 100vw, 320px' : '(min-width: 640px) 256px, (min-width: 480px) 50vw, 160px',
  // On a phone's slow link the cover otherwise shares the bandwidth with the six tiles below it.
  coverFirst: true,
}

export function PhotoGallery({
  photos,
  title,
  label,
  layout,
  eagerCount,
}: {
  photos: PhotoForImage[]
  title: string
  /** The list's accessible name. */
  label: string
  layout: Layout
  /** How many tiles load at once (above the fold); the rest wait for the scroll. */
  eagerCount: number
}) {
  if (photos.length === 0) return null
  const shown = layout.firstScreenTiles ?? photos.length
  const tile = (photo: PhotoForImage, index: number) => (
    <li key={photo.id} id={tileId(photo)} className={`overflow-hidden rounded-lg bg-canvas ${layout.tile(index)}`}>
      {/* The image's alt is also the link's name: it says which photo opens. */}
      <a href={`#${viewerId(photo)}`} className="block h-full w-full">
        <PhotoImage
          photo={photo}
          alt={photoAlt(photo, index, title)}
          eager={index < eagerCount}
          priority={index === 0 && index < eagerCount && layout.coverFirst === true}
          sizes={layout.sizes(index)}
          className="h-full w-full object-cover"
        />
      </a>
    </li>
  )
  const folded = photos.slice(shown)
  return (
    <>
      <ul aria-label={label} className={layout.grid}>
        {photos.slice(0, shown).map((photo, index) => tile(photo, index))}
      </ul>
      {folded.length ? (
        // A closed <details> renders nothing, so its lazy images wait until it is opened.
        <details className="print:hidden">
          <summary className="cursor-pointer py-2 font-medium text-brand">{folded.length === 1 ? 'Show 1 more photo' : `Show ${folded.length} more photos`}</summary>
          <ul aria-label={`More ${label.charAt(0).toLowerCase()}${label.slice(1)}`} className={layout.grid}>
            {folded.map((photo, index) => tile(photo, shown + index))}
          </ul>
        </details>
      ) : null}
      {photos.map((photo, index) => (
        <PhotoViewer key={photo.id} photos={photos} index={index} title={title} />
      ))}
    </>
  )
}

/**
 * One photo, large, over the page; hidden until its id is the URL's fragment. Its image is lazy,
 * so a browser fetches it only when the viewer opens.
 */
function PhotoViewer({ photos, index, title }: { photos: PhotoForImage[]; index: number; title: string }) {
  const photo = photos[index]!
  const previous = photos[index - 1]
  const next = photos[index + 1]
  // Hex with alpha, not bg-white/15: an opacity modifier compiles to a hex and a lab() colour,
  // twice the bytes in the share pages' inline stylesheet for the same white.
  const link = 'rounded-md bg-[#ffffff26] px-3 py-2 text-sm font-medium text-white no-underline hover:bg-[#ffffff40]'
  return (
    <figure
      id={viewerId(photo)}
      aria-label={`Photo ${index + 1} of ${photos.length}`}
      className="photo-viewer hidden print:hidden target:fixed target:inset-0 target:z-50 target:m-0 target:flex target:flex-col target:bg-[#000000e6] target:p-3"
    >
      <div className="flex items-center justify-between gap-3 text-white">
        <p className="text-sm">{`${index + 1} / ${photos.length}`}</p>
        <a href={`#${tileId(photo)}`} className={link}>
          Close
        </a>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center py-3">
        <PhotoImage photo={photo} alt={photoAlt(photo, index, title)} sizes="100vw" className="max-h-full w-auto object-contain" />
      </div>
      {photo.caption ? <figcaption className="pb-2 text-center text-sm text-white">{photo.caption}</figcaption> : null}
      <nav aria-label="Photos" className="flex justify-between gap-3">
        {previous ? (
          <a href={`#${viewerId(previous)}`} className={link}>
            Previous
          </a>
        ) : (
          <span />
        )}
        {next ? (
          <a href={`#${viewerId(next)}`} className={link}>
            Next
          </a>
        ) : null}
      </nav>
    </figure>
  )
}
