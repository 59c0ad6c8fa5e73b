/**
 * The logo contract shared by image processing (which encodes these sizes), the logo route
 * (which serves them) and the pages. A logo keeps its shape (wordmarks are wide): each file fits
 * inside a box this many pixels high and four times as wide. Client pages and mails show the 96
 * at 48 CSS px high (sharp on high-density screens); the brochure prints the 256.
 */
export const LOGO_HEIGHTS = [256, 96] as const
export type LogoHeight = (typeof LOGO_HEIGHTS)[number]
/** The widest a logo may be, in multiples of its height. */
export const LOGO_MAX_ASPECT = 4

export function isLogoHeight(value: unknown): value is LogoHeight {
  return LOGO_HEIGHTS.some((height) => String(height) === value)
}

/** Logo ids are 128 random bits in hex, as avatar ids: a new upload is a new id, so the URL is versioned. */
export const isLogoId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value)

export const logoUrl = (logoId: string, height: LogoHeight) => `/logos/${logoId}/${height}`
