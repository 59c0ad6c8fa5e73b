import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { viewings } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { getTimeZone } from '#app/modules/profile/profile.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import type { BrokerContact } from '#app/modules/sharing/share-view.ts'
import { FEEDBACK_TOKEN_PATTERN } from './viewings.server.ts'
import { describeWhen } from './format.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

export type FeedbackPage = {
  propertyTitle: string
  brokerName: string
  /** The contact card the client's pages all carry (as share pages do). */
  broker: BrokerContact
  when: string
  rating: number | null
  comment: string
}

async function findByToken(token: unknown) {
  if (typeof token !== 'string' || !FEEDBACK_TOKEN_PATTERN.test(token)) return null
  // Only a done viewing takes feedback: a viewing set back to scheduled closes its page.
  const [row] = await getDb()
    .select()
    .from(viewings)
    .where(and(eq(viewings.feedbackToken, token), eq(viewings.status, 'done')))
    .limit(1)
  return row ?? null
}

/** What the client's feedback page shows, or null for an unknown token (or a viewing no longer done). */
export async function getFeedbackPage(token: unknown): Promise<FeedbackPage | null> {
  const viewing = await findByToken(token)
  if (!viewing) return null
  // The client has no scope: the page acts for the viewing's broker in the viewing's agency.
  const owner = await scopeOfMember(viewing.ownerId, viewing.agencyId)
  if (!owner) return null
  const [property, broker, timeZone] = await Promise.all([
    findOwnedProperty(owner, viewing.propertyId),
    loadBrokerContact({ memberId: viewing.ownerId, agencyId: viewing.agencyId }),
    getTimeZone(viewing.ownerId),
  ])
  if (!property || !broker) return null
  return {
    propertyTitle: property.title,
    brokerName: broker.fullName || 'Your broker',
    broker,
    when: describeWhen(viewing.startsAt, timeZone),
    rating: viewing.rating,
    comment: viewing.feedbackComment ?? '',
  }
}

/**
 * Saves the client's rating and comment. A second submission replaces the first (the client
 * may change their mind; the page shows what they sent), and each one goes to the activity
 * feed. False for an unknown token.
 */
export async function saveViewingFeedback(token: unknown, input: { rating: number; comment?: string }): Promise<boolean> {
  const viewing = await findByToken(token)
  if (!viewing) return false
  const owner = await scopeOfMember(viewing.ownerId, viewing.agencyId)
  if (!owner) return false
  return getDb().transaction(async (tx) => {
    const [saved] = await tx
      .update(viewings)
      .set({ rating: input.rating, feedbackComment: input.comment ?? '', feedbackAt: new Date() })
      .where(and(eq(viewings.id, viewing.id), eq(viewings.status, 'done')))
      .returning({ id: viewings.id })
    if (!saved) return false
    const client = await findOwnedClient(owner, viewing.clientId, tx)
    const property = await findOwnedProperty(owner, viewing.propertyId, tx)
    await recordActivity(tx, viewing.ownerId, {
      kind: 'viewing_feedback',
      propertyId: viewing.propertyId,
      clientId: viewing.clientId,
      summary: `${client?.fullName ?? 'Your client'} rated the viewing of ${property?.title ?? 'a property'} ${input.rating}/5`,
      data: { viewingId: viewing.id, rating: input.rating, comment: input.comment ?? '', clientName: client?.fullName ?? '' },
    })
    return true
  })
}
