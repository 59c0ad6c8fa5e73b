import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { hasControlCharacters, parseUrlEncoded, removeControlCharacters } from '#app/lib/untrusted-text.ts'
import { isServerToServerPath } from './cross-site.server.ts'
import { ALLOWED_ACTION_METHODS, formEncodingOf, FormBodyError } from './form-body.server.ts'

/*
 * What every request passes before React Router sees it (docs/decisions/008-request-boundary.md):
 * an address that cannot be decoded is a 400, the query string loses its control characters, a
 * method the route does not take is a 405 with Allow, and a POST whose body is not a web form
 * is a 415 (400 for multipart without a boundary). These answers are plain text: only hostile
 * or broken clients ever get them.
 */

/**
 * For a path, whether the route a POST to it reaches has an action, from the build's route
 * manifest. That route is React Router's: the deepest match that has a path of its own, so a
 * layout with an index route (/profile) gets the POST, unless the query names the index (`?index`).
 */
export function createActionLookup(build: ServerBuild): (pathname: string, search?: string) => boolean {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) =>
        index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: childrenOf(id) },
      )
  const tree = childrenOf(undefined)
  return (pathname, search = '') => {
    const matches = matchRoutes(tree, pathname) ?? []
    const leaf = matches.at(-1)
    const toIndex = new URLSearchParams(search).getAll('index').includes('')
    const target = leaf?.route.index && !toIndex ? matches.findLast((match, i) => i === 0 || Boolean(match.route.path)) : leaf
    const id = target?.route.id
    return Boolean(id && build.routes[id]?.module.action)
  }
}

// JavaScript-on navigations fetch `/path.data` (and `/_.data` for "/", `/_root.data` before
// v8_trailingSlashAwareDataRequests) for the same route.
function routePathOf(pathname: string) {
  if (pathname === '/_root.data' || pathname === '/_.data') return '/'
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
}

/** Whether every path segment decodes to UTF-8 text without control characters. */
function isDecodablePath(pathname: string) {
  return pathname.split('/').every((segment) => {
    try {
      return !hasControlCharacters(decodeURIComponent(segment))
    } catch {
      return false
    }
  })
}

function plain(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers },
  })
}

/**
 * The request as the router should see it, or the answer that refuses it. Cleaning the query
 * here rather than in each loader means a search box, a cursor or a filter never hands a NUL
 * byte to Postgres, whatever route reads it.
 */
export function screenRequest(request: Request, hasAction: (pathname: string, search: string) => boolean): Request | Response {
  const url = new URL(request.url)
  // React Router would log a "could not be decoded" warning for each such request.
  if (!isDecodablePath(url.pathname)) return plain(400, 'Bad request: the address is malformed.')

  const method = request.method.toUpperCase()
  if (method !== 'GET' && method !== 'HEAD') {
    const takesPosts = hasAction(routePathOf(url.pathname), url.search)
    if (method !== 'POST' || !takesPosts) {
      return plain(405, 'Method not allowed.', { Allow: takesPosts ? ALLOWED_ACTION_METHODS : 'GET, HEAD' })
    }
    // A webhook's body is the sender's JSON, read raw by its own route (signature first); a
    // one-click unsubscribe's body says nothing the token does not.
    const encoding = isServerToServerPath(url.pathname) ? 'raw' : formEncodingOf(request)
    if (encoding instanceof FormBodyError) {
      return plain(encoding.status, encoding.status === 415 ? 'Unsupported media type: send a web form.' : 'Bad request: the form is malformed.')
    }
  }

  const query = parseUrlEncoded(url.search.slice(1))
  if (query === null) return plain(400, 'Bad request: the address is not valid UTF-8.')
  if (!query.some(([name, value]) => hasControlCharacters(name) || hasControlCharacters(value))) return request
  url.search = new URLSearchParams(query.map(([name, value]) => [removeControlCharacters(name), removeControlCharacters(value)])).toString()
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // Needed to pass a body stream on (Node's fetch); GET and HEAD have none.
    ...(request.body ? { duplex: 'half' } : {}),
  } as RequestInit)
}
