import { createHash, randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { createContext, type MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { withOnlyUsedInlineCss } from '#app/lib/used-css.server.ts'
import { notFound } from '#app/lib/http.ts'
import { countShareView, VISITOR_COOKIE_NAME } from '#app/modules/sharing/share-views.server.ts'
import { changeMark, hearShareChanges, mayServeUnasked, mayTrust } from '#app/modules/sharing/share-changes.server.ts'
import { resolveLiveShare, type LiveShare } from '#app/modules/sharing/shares.server.ts'
import { contentSecurityPolicy, withSecurityHeaders } from './security-headers.server.ts'

/*
 * Share pages from memory (docs/decisions/023-share-pages-at-framework-speed.md and
 * 024-share-pages-without-a-query.md). A client's phone gets the page rendered once, gzipped
 * once, with no render and no query:
 *
 * - While this server hears the database's change announcements (share-changes.server.ts), a
 *   kept page is current until one arrives for its owner, and then it is gone: a change, a
 *   revoked link, a deleted property. Its expiry time is checked here, and a link that expires
 *   within a minute is checked by the database's clock instead.
 * - Otherwise (not hearing, or this server's own write still committing), the one lookup every
 *   request needs anyway (is the link live?) also reads the owner's content version, which the
 *   same triggers raise, and the page is served only if it was rendered for that version.
 *
 * Only anonymous requests are served from it: a GET with no query and no cookie but the
 * visitor's. A toast after feedback (flash cookie), a theme, a signed-in broker: those pages
 * are rendered as before.
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

const pages = new Map<string, CachedPage>()
let cachedBytes = 0
// A 20-photo page is about 60 KB plus 10 KB gzipped: some 450 pages in 32 MiB.
const MAX_CACHED_BYTES = 32 * 1024 * 1024

const pageBytes = (page: CachedPage) => page.html.byteLength + page.gzip.byteLength

function forget(shareId: string) {
  const page = pages.get(shareId)
  if (!page) return
  pages.delete(shareId)
  cachedBytes -= pageBytes(page)
}

function remember(shareId: string, page: CachedPage) {
  forget(shareId)
  pages.set(shareId, page)
  cachedBytes += pageBytes(page)
  for (const oldest of pages.keys()) {
    if (cachedBytes <= MAX_CACHED_BYTES) break
    forget(oldest)
  }
}

/** Drops the pages of an owner whose content changed, or every page (null). */
function forgetPagesOf(ownerId: string | null) {
  for (const [shareId, page] of pages) if (ownerId === null || page.share.ownerId === ownerId) forget(shareId)
}

function touch(shareId: string, page: CachedPage) {
  // Least recently used last out: a hit moves its page to the end.
  pages.delete(shareId)
  pages.set(shareId, page)
}

/**
 * The kept page of a share just looked up in the database (after `mark`), if rendered for its
 * content version.
 */
function checkedPage(share: LiveShare, mark: number): CachedPage | null {
  const page = pages.get(share.id)
  if (!page) return null
  if (page.share.contentVersion !== share.contentVersion) {
    forget(share.id)
    return null
  }
  page.trusted ||= mayTrust(share.ownerId, mark)
  touch(share.id, page)
  return page
}

// Links that expire this soon are checked by the database's clock, the one every server shares.
const EXPIRY_MARGIN_MS = 60_000

/** The kept page of a share, served without asking the database; null when it must be asked. */
function currentPageUnasked(shareId: string, kind: LiveShare['kind']): CachedPage | null {
  const page = pages.get(shareId)
  if (!page?.trusted || page.share.kind !== kind || !mayServeUnasked(page.share.ownerId)) return null
  const expiresAt = page.share.expiresAt
  if (expiresAt && expiresAt.getTime() - Date.now() < EXPIRY_MARGIN_MS) return null
  touch(shareId, page)
  return page
}

/** The request's cookie names, without parsing values. */
const cookieNames = (request: Request) =>
  (request.headers.get('Cookie') ?? '').split(';').map((pair) => pair.split('=')[0]?.trim())

/** A request whose page depends on the URL only. */
export function isAnonymousShareRequest(request: Request) {
  return cookieNames(request).every((name) => !name || name === VISITOR_COOKIE_NAME)
}

function isCacheable(request: Request) {
  return request.method === 'GET' && new URL(request.url).search === '' && isAnonymousShareRequest(request)
}

const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get('Accept-Encoding') ?? '')

function cachedResponse(request: Request, page: CachedPage, setCookie: string | null) {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': contentSecurityPolicy(randomBytes(16).toString('base64'), getEnv().isProduction),
    'Cache-Control': setCookie ? PRIVATE_CACHE_CONTROL : SHARED_CACHE_CONTROL,
    Vary: 'Cookie, Accept-Encoding',
    ETag: page.etag,
  })
  if (setCookie) headers.append('Set-Cookie', setCookie)
  if (request.headers.get('If-None-Match') === page.etag) return new Response(null, { status: 304, headers })
  const gzip = acceptsGzip(request)
  if (gzip) headers.set('Content-Encoding', 'gzip')
  const body = gzip ? page.gzip : page.html
  headers.set('Content-Length', String(body.byteLength))
  return new Response(body, { status: 200, headers })
}

