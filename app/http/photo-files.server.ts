import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileTag } from '#app/modules/media/file-tags.server.ts'
import { ORIGINAL_FORMAT, VARIANT_FORMAT } from '#app/modules/media/images.server.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import { FILE_TAG_PATTERN, isPhotoVariant, variantWidth, VARIANT_EXTENSION, type SizedVariant } from '#app/modules/media/variants.ts'
import { findViewablePhoto, type Viewer } from '#app/modules/sharing/file-access.server.ts'
import { openPhotoInMemory } from '#app/modules/sharing/open-photos.server.ts'
import { fixedSecurityHeaders } from './security-headers.server.ts'

/*
 * Photo files (docs/decisions/028-public-immutable-photos.md).
 *
 * - `/media/{id}/{thumb|medium|large}/{tag}.webp` names one file whose bytes never change (the
 *   tag is a hash of its storage key, file-tags.server.ts). While the photo is open to anyone
 *   (a live share reaches it, or its property is public and active) it is answered with a
 *   public, year-long, immutable cache, so a CDN or the phone keeps it; to its owner otherwise
 *   with the same lifetime but private; to anyone else a 404 that nobody caches. A tag that is
 *   not the file's is a 404 too, so no cache ever stores other bytes under a tagged URL.
 * - `/media/{id}/{variant}` (the owner's pages before, links in old mails) answers as before:
 *   private, the sizes for a year, the original for an hour.
 * - Both ask nothing of the database while the photo is known to be open
 *   (open-photos.server.ts); a tagged URL of such a photo is even answered before the request
 *   reaches the fetch handler (`serveOpenPhotoFromMemory`), from local disk, as a static file is.
 */

export const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable'
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable'
const ORIGINAL_CACHE_CONTROL = 'private, max-age=3600'
const NOT_FOUND_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }

/** "{tag}.webp" → the tag, or null for anything else. */
function tagOfFileName(fileName: string) {
  const suffix = `.${VARIANT_EXTENSION}`
  if (!fileName.endsWith(suffix)) return null
  const tag = fileName.slice(0, -suffix.length)
  return FILE_TAG_PATTERN.test(tag) ? tag : null
}

/** The untagged URL's ETag: strong and stable, a key names one file whose bytes never change. Hashed to keep keys private. */
const untaggedEtag = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`

function matchesEtag(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

function notFoundResponse() {
  return new Response('Not found', { status: 404, headers: NOT_FOUND_HEADERS })
}

/**
 * GET /media/{photoId}/{variant} and /media/{photoId}/{variant}/{tag}.webp through the router:
 * 404 for anything the viewer may not see, or a tag that is not the file's.
 */
export async function photoFileResponse(
  request: Request,
  viewer: Viewer,
  { photoId, variant, fileName }: { photoId: string; variant: string; fileName: string | undefined },
): Promise<Response> {
  if (!isPhotoVariant(variant)) return notFoundResponse()
  const tag = fileName === undefined ? null : variant === 'original' ? null : tagOfFileName(fileName)
  if (fileName !== undefined && tag === null) return notFoundResponse()
  const found = await findViewablePhoto(viewer, photoId)
  if (!found) return notFoundResponse()
  const { file: photo, open } = found
  const isOriginal = variant === 'original'
  const key = isOriginal ? photo.originalKey : photo.variantKeys[String(variantWidth(variant, photo.width))]
  if (!key || (tag !== null && fileTag(key) !== tag)) return notFoundResponse()

  const etag = tag === null ? untaggedEtag(key) : `"${tag}"`
  const cacheControl = tag !== null ? (open ? PUBLIC_IMMUTABLE : PRIVATE_IMMUTABLE) : isOriginal ? ORIGINAL_CACHE_CONTROL : PRIVATE_IMMUTABLE
  const headers = new Headers({ ETag: etag, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' })
  if (matchesEtag(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers })

  const stored = await getFileStorage().get(key)
  if (!stored) return notFoundResponse()
  headers.set('Content-Type', isOriginal ? ORIGINAL_FORMAT.contentType : VARIANT_FORMAT.contentType)
  headers.set('Content-Length', String(stored.bytes))
  return new Response(stored.body, { headers })
}

const TAGGED_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(thumb|medium|large)\/([\w-]{12})\.webp$/

// The bytes of recently served files by key (a key's bytes never change), least recently used
// out past 16 MiB: a phone's first screen of a busy share page is answered with no file system
// call at all, as a static file server that keeps its files in memory would.
const MAX_KEPT_BYTES = 16 * 1024 * 1024
const keptFiles = new Map<string, Buffer>()
let keptBytes = 0

async function bytesOf(path: string, key: string) {
  const kept = keptFiles.get(key)
  if (kept) {
    keptFiles.delete(key)
    keptFiles.set(key, kept)
    return kept
  }
  const bytes = await readFile(path)
  if (bytes.length <= MAX_KEPT_BYTES / 16 && !keptFiles.has(key)) {
    keptFiles.set(key, bytes)
    keptBytes += bytes.length
    for (const [oldKey, old] of keptFiles) {
      if (keptBytes <= MAX_KEPT_BYTES) break
      keptFiles.delete(oldKey)
      keptBytes -= old.length
    }
  }
  return bytes
}

/**
 * Before the fetch handler (and before static files): a tagged URL of a photo known to be open
 * is answered with no Request, no router and no query, like a static file: from memory when it
 * was served lately, else read from local disk.
 * Everything else — another path, a query string, a photo not kept in memory, a tag that is not
 * the file's, object storage, a file that cannot be read — goes on to `next`, where the router
 * answers it (photoFileResponse).
 */
export function serveOpenPhotoFromMemory(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next()
  const match = TAGGED_PATH.exec(req.url ?? '')
  if (!match) return next()
  const started = performance.now()
  const [, photoId, variant, tag] = match as unknown as [string, string, SizedVariant, string]
  const kept = openPhotoInMemory(photoId)
  const width = kept ? String(variantWidth(variant, kept.file.width)) : ''
  const key = kept?.tags[width] === tag ? kept.file.variantKeys[width] : undefined
  const path = key ? getFileStorage().localPath?.(key) : undefined
  if (!key || !path) return next()

  const headers: Record<string, string> = {
    ...fixedSecurityHeaders(),
    ETag: `"${tag}"`,
    'Cache-Control': PUBLIC_IMMUTABLE,
  }
  // As every response says (security-headers.server.ts), and that it never reached the router.
  const timing = () => [`app;desc="server";dur=${(performance.now() - started).toFixed(1)}`, 'db;desc="0 queries"', 'photo;desc="before the router"']
  if (matchesEtag(req.headers['if-none-match'], headers.ETag!)) {
    res.writeHead(304, { ...headers, 'Server-Timing': timing() })
    res.end()
    return
  }
  // A file that cannot be read is the router's answer (a 404).
  bytesOf(path, key).then(
    (bytes) => {
      res.writeHead(200, { ...headers, 'Content-Type': VARIANT_FORMAT.contentType, 'Content-Length': bytes.length, 'Server-Timing': timing() })
      res.end(req.method === 'HEAD' ? undefined : bytes)
    },
    () => next(),
  ).catch(() => res.destroy())
}
