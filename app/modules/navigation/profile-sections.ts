/**
 * The profile's sections, each a page of its own with its own forms (issue 25;
 * docs/decisions/033-notifications-drag-and-profile-sections.md). /profile lists them.
 */
export const PROFILE_SECTIONS = [
  { slug: 'account', title: 'Account', description: 'Your details, avatar, e-mails about client feedback and the theme.' },
  { slug: 'security', title: 'Security', description: 'Password, two-factor authentication and the devices signed in.' },
  { slug: 'billing', title: 'Billing', description: 'Your plan, the free trial and payments.' },
  { slug: 'connections', title: 'Connections', description: 'Addresses for property portals and calendar apps.' },
  { slug: 'data', title: 'Your data', description: 'Export everything in your account, or delete it.' },
] as const

export type ProfileSection = (typeof PROFILE_SECTIONS)[number]['slug']

/** The sections a member is offered: Billing only to the agency's owner, whose it is (a 403 for others). */
export const profileSectionsFor = (managesBilling: boolean) => PROFILE_SECTIONS.filter((section) => section.slug !== 'billing' || managesBilling)

export const profileSectionPath = (section: ProfileSection) => `/profile/${section}`

/**
 * Which section answers each intent that forms used to post to /profile itself: such a post
 * (an old page, a bookmarked form) is sent on to it with a 307, which repeats the POST.
 */
export const PROFILE_INTENT_SECTIONS: Readonly<Record<string, ProfileSection>> = {
  'update-profile': 'account',
  'remove-avatar': 'account',
  'upload-avatar': 'account',
  'change-password': 'security',
  'sign-out-others': 'security',
  'sign-out-everywhere': 'security',
  'two-factor-start': 'security',
  'two-factor-cancel': 'security',
  'two-factor-confirm': 'security',
  'two-factor-disable': 'security',
  'two-factor-regenerate': 'security',
  'manage-billing': 'billing',
  'delete-account': 'data',
}
