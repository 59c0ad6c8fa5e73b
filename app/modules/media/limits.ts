export const MB = 1024 * 1024

/** Per property (docs/product.md §5): enough for a full listing, small enough for a share page. */
export const MAX_PHOTOS_PER_PROPERTY = 40
export const MAX_DOCUMENTS_PER_PROPERTY = 40
export const MAX_PHOTO_BYTES = 15 * MB
export const MAX_DOCUMENT_BYTES = 25 * MB

export type UploadLimits = {
  /** The one file input read (files under any other name are dropped), and where errors show. */
  field: string
  /** "photo", "document": for the messages. */
  noun: string
  maxFiles: number
  /** Also bounds each text field: the parser applies it to every part. */
  maxFileBytes: number
  /** The whole body, text fields included. */
  maxTotalBytes: number
}

/** A received file, spooled to disk; `name` is the browser's file name, cleaned for display. */
export type UploadedFile = { path: string; name: string; size: number }

export function formatMegabytes(bytes: number) {
  return `${Math.round(bytes / MB)} MB`
}

/**
 * The browser's file name made safe to show and to offer as a download name: no folders,
 * control or reserved characters, at most 120 characters. Storage keys never use it.
 */
export function cleanFileName(name: string) {
  const cleaned = (name.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
  return Array.from(cleaned).slice(0, 120).join('') || 'file'
}

/** "Floor plan.v2.PDF" → "Floor plan.v2" */
export function fileNameWithoutExtension(name: string) {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}
