import { findLogoFile } from '#app/modules/media/logos.server.ts'
import { isLogoHeight, type LogoHeight } from '#app/modules/media/logo.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import type { Route } from './+types/logo'

// As avatars (routes/resources/avatar.ts): the URL names one upload, so its bytes never change
// and are cached for good; private, so a removed logo or a deleted agency is not kept by a
// shared cache. Without cookies, client pages and mails show it to anyone.
const CACHE_CONTROL = 'private, max-age=31536000, immutable'

/** GET /logos/{logoId}/{256|96}: an agency's current logo, to anyone; else 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isLogoHeight(params.size)) return notFoundResponse()
  const logo = await findLogoFile(params.logoId, Number(params.size) as LogoHeight)
  if (!logo) return notFoundResponse()
  const etag = `"${params.logoId}-${params.size}"`
  const headers = new Headers({ ETag: etag, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' })
  if (request.headers.get('If-None-Match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers })
  }
  const file = await getFileStorage().get(logo.key)
  if (!file) return notFoundResponse()
  headers.set('Content-Type', logo.contentType)
  headers.set('Content-Length', String(file.bytes))
  return new Response(file.body, { headers })
}

function notFoundResponse() {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}
