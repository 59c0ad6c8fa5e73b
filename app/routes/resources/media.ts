import { createHash } from 'node:crypto'
import { findViewablePhoto } from '#app/modules/sharing/file-access.server.ts'
import { ORIGINAL_FORMAT, VARIANT_FORMAT } from '#app/modules/media/images.server.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import type { Route } from './+types/media'
import { isPhotoVariant, variantWidth } from '#app/modules/media/variants.ts'

// A photo's files never change (a new upload is a new id), so the sizes are cached for good;
// the original keeps the seed's 3600 s. Private: only the owner may see them for now.
const VARIANT_CACHE_CONTROL = 'private, max-age=31536000, immutable'
const ORIGINAL_CACHE_CONTROL = 'private, max-age=3600'

/** GET /media/{photoId}/{thumb|medium|large|original}: 404 for anything the viewer may not see. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isPhotoVariant(params.variant)) return notFoundResponse()
  const auth = getAuth(context)
  const photo = await findViewablePhoto(auth ? { brokerId: auth.user.id } : null, params.photoId)
  if (!photo) return notFoundResponse()

  const isOriginal = params.variant === 'original'
  const key =
    params.variant === 'original'
      ? photo.originalKey
      : photo.variantKeys[String(variantWidth(params.variant, photo.width))]
  if (!key) return notFoundResponse()
  const etag = etagFor(key)
  const headers = new Headers({
    ETag: etag,
    'Cache-Control': isOriginal ? ORIGINAL_CACHE_CONTROL : VARIANT_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
  })
  if (matchesEtag(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers })

  const file = await getFileStorage().get(key)
  if (!file) return notFoundResponse()
  headers.set('Content-Type', isOriginal ? ORIGINAL_FORMAT.contentType : VARIANT_FORMAT.contentType)
  headers.set('Content-Length', String(file.bytes))
  return new Response(file.body, { headers })
}

/** Strong and stable: a key names one file whose bytes never change. Hashed to keep keys private. */
function etagFor(key: string) {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`
}

function matchesEtag(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

function notFoundResponse() {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}
