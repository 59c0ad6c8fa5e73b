import { data, type MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Paths posted by other servers, not by browsers: each checks its own signature on the raw body
 * instead (Stripe's webhook). The only exemption from the cross-site check and the form-body rules.
 */
export const SERVER_TO_SERVER_PATHS: ReadonlySet<string> = new Set(['/webhooks/stripe'])

/**
 * One-click unsubscribe (RFC 8058): the mail provider posts `List-Unsubscribe=One-Click` from
 * its own servers, with no cookie and no Origin we know. The token in the path is the only
 * credential, so the post needs neither a same-site origin nor a form body we parse.
 */
export const ONE_CLICK_UNSUBSCRIBE_PREFIX = '/unsubscribe/'

export const isServerToServerPath = (pathname: string) =>
  SERVER_TO_SERVER_PATHS.has(pathname) || pathname.startsWith(ONE_CLICK_UNSUBSCRIBE_PREFIX)

/**
 * Refuses cross-site non-GET requests (403) by Sec-Fetch-Site, or by Origin for browsers that
 * don't send it. SameSite=Lax alone still lets same-site subdomains and old browsers through.
 */
export function isCrossSiteRequest(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  if (isServerToServerPath(new URL(request.url).pathname)) return false
  const fetchSite = request.headers.get('Sec-Fetch-Site')
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  const origin = request.headers.get('Origin')
  if (!origin) return false
  if (origin === 'null') return true
  return origin !== new URL(appUrl).origin && origin !== new URL(request.url).origin
}

export const crossSiteMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteRequest(request, getEnv().APP_URL)) {
    // Thrown so the error screen renders it, for documents and data requests alike.
    throw data('Cross-site request refused.', { status: 403 })
  }
  return next()
}
