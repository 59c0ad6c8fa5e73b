/**
 * Returns `to` when it is a same-site relative path ("/home?tab=1"), else `fallback`.
 * Rejects protocol-relative ("//evil.com"), backslash tricks ("/\\evil.com"), schemes and
 * control characters, so a saved redirect can never leave the site.
 */
export function safeRedirectPath(to: unknown, fallback = '/home'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  try {
    const base = 'http://internal.invalid'
    const url = new URL(to, base)
    if (url.origin !== base) return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
