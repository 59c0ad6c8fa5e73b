// A stand-in origin: any same-origin path resolves to it, and nothing a visitor sends can name
// it, so an absolute URL (even one naming our own host) never passes.
const BASE_ORIGIN = 'http://internal.invalid'

/**
 * Returns `to` as a same-site path ("/home?tab=1"), else `fallback`.
 *
 * The target is resolved with the URL parser first, exactly as a browser would resolve the
 * Location header, and only then judged: dot segments (`/.//evil.com`, `/x/..//evil.com`),
 * backslashes, tabs and newlines, encoded dots and schemes have all collapsed by then, so a
 * prefix check on the raw text cannot be fooled. What comes back is the parser's own
 * serialisation (spaces and controls percent-encoded), never the raw input.
 */
export function safeRedirectPath(to: unknown, fallback = '/home'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
  // Our forms only ever send absolute paths; refusing anything else (and any control
  // character, which the parser would silently drop) keeps the accepted set small.
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith('/') || /[\u0000-\u001f\u007f]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, BASE_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== BASE_ORIGIN) return fallback
  // "//evil.com" as a Location is protocol-relative: the browser would leave the site.
  if (url.pathname.startsWith('//')) return fallback
  return url.pathname + url.search + url.hash
}
