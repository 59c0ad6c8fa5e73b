import type { ShareKind } from '#db/reference.ts'

/** A link may live at most a year; an empty expiry means it lives until revoked. */
export const SHARE_EXPIRY_MAX_DAYS = 365

export type ShareLinkState = 'live' | 'revoked' | 'expired'

/** One row of the share panel: everything the broker sees about a link, nothing more. */
export type ShareLinkSummary = {
  id: string
  path: string
  state: ShareLinkState
  createdAt: Date
  expiresAt: Date | null
  revokedAt: Date | null
  viewCount: number
  lastViewedAt: Date | null
  /** The link as a QR code (SVG drawn on the server), for live links only. */
  qrSvg: string | null
}

/** What `<ShareLinks>` needs besides where to send the broker back after a change. */
export type SharePanelData = {
  kind: ShareKind
  targetId: string
  appUrl: string
  shares: ShareLinkSummary[]
  /** Why a link would show clients nothing (a draft, an empty shortlist): no new link then. */
  nothingToShow: string | null
}

export const NOTHING_TO_SHOW = {
  hiddenProperty: 'Drafts and off-market properties are never shown to clients. Change the status to share this property.',
  emptyShortlist: 'Add at least one property to the shortlist before sharing it.',
  allHidden:
    'Every property on this shortlist is a draft or off market, so a link would show nothing. Add a property clients may see, or change a status.',
} as const

/**
 * Why a new link would open on nothing, or null when clients would see something: `total` is
 * how many properties the link points at, `shown` how many of them clients may see.
 */
export function whyShareShowsNothing(kind: ShareKind, total: number, shown: number): string | null {
  if (shown > 0) return null
  if (kind === 'property') return NOTHING_TO_SHOW.hiddenProperty
  return total === 0 ? NOTHING_TO_SHOW.emptyShortlist : NOTHING_TO_SHOW.allHidden
}

export function sharePath(kind: ShareKind, id: string) {
  if (kind === 'client_alert') return `/alerts/${id}`
  return kind === 'property' ? `/preview/${id}` : `/client-listing/${id}`
}

/** What the broker sends with a link: the words of the WhatsApp, SMS and e-mail drafts. */
export function shareMessage(kind: ShareKind, url: string) {
  return kind === 'property'
    ? { subject: 'A property for you', body: `Here is a property I think you will like: ${url}` }
    : { subject: 'Properties selected for you', body: `Here are the properties I selected for you: ${url}` }
}

/**
 * Links that open a new message with the share link filled in: WhatsApp's click-to-chat
 * (wa.me, the recipient chosen in the app), an SMS (`sms:?&body=`, the form iOS and Android
 * both read) and an e-mail draft.
 */
export function shareTargets(kind: ShareKind, url: string) {
  const { subject, body } = shareMessage(kind, url)
  const text = encodeURIComponent(body)
  return {
    whatsapp: `https://wa.me/?text=${text}`,
    sms: `sms:?&body=${text}`,
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${text}`,
  }
}

export function shareState(share: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): ShareLinkState {
  if (share.revokedAt) return 'revoked'
  if (share.expiresAt && share.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'live'
}
