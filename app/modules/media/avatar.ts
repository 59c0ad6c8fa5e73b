/**
 * The avatar contract shared by image processing (which encodes these squares), the avatar
 * route (which serves them) and the pages (the app header shows 64, the share card 256).
 */
export const AVATAR_SIZES = [256, 64] as const
export type AvatarSize = (typeof AVATAR_SIZES)[number]

export function isAvatarSize(value: unknown): value is AvatarSize {
  return AVATAR_SIZES.some((size) => String(size) === value)
}

/** Avatar ids are 128 random bits in hex; a new upload is a new id, so the URL is versioned. */
export const isAvatarId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value)

export const avatarUrl = (avatarId: string, size: AvatarSize) => `/avatars/${avatarId}/${size}`

/** Up to two initials of a name, for when there is no avatar ("Ana Maria Costa" → "AC"). */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined].map((word) => (word ? Array.from(word)[0] : ''))
  return letters.join('').toLocaleUpperCase() || '?'
}
