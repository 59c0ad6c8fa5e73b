/*
 * How a raw HTTP/1.x request becomes the URL the app sees (docs/decisions/026-request-edge.md).
 *
 * The app's origin is configuration (APP_URL), never the request's Host header: a forged or
 * malformed Host cannot change the links, redirects or cross-site checks of a response, and an
 * absolute-form target (`GET http://evil.example/ HTTP/1.1`) only contributes its path and query.
 * What cannot form a URL, or carries credentials, is refused with a 400 before anything runs.
 */

export type TargetRefusal = { refused: string }

// RFC 3986 host: a bracketed IP literal, or a reg-name/IPv4 of unreserved characters; then an
// optional port. Percent-encoded and sub-delims reg-names are legal but no client of ours sends
// them, and they are where URL parsers disagree.
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9._-]{0,251}[A-Za-z0-9])?)(?::(\d{1,5}))?$/
const MAX_PORT = 65_535

/** Whether a Host header value names a host (and at most a valid port), as RFC 9110 §7.2 asks. */
export function isValidHostHeader(value: string): boolean {
  const match = HOST_HEADER.exec(value)
  if (!match) return false
  const port = match[1]
  return port === undefined || Number(port) <= MAX_PORT
}

/** Every Host header in Node's raw header list (duplicates are folded away in `req.headers`). */
export function hostHeadersOf(rawHeaders: readonly string[]): string[] {
  const hosts: string[] = []
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'host') hosts.push(rawHeaders[i + 1] ?? '')
  }
  return hosts
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request needs exactly one valid Host; HTTP/1.0 may omit it. A
 * request with two Hosts, or one that is empty or malformed, is a 400.
 */
export function checkHostHeaders(rawHeaders: readonly string[], httpVersion: string): TargetRefusal | null {
  const hosts = hostHeadersOf(rawHeaders)
  if (hosts.length > 1) return { refused: 'More than one Host header.' }
  const host = hosts[0]
  if (host === undefined) return httpVersion === '1.0' ? null : { refused: 'Missing Host header.' }
  return isValidHostHeader(host) ? null : { refused: 'Malformed Host header.' }
}

const ABSOLUTE_FORM = /^https?:\/\//i

/**
 * The URL the app sees: APP_URL's origin with the target's path and query. Origin-form targets
 * (`/path?query`, also `//x@y`, which is a path here, not an authority) are appended to the
 * origin as they are; absolute-form ones must parse and carry no user or password.
 */
export function appUrlOf(target: string, appOrigin: string): URL | TargetRefusal {
  let pathAndQuery: string
  if (target.startsWith('/')) {
    pathAndQuery = target
  } else if (ABSOLUTE_FORM.test(target)) {
    let absolute: URL
    try {
      absolute = new URL(target)
    } catch {
      return { refused: 'Malformed request target.' }
    }
    if (absolute.username || absolute.password) return { refused: 'Credentials in the request target.' }
    pathAndQuery = `${absolute.pathname}${absolute.search}`
  } else {
    // Asterisk-form (`OPTIONS *`), authority-form outside CONNECT, or garbage.
    return { refused: 'Malformed request target.' }
  }
  try {
    const url = new URL(`${appOrigin}${pathAndQuery}`)
    // A target cannot reach the authority once it follows the origin, but say so in code too.
    return url.origin === appOrigin ? url : { refused: 'Malformed request target.' }
  } catch {
    return { refused: 'Malformed request target.' }
  }
}

export function isTargetRefusal(value: URL | TargetRefusal | null): value is TargetRefusal {
  return value !== null && !(value instanceof URL)
}
