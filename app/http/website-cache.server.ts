import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { createContext, type MiddlewareFunction } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { requestIdFrom } from '#app/lib/logger.server.ts'
import { withOnlyUsedInlineCss } from '#app/lib/used-css.server.ts'
import { changeMark, hearShareChanges, mayServeUnasked, mayTrust } from '#app/modules/sharing/share-changes.server.ts'
import { contentSecurityPolicyFor, securityHeaderPairs } from './security-headers.server.ts'
import { hasOnlyTrackingParams } from './share-page-cache.server.ts'
import { shareCookiesOf } from './share-request-cookies.server.ts'

/*
 * The agency websites' pages from memory (docs/decisions/036-enquiries-and-website.md), in the
 * share pages' way (docs/decisions/023, 024, 027): rendered once per change, gzipped once, and
 * answered with no render and no query while this server hears the database's change
 * announcements (share-changes.server.ts).
 *
 * - A page says whose changes it shows (`websiteWatchContext`, set by its loader): the agency's
 *   id and each member's. Listings, photos and the agents' profiles announce their member
 *   (migrations 0015, 0018); the agency itself (name, slug, contact, logo) and its membership
 *   announce the agency's id (migration 0030). A change heard for any of them drops the page.
 * - A page is answered from memory only while every id it watches is settled (no write of this
 *   server still committing for it) and nothing of theirs was heard since its render began;
 *   otherwise it is rendered again. Nothing is kept while this server is not hearing.
 * - What is kept: a GET or HEAD of /a/{slug} (with its search) or /a/{slug}/p/{listing} whose
 *   query string is its own (tracking parameters are dropped from the key) and whose cookies
 *   leave the page the same page (as for share pages; the theme is a variant), answered 200 or
 *   410. Redirects, 404s, sitemaps and posts are never kept.
 */

/** The ids whose changes the rendered page shows (the agency's and its members'); set by the loader. */
export const websiteWatchContext = createContext<string[] | null>(null)

export const WEBSITE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300'
const PRIVATE_CACHE_CONTROL = 'private, no-store'

type Bytes = Uint8Array<ArrayBuffer>
type KeptPage = { status: 200 | 410; watch: string[]; html: Bytes; gzip: Bytes; etag: string; trusted: boolean }

const pages = new Map<string, KeptPage>()
let keptBytes = 0
// A listing page is about 20 KB plus 5 KB gzipped: some 600 pages in 16 MiB.
const MAX_KEPT_BYTES = 16 * 1024 * 1024
const KEPT_STATUSES = new Set([200, 410])
const WEBSITE_PATH = /^\/a\/[a-z0-9-]{1,60}(\/p\/[0-9a-f-]{36}[a-z0-9-]{0,90})?$/

const bytesOf = (page: KeptPage) => page.html.byteLength + page.gzip.byteLength

function forget(key: string) {
  const page = pages.get(key)
  if (!page) return
  pages.delete(key)
  keptBytes -= bytesOf(page)
}

function remember(key: string, page: KeptPage) {
  forget(key)
  pages.set(key, page)
  keptBytes += bytesOf(page)
  for (const oldest of pages.keys()) {
    if (keptBytes <= MAX_KEPT_BYTES) break
    forget(oldest)
  }
}

/** Drops every page that shows `id` (an agency or a member), or every page (null). */
function forgetPagesShowing(id: string | null) {
  for (const [key, page] of pages) if (id === null || page.watch.includes(id)) forget(key)
}

/** The page's key: the path, its own query parameters in the order given, and the theme. */
function keyOf(path: string, theme: string): string | null {
  const at = path.indexOf('?')
  const pathname = at < 0 ? path : path.slice(0, at)
  if (!WEBSITE_PATH.test(pathname)) return null
  const own = at < 0 ? [] : path.slice(at + 1).split('&').filter((pair) => pair !== '' && !hasOnlyTrackingParams(pair))
  return `${pathname}?${own.join('&')}:${theme}`
}

type Ask = { method: string; path: string; cookieHeader: string | null; ifNoneMatch: string | null; acceptsGzip: boolean }
type Answer = { status: number; headers: [string, string][]; body: Bytes | null }

async function keyOfAsk(ask: Ask): Promise<string | null> {
  if (ask.method !== 'GET' && ask.method !== 'HEAD') return null
  const cookies = await shareCookiesOf(ask.cookieHeader)
  return cookies ? keyOf(ask.path, cookies.theme) : null
}

