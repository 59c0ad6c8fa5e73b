/*
 * The agency website's address, /a/{slug} (docs/decisions/036-enquiries-and-website.md): lower-case
 * letters and digits in words joined by single hyphens, at most 60 characters (migration 0030
 * checks the same). Shared by the form on /agency and the server.
 */

export const WEBSITE_SLUG_MAX_LENGTH = 60
export const WEBSITE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Any text as a slug ("Costa Homes, Lda." → "costa-homes-lda"); '' when nothing is left. */
export function slugify(text: string, max = WEBSITE_SLUG_MAX_LENGTH): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return words.slice(0, max).replace(/-+$/, '')
}

export const isWebsiteSlug = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= WEBSITE_SLUG_MAX_LENGTH && WEBSITE_SLUG_PATTERN.test(value)

/** The website's path of an agency, and of one of its listings (the title part is for people). */
export const websitePath = (slug: string) => `/a/${slug}`
export const websiteListingPath = (slug: string, listing: { id: string; title: string }) => {
  const title = slugify(listing.title, 80)
  return `/a/${slug}/p/${listing.id}${title ? `-${title}` : ''}`
}
