import { getFileStorage } from '#app/modules/media/storage.server.ts'

// The URL names one upload (a new avatar or logo is a new id), so its bytes never change: cached
// for good. Private: a removed image or a deleted account or agency stops being served at once by
// us, and no shared cache keeps serving it. Without cookies, client pages and mails show it to anyone.
const CACHE_CONTROL = 'private, max-age=31536000, immutable'

/**
 * The answer for one size of an uploaded image (an avatar, an agency's logo) found by its route:
 * 304 when the browser has it (ETag of the upload's id and size), the bytes otherwise; a 404 when
 * the route found nothing or the file is gone from storage.
 */
export async function uploadImageResponse(request: Request, image: { key: string; contentType: string } | null, id: string, size: string) {
  if (!image) return notFoundResponse()
  const etag = `"${id}-${size}"`
  const headers = new Headers({ ETag: etag, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' })
  if (request.headers.get('If-None-Match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers })
  }
  const file = await getFileStorage().get(image.key)
  if (!file) return notFoundResponse()
  headers.set('Content-Type', image.contentType)
  headers.set('Content-Length', String(file.bytes))
  return new Response(file.body, { headers })
}

export function notFoundResponse() {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  })
}