const isAnonymous = (cookieHeader: string | null) => !cookieHeader || cookieHeader.trim() === ''

function answerWith(page: KeptPage, ask: Ask, started: number): Answer {
  const headers: [string, string][] = [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['Content-Security-Policy', contentSecurityPolicyFor(randomBytes(16).toString('base64'), getEnv().isProduction)],
    ['Cache-Control', isAnonymous(ask.cookieHeader) ? WEBSITE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL],
    ['Vary', 'Cookie, Accept-Encoding'],
    ['ETag', page.etag],
    ...securityHeaderPairs(),
    ['Server-Timing', `app;desc="server";dur=${(performance.now() - started).toFixed(1)}, db;desc="0 queries"`],
  ]
  if (ask.ifNoneMatch === page.etag) return { status: 304, headers, body: null }
  const body = ask.acceptsGzip ? page.gzip : page.html
  if (ask.acceptsGzip) headers.push(['Content-Encoding', 'gzip'])
  headers.push(['Content-Length', String(body.byteLength)])
  return { status: page.status, headers, body: ask.method === 'HEAD' ? null : body }
}

/** The kept page of this request when it may be answered without asking anything; else null. */
async function answerFromMemory(ask: Ask): Promise<Answer | null> {
  const started = performance.now()
  const key = await keyOfAsk(ask)
  const page = key ? pages.get(key) : undefined
  if (!key || !page?.trusted || !page.watch.every(mayServeUnasked)) return null
  // Least recently used first out: a hit moves its page to the end.
  pages.delete(key)
  pages.set(key, page)
  return answerWith(page, ask, started)
}

const acceptsGzip = (value: string | null | undefined) => /\bgzip\b/.test(value ?? '')
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null))

/** At the Node request level (the request edge), before a Fetch Request is built: true when answered. */
export async function answerWebsiteAtNode(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const path = req.url ?? '/'
  if (!path.startsWith('/a/')) return false
  const answer = await answerFromMemory({
    method: req.method ?? 'GET',
    path,
    cookieHeader: single(req.headers.cookie),
    ifNoneMatch: single(req.headers['if-none-match']),
    acceptsGzip: acceptsGzip(single(req.headers['accept-encoding'])),
  })
  if (!answer) return false
  res.writeHead(answer.status, [...answer.headers.flat(), 'X-Request-Id', requestIdFrom(single(req.headers['x-request-id']))])
  res.end(answer.body ?? undefined)
  return true
}

const askOf = (request: Request): Ask => {
  const url = new URL(request.url)
  return {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    cookieHeader: request.headers.get('Cookie'),
    ifNoneMatch: request.headers.get('If-None-Match'),
    acceptsGzip: acceptsGzip(request.headers.get('Accept-Encoding')),
  }
}

const isHtml = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false

/**
 * The website routes' middleware: a kept page when it may be answered (the request edge asked
 * first already; this covers handlers without a Node request), else the render, kept when it
 * is a page to keep. The inline stylesheet is cut to the rules the page uses either way.
 */
export const websitePageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const ask = askOf(request)
  const hit = await answerFromMemory(ask)
  if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers })
  const key = await keyOfAsk(ask)
  if (key) hearShareChanges(forgetPagesShowing)
  // Before the loader reads anything: a change heard after this point means the render may be stale.
  const mark = changeMark()
  const response = await next()
  if (!isHtml(response) || !response.body) return response
  const html = new TextEncoder().encode(withOnlyUsedInlineCss(await response.text()))
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  const watch = context.get(websiteWatchContext)
  if (key && watch && KEPT_STATUSES.has(response.status)) {
    const page: KeptPage = {
      status: response.status as 200 | 410,
      watch,
      html,
      gzip: new Uint8Array(gzipSync(html, { level: 9 })),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      trusted: watch.every((id) => mayTrust(id, mark)),
    }
    remember(key, page)
    headers.set('ETag', page.etag)
  }
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}

/** For tests: how many pages are kept. */
export const keptWebsitePages = () => pages.size

/** For the enquiry pages (not kept): the inline stylesheet cut to the rules the page uses, as share pages have it. */
export const usedCssMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next()
  if (!isHtml(response) || !response.body) return response
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(withOnlyUsedInlineCss(await response.text()), { status: response.status, statusText: response.statusText, headers })
}
