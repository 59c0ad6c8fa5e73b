import { findPortalFeedOwner } from '#app/modules/formats/portal-feeds.server.ts'
import { kyeroFeed, kyeroFeedVersion } from '#app/modules/formats/kyero-feed.server.ts'
import type { Route } from './+types/kyero-feed'

// Portals poll: they may keep the feed but must ask again each time (a 304 when unchanged).
const CACHE_CONTROL = 'no-cache'

/**
 * GET /feeds/{token}/kyero.xml: the broker's public, active listings in Kyero v3 XML, for
 * portals (no session). Unknown or revoked token: 404. If-None-Match with the current ETag: 304.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ownerId = await findPortalFeedOwner(params.token)
  if (!ownerId) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  const version = await kyeroFeedVersion(ownerId)
  const headers = new Headers({ ETag: version.etag, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' })
  if (version.lastModified) headers.set('Last-Modified', version.lastModified.toUTCString())
  const ifNoneMatch = request.headers.get('If-None-Match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === version.etag)) {
    return new Response(null, { status: 304, headers })
  }
  const feed = await kyeroFeed(ownerId, version)
  headers.set('Content-Type', 'application/xml; charset=utf-8')
  return new Response(feed.xml, { headers })
}
