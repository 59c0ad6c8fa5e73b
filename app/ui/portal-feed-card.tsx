import { PrivateFeedCard, type PrivateFeedWording } from './private-feed-card.tsx'

const PORTAL_FEED: PrivateFeedWording = {
  id: 'portal-feed',
  title: 'Portal feed',
  intro:
    'An address property portals (Kyero XML, version 3) can read: your public, active properties with their photos. Private, draft and inactive properties are never in it.',
  addressLabel: 'Feed address',
  leakNote: 'Anyone with this address can read the feed. Replace it if it has leaked; turn it off when no portal uses it.',
  action: '/profile/portal-feed',
  createLabel: 'Create a feed address',
  replaceLabel: 'Replace the address',
  revokeLabel: 'Turn off the feed',
}

/** Profile's "Portal feed": the Kyero feed address, and the forms that make, replace or revoke it. */
export function PortalFeedCard({ url }: { url: string | null }) {
  return <PrivateFeedCard url={url} wording={PORTAL_FEED} />
}
