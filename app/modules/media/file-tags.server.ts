import { createHash } from 'node:crypto'
import type { VariantKeys } from '#db/schema.ts'
import type { PhotoFileTags } from './variants.ts'

/**
 * The tag of a stored file: SHA-256 of its storage key, 12 base64url characters. A key is
 * random, written once and never rewritten (a new upload is a new key; a delete removes it),
 * so the tag names the file's bytes as well as a hash of the bytes would, without reading the
 * file (or an S3 object), and it gives nothing of the key away.
 */
export function fileTag(key: string) {
  return createHash('sha256').update(key).digest('base64url').slice(0, 12)
}

/** The tags of a photo's sized files, by stored width. */
export function photoFileTags(variantKeys: VariantKeys): PhotoFileTags {
  const tags: PhotoFileTags = {}
  for (const [width, key] of Object.entries(variantKeys)) tags[width] = fileTag(key)
  return tags
}
