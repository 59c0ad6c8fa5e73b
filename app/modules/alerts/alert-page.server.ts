import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { getPublicFacts } from '#app/modules/properties/public-facts.server.ts'
import { listPickedReactionsOn, type FeedbackTarget } from '#app/modules/sharing/feedback.server.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { loadSharedProperties } from '#app/modules/sharing/share-page.server.ts'
import type { BrokerContact, SharedProperty } from '#app/modules/sharing/share-view.ts'
import { resolveLiveShare, type LiveShare } from '#app/modules/sharing/shares.server.ts'
import type { FeedbackReaction } from '#db/reference.ts'
import { describeAlertLine } from './alert-mail.ts'
import { ALERT_PAGE_DAYS, ALERT_PAGE_MAX_ROWS } from './settings.ts'
import { findAlertOfShare, listMailedMatches } from './subscriptions.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

/** A live share of kind client_alert that belongs to a client's alerts, or null (the page's 404). */
export async function resolveAlertShare(shareId: string): Promise<(LiveShare & { clientId: string }) | null> {
  const share = await resolveLiveShare(shareId)
  if (!share || share.kind !== 'client_alert' || !share.clientId) return null
  if (!(await findAlertOfShare(share.ownerId, share.id))) return null
  return { ...share, clientId: share.clientId }
}

export type AlertPageData = { properties: SharedProperty[]; broker: BrokerContact; picked: Record<string, FeedbackReaction> }

/**
 * What the alert page shows: the properties mailed in the last ALERT_PAGE_DAYS, newest first,
 * each once, with why it was sent as the note ("Price drop: … was X, now Y"). Drafts and
 * off-market properties drop out as on every client page. Photos and documents are left out:
 * media access is granted by shortlists and public listings, not by alert links.
 */
export async function loadAlertPage(share: LiveShare & { clientId: string }): Promise<AlertPageData | null> {
  const since = new Date(Date.now() - ALERT_PAGE_DAYS * 86_400_000)
  const matches = await listMailedMatches(share.ownerId, share.clientId, since, ALERT_PAGE_MAX_ROWS)
  const notes = new Map<string, string>()
  const order: string[] = []
  for (const m of matches) {
    if (notes.has(m.propertyId)) continue
    order.push(m.propertyId)
    notes.set(m.propertyId, describeAlertLine({ ...m, title: 'This property', city: null }).replace(': This property —', ':'))
  }
  const [shared, broker, picked] = await Promise.all([
    loadSharedProperties(share.ownerId, order, notes),
    loadBrokerContact({ memberId: share.ownerId, agencyId: share.agencyId }),
    listPickedReactionsOn(share.ownerId, share.id, share.clientId),
  ])
  if (!broker) return null
  return { properties: shared.map((p) => ({ ...p, photos: [], documents: [] })), broker, picked }
}

/** Feedback on an alert page is about a property that was mailed to this client and is still shown to clients. */
export async function findAlertedProperty(share: LiveShare, propertyId: string): Promise<FeedbackTarget | null> {
  if (!share.clientId) return null
  const since = new Date(Date.now() - ALERT_PAGE_DAYS * 86_400_000)
  // The visitor has no scope: the page acts for the link's owner in the link's agency.
  const owner = await scopeOfMember(share.ownerId, share.agencyId)
  if (!owner) return null
  const [matches, facts, client] = await Promise.all([
    listMailedMatches(share.ownerId, share.clientId, since, ALERT_PAGE_MAX_ROWS),
    getPublicFacts(share.ownerId, [propertyId]),
    findOwnedClient(owner, share.clientId),
  ])
  const property = facts.get(propertyId)
  if (!client || !property || !matches.some((m) => m.propertyId === propertyId)) return null
  return { title: property.title, clientId: client.id, clientName: client.fullName }
}
