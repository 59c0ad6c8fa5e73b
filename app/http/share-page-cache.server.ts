import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { createContext, type MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { requestIdFrom } from '#app/lib/logger.server.ts'
import { withOnlyUsedInlineCss } from '#app/lib/used-css.server.ts'
import { notFound } from '#app/lib/http.ts'
import { countShareView, VISITOR_COOKIE_NAME } from '#app/modules/sharing/share-views.server.ts'
import { changeMark, hearShareChanges, mayServeUnasked, mayTrust } from '#app/modules/sharing/share-changes.server.ts'
import { resolveLiveShare, type LiveShare } from '#app/modules/sharing/shares.server.ts'
import { contentSecurityPolicyFor, securityHeaderPairs } from './security-headers.server.ts'
import { shareCookiesOf, type ShareCookies } from './share-request-cookies.server.ts'

/*
 * Share pages from memory (docs/decisions/023, 024 and 027). A client's phone gets the page
 * rendered once per change, gzipped once, with no render and no query:
 *
 * - While this server hears the database's change announcements (share-changes.server.ts), a
 *   kept page is current until one arrives for its owner, and then it is gone: a change, a
 *   revoked link, a deleted property. Its expiry time is checked here, and a link that expires
 *   within a minute is checked by the database's clock instead.
 * - Otherwise (not hearing, or this server's own write still committing), the one lookup every
 *   request needs anyway (is the link live?) also reads the owner's content version, which the
 *   same triggers raise, and the page is served only if it was rendered for that version.
 *
 * What may be answered from memory: a GET or HEAD whose query string holds only tracking
 * parameters (utm_*, fbclid, gclid…) and whose cookies leave the page the same page
 * (share-request-cookies.server.ts: a visitor, a broker previewing, a theme). A hit is answered
 * at the Node request level, before any Fetch Request is built (answerShareAtNode); the router
 * renders a miss once per change, and concurrent requests for the same page wait for that render.
 */

/** The live share of this request, resolved by the middleware; the loader reads it from here. */
export const liveShareContext = createContext<LiveShare | null>(null)
/** What the page shows, for the activity line of a view ("Share link of Sea view flat opened"). */
export const shareSubjectContext = createContext<string>('a share')

export const SHARED_CACHE_CONTROL = 'public, max-age=60, s-maxage=300'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

type Bytes = Uint8Array<ArrayBuffer>
type CachedPage = {
  share: LiveShare
  subject: string
  html: Bytes
  gzip: Bytes
  etag: string
  /**
   * Served without asking the database (while this server hears changes). A page rendered
   * while a change of its owner was heard is kept untrusted: it goes out only after the
   * database confirms its content version, which also makes it trusted.
   */
  trusted: boolean
}

/** Pages by `shareId:theme`. */
const pages = new Map<string, CachedPage>()
/** Renders under way, by page key: concurrent misses of one version wait for one render. */
const rendering = new Map<string, { share: LiveShare; page: Promise<CachedPage | null> }>()
let cachedBytes = 0
// A 20-photo page is about 60 KB plus 10 KB gzipped: some 450 pages in 32 MiB.
const MAX_CACHED_BYTES = 32 * 1024 * 1024

const pageKey = (shareId: string, theme: ShareCookies['theme']) => `${shareId}:${theme}`
const pageBytes = (page: CachedPage) => page.html.byteLength + page.gzip.byteLength

function forget(key: string) {
  const page = pages.get(key)
  if (!page) return
  pages.delete(key)
  cachedBytes -= pageBytes(page)
}

function remember(key: string, page: CachedPage) {
  forget(key)
  pages.set(key, page)
  cachedBytes += pageBytes(page)
  for (const oldest of pages.keys()) {
    if (cachedBytes <= MAX_CACHED_BYTES) break
    forget(oldest)
  }
}

/** Drops the pages of an owner whose content changed, or every page (null). */
function forgetPagesOf(ownerId: string | null) {
  for (const [key, page] of pages) if (ownerId === null || page.share.ownerId === ownerId) forget(key)
}

function touch(key: string, page: CachedPage) {
  // Least recently used first out: a hit moves its page to the end.
  pages.delete(key)
  pages.set(key, page)
}

/**
 * Whether a page rendered for `kept` shows what `share` (just read) shows: the same assigned
 * member (a link handed to a colleague shows their card; versions are per member, so another
 * member's may happen to be equal) at the same content version.
 */
const sameContent = (kept: LiveShare, share: LiveShare) => kept.ownerId === share.ownerId && kept.contentVersion === share.contentVersion

/** The kept page of a share just looked up in the database (after `mark`), if rendered for its content version. */
function checkedPage(key: string, share: LiveShare, mark: number): CachedPage | null {
  const page = pages.get(key)
  if (!page) return null
  if (!sameContent(page.share, share)) {
    forget(key)
    return null
  }
  page.trusted ||= mayTrust(share.ownerId, mark)
  touch(key, page)
  return page
}

// Links that expire this soon are checked by the database's clock, the one every server shares.
const EXPIRY_MARGIN_MS = 60_000

/** The kept page, served without asking the database; null when it must be asked. */
function currentPageUnasked(key: string, kind: LiveShare['kind']): CachedPage | null {
  const page = pages.get(key)
  if (!page?.trusted || page.share.kind !== kind || !mayServeUnasked(page.share.ownerId)) return null
  const expiresAt = page.share.expiresAt
  if (expiresAt && expiresAt.getTime() - Date.now() < EXPIRY_MARGIN_MS) return null
  touch(key, page)
  return page
}

// Parameters that link trackers add (Google Analytics, Facebook, Google Ads, Microsoft Ads,
// Mailchimp, HubSpot, Instagram, TikTok, X, Yandex, LinkedIn): the page never reads them.
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|gclsrc|msclkid|mc_eid|mc_cid|_hsenc|_hsmi|igshid|ttclid|twclid|yclid|li_fat_id)$/i

