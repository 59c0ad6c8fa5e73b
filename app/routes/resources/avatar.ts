import { findAvatarFile } from '#app/modules/media/avatars.server.ts'
import { isAvatarSize } from '#app/modules/media/avatar.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import type { Route } from './+types/avatar'

// The URL names one upload (a new avatar is a new id), so its bytes never change: cached for
// good. Private: a removed avatar or a deleted account stops being served at once by us, and
// no shared cache keeps serving it. Without cookies, share pages show it to clients too.
const CACHE_CONTROL = 'private, max-age=31536000, immutable'

/** GET /avatars/{avatarId}/{256|64}: the broker's current avatar, to anyone; else 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isAvatarSize(params.size)) return notFoundResponse()
  const avatar = await findAvatarFile(params.avatarId, Number(params.size) as 256 | 64)
  if (!avatar) return notFoundResponse()
  const etag = `"${params.avatarId}-${params.size}"`
  const headers = new Headers({ ETag: etag, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' })
  if (request.headers.get('If-None-Match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers })
  }
  const file = await getFileStorage().get(avatar.key)
  if (!file) return notFoundResponse()
  headers.set('Content-Type', avatar.contentType)
  headers.set('Content-Length', String(file.bytes))
  return new Response(file.body, { headers })
}

function notFoundResponse() {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}
