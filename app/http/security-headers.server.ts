import type { MiddlewareFunction } from 'react-router'
import packageJson from '#package.json' with { type: 'json' }
import { getEnv } from '#app/lib/env.server.ts'
import { withQueryCount } from '#db/query-metrics.server.ts'

export const APP_VERSION = packageJson.version

/**
 * Where a form may lead: this site, and with Stripe its hosted Checkout and Customer Portal (a
 * plan choice or "Manage billing" without JavaScript is a form post answered by a redirect
 * there, which form-action also governs). STRIPE_API_BASE's host serves those pages in tests.
 */
function formTargets(): string {
  const stripe = getEnv().stripe
  if (!stripe) return `'self'`
  const apiBase = stripe.apiBase ? ` ${stripe.apiBase.origin}` : ''
  return `'self' https://checkout.stripe.com https://billing.stripe.com${apiBase}`
}

let policyParts: { isProduction: boolean; before: string; after: string } | null = null

/**
 * The same policy for a nonce, from parts built once: a share page answered from memory builds
 * only this header per request.
 */
export function contentSecurityPolicyFor(nonce: string, isProduction: boolean) {
  if (policyParts?.isProduction !== isProduction) {
    const [before = '', after = ''] = contentSecurityPolicy('\u0000', isProduction).split('\u0000')
    policyParts = { isProduction, before, after }
  }
  return `${policyParts.before}${nonce}${policyParts.after}`
}

/** The enforced Content-Security-Policy for HTML documents. */
export function contentSecurityPolicy(nonce: string, isProduction: boolean) {
  const script = isProduction ? `'self' 'nonce-${nonce}'` : `'self' 'nonce-${nonce}' 'unsafe-inline'`
  return [
    `default-src 'self'`,
    `script-src ${script}`,
    // React's style={} props become style attributes, which need 'unsafe-inline' (styles only).
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${isProduction ? '' : ' ws: wss:'}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action ${formTargets()}`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

let pairs: [string, string][] | null = null

/** The headers every response carries, as name/value pairs (a share page from memory writes them directly). */
export function securityHeaderPairs(): [string, string][] {
  if (!pairs) {
    pairs = [
      ['X-App-Version', APP_VERSION],
      ['X-Content-Type-Options', 'nosniff'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['X-Frame-Options', 'DENY'],
    ]
    if (getEnv().APP_URL.startsWith('https://')) pairs.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
  }
  return pairs
}

/** Headers every response carries, documents, data requests and resources alike. */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = (_args, next) => withSecurityHeaders(next)

/**
 * The security headers every response carries that do not depend on the request (also set by
 * the photo files served before the router, photo-files.server.ts).
 */
export function fixedSecurityHeaders(): Record<string, string> {
  return Object.fromEntries(securityHeaderPairs())
}

/**
 * Runs `respond` counting its queries, and sets the headers every response carries on what it
 * returns (also for the share pages that are answered before the router, share-page-cache.server.ts).
 */
export function withSecurityHeaders(respond: () => Promise<Response>): Promise<Response> {
  return withQueryCount(async (metrics) => {
    const started = performance.now()
    const response = await respond()
    const headers = response.headers
    for (const [name, value] of securityHeaderPairs()) headers.set(name, value)
    headers.append('Server-Timing', `app;desc="server";dur=${(performance.now() - started).toFixed(1)}`)
    headers.append('Server-Timing', `db;desc="${metrics.queries} queries"`)
    return response
  })
}