/** Whether a query string (without "?") holds nothing but tracking parameters. */
export function hasOnlyTrackingParams(search: string) {
  if (search === '') return true
  for (const pair of search.split('&')) {
    const name = pair.slice(0, pair.includes('=') ? pair.indexOf('=') : pair.length)
    if (pair !== '' && !TRACKING_PARAM.test(name)) return false
  }
  return true
}

const SHARE_PATH = /^\/(preview|client-listing)\/([A-Za-z0-9_-]{22})$/

type ShareAsk = { method: string; path: string; cookieHeader: string | null; userAgent: string | null; ifNoneMatch: string | null; acceptsGzip: boolean }
type Answer = { status: 200 | 304; headers: [string, string][]; body: Bytes | null }

/**
 * The one straight path of a hit: is this request's page in memory and current? Then count the
 * view (the one place that does, share-views.server.ts) and build the answer. Null for a miss,
 * for anything the router must answer, and when the database must be asked and cannot be (the
 * router's path meets that too, and answers with the outage page).
 */
async function answerFromMemory(ask: ShareAsk): Promise<Answer | null> {
  if (ask.method !== 'GET' && ask.method !== 'HEAD') return null
  const queryAt = ask.path.indexOf('?')
  const pathname = queryAt < 0 ? ask.path : ask.path.slice(0, queryAt)
  const match = SHARE_PATH.exec(pathname)
  const shareId = match?.[2]
  if (!shareId) return null
  if (queryAt >= 0 && !hasOnlyTrackingParams(ask.path.slice(queryAt + 1))) return null
  const kind = match[1] === 'preview' ? 'property' : 'client_listing'
  const cookies = await shareCookiesOf(ask.cookieHeader)
  if (!cookies) return null
  const key = pageKey(shareId, cookies.theme)
  if (!pages.has(key)) return null
  let page = currentPageUnasked(key, kind)
  let queries = 0
  if (!page) {
    try {
      const mark = changeMark()
      queries = 1
      const share = await resolveLiveShare(shareId)
      page = share?.kind === kind ? checkedPage(key, share, mark) : null
    } catch {
      return null
    }
    if (!page) return null
  }
  return answerWithPage(page, ask, cookies, queries)
}

const visitOf = (ask: ShareAsk, page: CachedPage, cookies: ShareCookies) => ({
  method: ask.method,
  cookieHeader: ask.cookieHeader,
  userAgent: ask.userAgent,
  subject: page.subject,
  viewer: cookies.sessionToken ? { sessionToken: cookies.sessionToken } : null,
})

async function answerWithPage(page: CachedPage, ask: ShareAsk, cookies: ShareCookies, queries: number): Promise<Answer> {
  const started = performance.now()
  const { setCookie } = await countShareView(page.share, visitOf(ask, page, cookies))
  // Only a request with no cookie but the visitor's, answered without setting one, may be kept by
  // a CDN (Vary: Cookie); a first visit, a broker's preview or a theme stays private.
  const shared = !setCookie && isAnonymousCookieHeader(ask.cookieHeader)
  const headers: [string, string][] = [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['Content-Security-Policy', contentSecurityPolicyFor(randomBytes(16).toString('base64'), getEnv().isProduction)],
    ['Cache-Control', shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL],
    ['Vary', 'Cookie, Accept-Encoding'],
    ['ETag', page.etag],
    ...securityHeaderPairs(),
    ['Server-Timing', `app;desc="server";dur=${(performance.now() - started).toFixed(1)}, db;desc="${queries} queries"`],
  ]
  if (setCookie) headers.push(['Set-Cookie', setCookie])
  if (ask.ifNoneMatch === page.etag) return { status: 304, headers, body: null }
  const body = ask.acceptsGzip ? page.gzip : page.html
  if (ask.acceptsGzip) headers.push(['Content-Encoding', 'gzip'])
  headers.push(['Content-Length', String(body.byteLength)])
  return { status: 200, headers, body: ask.method === 'HEAD' ? null : body }
}

function isAnonymousCookieHeader(cookieHeader: string | null) {
  if (!cookieHeader) return true
  return cookieHeader.split(';').every((pair) => pair.trim() === '' || pair.trim().startsWith(`${VISITOR_COOKIE_NAME}=`))
}