const SHARE_PATH = /^\/(preview|client-listing)\/([A-Za-z0-9_-]{22})$/

/**
 * Before the router: a share page in memory goes out with no routing, middleware or rendering,
 * and no query while this server hears changes. Null for anything else (a miss, a cookie, a
 * query string, another page), which the router then answers as usual; and if the database
 * must be asked and is out of reach, the router's own path answers with the outage page.
 */
export async function answerFromShareCache(request: Request): Promise<Response | null> {
  if (!isCacheable(request)) return null
  const match = SHARE_PATH.exec(new URL(request.url).pathname)
  const shareId = match?.[2]
  if (!shareId || !pages.has(shareId)) return null
  const kind = match[1] === 'preview' ? 'property' : 'client_listing'
  const current = currentPageUnasked(shareId, kind)
  if (current) {
    return withSecurityHeaders(async () => {
      const { setCookie } = await countShareView(current.share, { request, viewerBrokerId: null, subject: current.subject })
      return cachedResponse(request, current, setCookie)
    })
  }
  let missed = false
  try {
    const response = await withSecurityHeaders(async () => {
      const mark = changeMark()
      const share = await resolveLiveShare(shareId)
      const hit = share?.kind === kind ? checkedPage(share, mark) : null
      if (!share || !hit) {
        missed = true
        return new Response(null)
      }
      const { setCookie } = await countShareView(share, { request, viewerBrokerId: null, subject: hit.subject })
      return cachedResponse(request, hit, setCookie)
    })
    return missed ? null : response
  } catch {
    // The database out of reach: the router's path meets it too, and answers with the outage page.
    return null
  }
}
const isHtml = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false

/** A rendered share page with its inline stylesheet cut to the rules it uses (lib/used-css). */
async function withUsedCss(response: Response): Promise<Response> {
  if (!isHtml(response) || !response.body) return response
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(withOnlyUsedInlineCss(await response.text()), { status: response.status, statusText: response.statusText, headers })
}

/**
 * The share route's middleware: resolves the link (404 for unknown, revoked, expired, or the
 * other kind's URL), then answers from the cache when it can, and fills it when it cannot.
 */
export const sharePageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const kind = params.sharedId !== undefined ? 'client_listing' : 'property'
  // Before the lookup: a change heard after this point means the page may be stale.
  const mark = changeMark()
  const share = await resolveLiveShare(params.sharedId ?? params.sharedUrlId)
  if (!share || share.kind !== kind) notFound()
  context.set(liveShareContext, share)
  if (!isCacheable(request)) return withUsedCss(await next())

  const hit = checkedPage(share, mark)
  if (hit) {
    const { setCookie } = await countShareView(share, { request, viewerBrokerId: null, subject: hit.subject })
    return cachedResponse(request, hit, setCookie)
  }
  const response = await next()
  if (response.status !== 200 || !isHtml(response)) return withUsedCss(response)
  const html = new TextEncoder().encode(withOnlyUsedInlineCss(await response.text()))
  hearShareChanges(forgetPagesOf)
  const page: CachedPage = {
    share,
    subject: context.get(shareSubjectContext),
    html,
    // Copied out of zlib's buffer pool, so the page owns exactly its bytes.
    gzip: new Uint8Array(gzipSync(html, { level: 9 })),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    trusted: mayTrust(share.ownerId, mark),
  }
  remember(share.id, page)
  const headers = new Headers(response.headers)
  headers.set('ETag', page.etag)
  return new Response(html, { status: 200, headers })
}
