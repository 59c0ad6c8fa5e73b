/**
 * Public pages may be cached by browsers and CDNs, but only for visitors without cookies:
 * anyone with a cookie may see a toast, a theme or a signed-in state that must not be shared.
 */
export function publicPageHeaders(request: Request): HeadersInit {
  if (request.headers.get('Cookie')) return { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' }
  return { 'Cache-Control': 'public, max-age=300, s-maxage=600', Vary: 'Cookie' }
}
