/**
 * Paths a broker may open while the free trial is expired (seed sections 4 and 6): equal to or
 * below one of these prefixes, any /preview/ page, and any property edit page in either reading
 * (/property/edit/{id} and /property/{id}/edit: any path containing /property/ and /edit).
 */
const ALLOWED_WHEN_EXPIRED = [
  '/auth',
  '/pricing',
  '/profile',
  '/support',
  '/terms',
  '/privacy',
  '/data-policy',
  '/help',
  '/public-properties',
] as const

export function isAllowedWhenTrialExpired(pathname: string): boolean {
  if (pathname.startsWith('/preview/')) return true
  if (pathname.includes('/property/') && pathname.includes('/edit')) return true
  // The seed says "equal to or beginning with": a plain prefix test, exactly as written.
  return ALLOWED_WHEN_EXPIRED.some((prefix) => pathname.startsWith(prefix))
}