/** A request with no cookie but the visitor's: its page may be kept by a CDN. */
export const isAnonymousShareRequest = (request: Request) => isAnonymousCookieHeader(request.headers.get('Cookie'))

const acceptsGzip = (value: string | null | undefined) => /\bgzip\b/.test(value ?? '')
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null))

/**
 * At the Node request level, before a Fetch Request is built: answers a hit and says so (true),
 * or leaves the request to the router (false). server.mjs calls it through the request edge.
 */
export async function answerShareAtNode(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const answer = await answerFromMemory({
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    cookieHeader: single(req.headers.cookie),
    userAgent: single(req.headers['user-agent']),
    ifNoneMatch: single(req.headers['if-none-match']),
    acceptsGzip: acceptsGzip(single(req.headers['accept-encoding'])),
  })
  if (!answer) return false
  res.writeHead(answer.status, [...answer.headers.flat(), 'X-Request-Id', requestIdFrom(single(req.headers['x-request-id']))])
  res.end(answer.body ?? undefined)
  return true
}

/** The same, for a Fetch Request (the tests' handler, which has no Node request). */
export async function answerFromShareCache(request: Request): Promise<Response | null> {
  const url = new URL(request.url)
  const answer = await answerFromMemory({
    method: request.method,
    path: `${url.pathname}${url.search}`,
    cookieHeader: request.headers.get('Cookie'),
    userAgent: request.headers.get('User-Agent'),
    ifNoneMatch: request.headers.get('If-None-Match'),
    acceptsGzip: acceptsGzip(request.headers.get('Accept-Encoding')),
  })
  if (!answer) return null
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}

const isHtml = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false

/** A rendered share page with its inline stylesheet cut to the rules it uses (lib/used-css). */
async function withUsedCss(response: Response): Promise<Response> {
  if (!isHtml(response) || !response.body) return response
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(withOnlyUsedInlineCss(await response.text()), { status: response.status, statusText: response.statusText, headers })
}

/** Renders the page (the router's loader counts this request's view) and keeps it. */
async function renderAndKeep(key: string, share: LiveShare, mark: number, render: () => Promise<Response>, subject: () => string) {
  const response = await render()
  if (response.status !== 200 || !isHtml(response)) return { response: await withUsedCss(response), page: null }
  const html = new TextEncoder().encode(withOnlyUsedInlineCss(await response.text()))
  hearShareChanges(forgetPagesOf)
  const page: CachedPage = {
    share,
    subject: subject(),
    html,
    // Copied out of zlib's buffer pool, so the page owns exactly its bytes.
    gzip: new Uint8Array(gzipSync(html, { level: 9 })),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    trusted: mayTrust(share.ownerId, mark),
  }
  remember(key, page)
  const headers = new Headers(response.headers)
  headers.set('ETag', page.etag)
  return { response: new Response(html, { status: 200, headers }), page }
}

function askOf(request: Request): ShareAsk {
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    cookieHeader: request.headers.get('Cookie'),
    userAgent: request.headers.get('User-Agent'),
    ifNoneMatch: request.headers.get('If-None-Match'),
    acceptsGzip: acceptsGzip(request.headers.get('Accept-Encoding')),
  }
}

const responseOf = (answer: Answer) => new Response(answer.body, { status: answer.status, headers: answer.headers })

/**
 * The share route's middleware: resolves the link (404 for unknown, revoked, expired, or the
 * other kind's URL), then, for a request the cache may answer, renders its page once per change:
 * concurrent requests for the same version wait for that one render and are answered from it.
 */
export const sharePageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const kind = params.sharedId !== undefined ? 'client_listing' : 'property'
  // Before the lookup: a change heard after this point means the page may be stale.
  const mark = changeMark()
  const share = await resolveLiveShare(params.sharedId ?? params.sharedUrlId)
  if (!share || share.kind !== kind) notFound()
  context.set(liveShareContext, share)
  const url = new URL(request.url)
  const cookies = request.method === 'GET' && hasOnlyTrackingParams(url.search.slice(1)) ? await shareCookiesOf(request.headers.get('Cookie')) : null
  if (!cookies) return withUsedCss(await next())

  const key = pageKey(share.id, cookies.theme)
  const hit = checkedPage(key, share, mark)
  if (hit) return responseOf(await answerWithPage(hit, askOf(request), cookies, 1))
  const underway = rendering.get(key)
  if (underway && sameContent(underway.share, share)) {
    const page = await underway.page
    if (page) return responseOf(await answerWithPage(page, askOf(request), cookies, 1))
  }
  let settle: (page: CachedPage | null) => void = () => {}
  const entry = { share, page: new Promise<CachedPage | null>((resolve) => (settle = resolve)) }
  rendering.set(key, entry)
  try {
    const { response, page } = await renderAndKeep(key, share, mark, next, () => context.get(shareSubjectContext))
    settle(page)
    return response
  } catch (error) {
    settle(null)
    throw error
  } finally {
    if (rendering.get(key) === entry) rendering.delete(key)
  }
}
