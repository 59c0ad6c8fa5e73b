import { data, type MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Paths posted by other servers, not by browsers: each checks its own signature on the raw body
 * instead (Stripe's webhook, inbound mail). The only exemption from the cross-site check and the form-body rules.
 */
export const SERVER_TO_SERVER_PATHS: ReadonlySet<string> = new Set(['/webhooks/stripe', '/webhooks/inbound-mail'])

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

/**
 * The request as React Router should see it. React Router 7 refuses an action whose Origin is not
 * the request's own (throwIfPotentialCSRFAttack, react-router lib/actions.ts, before any
 * middleware or action): 400 "Bad Request", and the error logged through handleError with its
 * stack, once per post. Its only setting is the build-wide `allowedActionOrigins` list of hosts,
 * which cannot name a path. The exempt paths above are posted from anywhere by design (a mail
 * client's one-click unsubscribe, Stripe's servers) and prove themselves by their token or
 * signature, and nothing in them reads Origin: they reach the router without it. Every other
 * path keeps it, and React Router's check stays behind the 403 of isCrossSiteRequest.
 */
export function withoutOriginIfExempt(request: Request): Request {
  if (!request.headers.has('Origin') || !isServerToServerPath(new URL(request.url).pathname)) return request
  const headers = new Headers(request.headers)
  headers.delete('Origin')
  return new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    // Needed to pass a body stream on (Node's fetch); GET and HEAD have none.
    ...(request.body ? { duplex: 'half' } : {}),
  } as RequestInit)
}

export const crossSiteMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossSiteRequest(request, getEnv().APP_URL)) {
    // Thrown so the error screen renders it, for documents and data requests alike.
    throw data('Cross-site request refused.', { status: 403 })
  }
  return next()
}
