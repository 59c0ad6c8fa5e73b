import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { getDb, type Transaction } from '#db/client.server.ts'
import { clientFeedback, shares } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { getListingItem } from '#app/modules/listings/listing-queries.server.ts'
import { getPublicFacts } from '#app/modules/properties/public-facts.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { FEEDBACK_COMMENT_MAX_LENGTH, FEEDBACK_NAME_MAX_LENGTH, type FeedbackFormState } from './feedback-fields.ts'
import type { LiveShare } from './shares.server.ts'
import { FEEDBACK_REACTIONS, type FeedbackReaction } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'

export const FEEDBACK_LIMIT_PER_SHARE_PER_HOUR = 20
export const FEEDBACK_LIMIT_PER_IP_PER_15_MIN = 10
export const FEEDBACK_SHARE_WINDOW_SECONDS = 60 * 60
export const FEEDBACK_IP_WINDOW_SECONDS = 15 * 60
/** The broker's view shows at most this many feedback entries per client (newest first). */
export const FEEDBACK_LIST_MAX_ROWS = 500

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const FeedbackSchema = z
  .object({
    propertyId: z.string().refine(isUuid),
    reaction: z.preprocess(emptyToUndefined, z.enum(FEEDBACK_REACTIONS, { error: 'Choose Interested or Not for me.' }).optional()),
    comment: z
      .string()
      .trim()
      .max(FEEDBACK_COMMENT_MAX_LENGTH, `Keep the comment to ${FEEDBACK_COMMENT_MAX_LENGTH} characters or fewer.`)
      .default(''),
    name: z.string().trim().max(FEEDBACK_NAME_MAX_LENGTH, `Keep the name to ${FEEDBACK_NAME_MAX_LENGTH} characters or fewer.`).default(''),
  })
  .refine((v) => v.reaction || v.comment, { message: 'Choose Interested or Not for me, or write a comment.', path: ['comment'] })

type FeedbackErrors = FeedbackFormState['errors']
export type FeedbackFailure = FeedbackFormState & { status: 400 | 429; retryAfterSeconds?: number }
export type FeedbackResult = { ok: true; propertyId: string | null } | { ok: false; failure: FeedbackFailure }

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/** What a feedback post is about: the property's title and the client, or null when it is not on offer there. */
export type FeedbackTarget = { title: string; clientId: string; clientName: string }
export type FindFeedbackTarget = (share: LiveShare, propertyId: string) => Promise<FeedbackTarget | null>

/**
 * Records a client's reaction and/or comment on one property of a shared shortlist. A filled
 * honeypot is accepted and dropped (a bot learns nothing); null (a 404) when the property is not
 * on offer there or the share is not a shortlist, checked before the rest of the form; the rate
 * limits hold per share and per IP across app servers.
 */
export async function submitFeedback(
  share: LiveShare,
  clientAddress: string,
  form: FormData,
  // Alert pages offer the properties of the client's alerts instead of a shortlist (021).
  findTarget: FindFeedbackTarget = findListedProperty,
): Promise<FeedbackResult | null> {
  const values = { comment: text(form.get('comment')), name: text(form.get('name')) }
  if (!share.clientId) return null
  if (text(form.get('website'))) return { ok: true, propertyId: null }
  const propertyId = text(form.get('propertyId'))
  if (!isUuid(propertyId)) return null
  // A property this link does not offer is "not found" whatever else the form got wrong.
  const target = await findTarget(share, propertyId)
  if (!target) return null
  const parsed = FeedbackSchema.safeParse({ ...values, propertyId, reaction: text(form.get('reaction')) })
  if (!parsed.success) {
    const errors: FeedbackErrors = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form') as keyof FeedbackErrors
      errors[field] ??= issue.message
    }
    return { ok: false, failure: { propertyId, status: 400, errors, values } }
  }

  const refusal = await consumeFeedbackAllowance(share.id, clientAddress)
  if (refusal) {
    const message = `Too much feedback from here at once. Please wait ${describeRetryAfter(refusal)} and try again.`
    return { ok: false, failure: { propertyId, status: 429, errors: { form: message }, values, retryAfterSeconds: refusal } }
  }

  const { reaction, comment, name } = parsed.data
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(clientFeedback)
      .values({ ownerId: share.ownerId, shareId: share.id, clientId: target.clientId, propertyId, reaction: reaction ?? null, comment, authorName: name })
      .returning({ id: clientFeedback.id })
    const what = reaction === 'interested' ? 'Interested in' : reaction === 'not_for_me' ? 'Not interested in' : 'Comment on'
    await recordActivity(tx, share.ownerId, {
      kind: 'client_feedback',
      propertyId,
      clientId: target.clientId,
      shareId: share.id,
      summary: `${target.clientName}: ${what} ${target.title}`,
      // The feed quotes the comment with who wrote it: the name they gave, else whose link it is.
      data: { feedbackId: row?.id, reaction: reaction ?? null, comment, authorName: name, clientName: target.clientName },
    })
  })
  return { ok: true, propertyId }
}

/**
 * The property with its title if it is on this share's shortlist and clients may see it (not a
 * draft or off market: the page does not show it, so nobody can give feedback on it), else null.
 */
async function findListedProperty(share: LiveShare, propertyId: string): Promise<FeedbackTarget | null> {
  if (!share.clientId) return null
  // A visitor's page acts for the link's owner in the link's agency.
  const owner = await scopeOfMember(share.ownerId, share.agencyId)
  if (!owner) return null
  const [item, facts, client] = await Promise.all([
    getListingItem(owner, share.clientId, propertyId),
    getPublicFacts(share.ownerId, [propertyId]),
    findOwnedClient(owner, share.clientId),
  ])
  const property = facts.get(propertyId)
  if (!item || !property || !client) return null
  return { title: property.title, clientId: client.id, clientName: client.fullName }
}

/**
 * The IP's allowance first: a post it refuses does not eat into the share's allowance, so one
 * noisy address cannot silence a shortlist for everybody else. Returns the wait in seconds.
 */
const feedbackShareKey = (shareId: string) => `feedback:share:${shareId}`

/**
 * The feedback counters of every share of this broker, for deleting the account with them
 * (share ids name the broker's links). Read in the deletion transaction, before the shares go;
 * by the member's id, as the deletion spans every agency of the account.
 */
export async function feedbackRateLimitKeysOf(ownerId: string, tx: Transaction): Promise<string[]> {
  const rows = await tx.select({ id: shares.id }).from(shares).where(eq(shares.ownerId, ownerId))
  return rows.map((row) => feedbackShareKey(row.id))
}

async function consumeFeedbackAllowance(shareId: string, clientAddress: string): Promise<number | null> {
  const perIp = await consumeRateLimit(`feedback:ip:${clientAddress}`, FEEDBACK_LIMIT_PER_IP_PER_15_MIN, FEEDBACK_IP_WINDOW_SECONDS)
  if (!perIp.allowed) return perIp.retryAfterSeconds
  const perShare = await consumeRateLimit(feedbackShareKey(shareId), FEEDBACK_LIMIT_PER_SHARE_PER_HOUR, FEEDBACK_SHARE_WINDOW_SECONDS)
  return perShare.allowed ? null : perShare.retryAfterSeconds
}

/**
 * The reaction the client last picked for each property, on this share only: the share page
 * shows it as the pressed button, from the server, since the page ships no script. A post with
 * only a comment leaves the earlier reaction standing.
 */
export async function listPickedReactions(share: LiveShare): Promise<Record<string, FeedbackReaction>> {
  if (!share.clientId) return {}
  return listPickedReactionsOn(share.ownerId, share.id, share.clientId)
}

/** The same, by the share's parts (an alert page reads its share through the alerts module). */
export async function listPickedReactionsOn(ownerId: string, shareId: string, clientId: string): Promise<Record<string, FeedbackReaction>> {
  const share = { ownerId, id: shareId, clientId }
  const rows = await getDb()
    .selectDistinctOn([clientFeedback.propertyId], { propertyId: clientFeedback.propertyId, reaction: clientFeedback.reaction })
    .from(clientFeedback)
    .where(
      and(
        eq(clientFeedback.ownerId, share.ownerId),
        eq(clientFeedback.shareId, share.id),
        eq(clientFeedback.clientId, share.clientId),
        isNotNull(clientFeedback.reaction),
      ),
    )
    .orderBy(clientFeedback.propertyId, desc(clientFeedback.createdAt))
  const picked: Record<string, FeedbackReaction> = {}
  for (const row of rows) if (row.reaction) picked[row.propertyId] = row.reaction
  return picked
}

export type PropertyFeedback = {
  latestReaction: { reaction: string; authorName: string; createdAt: Date } | null
  comments: { id: string; comment: string; authorName: string; reaction: string | null; createdAt: Date }[]
}

/** The client's reactions and comments per property, for the broker's own view. */
export async function listListingFeedback(scope: Scope, clientId: string): Promise<Record<string, PropertyFeedback>> {
  const rows = await getDb()
    .select({
      id: clientFeedback.id,
      propertyId: clientFeedback.propertyId,
      reaction: clientFeedback.reaction,
      comment: clientFeedback.comment,
      authorName: clientFeedback.authorName,
      createdAt: clientFeedback.createdAt,
    })
    .from(clientFeedback)
    .where(and(eq(clientFeedback.ownerId, scope.memberId), eq(clientFeedback.clientId, clientId)))
    .orderBy(desc(clientFeedback.createdAt))
    .limit(FEEDBACK_LIST_MAX_ROWS)
  const byProperty = new Map<string, PropertyFeedback>()
  for (const { propertyId, ...row } of rows) {
    const entry = byProperty.get(propertyId) ?? { latestReaction: null, comments: [] }
    if (row.reaction && !entry.latestReaction) entry.latestReaction = { reaction: row.reaction, authorName: row.authorName, createdAt: row.createdAt }
    if (row.comment) entry.comments.push(row)
    byProperty.set(propertyId, entry)
  }
  return Object.fromEntries(byProperty)
}

export type PendingFeedback = {
  id: string
  shareId: string
  clientId: string
  propertyId: string
  reaction: FeedbackReaction | null
  comment: string
  authorName: string
  createdAt: Date
}

/**
 * The broker's feedback nobody has told them about yet (one share, or all of them), given after
 * `since`, oldest first: marked notified in `tx`, so a notice and a digest never both report it.
 * Rows another transaction holds are skipped: that one is reporting them
 * (docs/decisions/016-notices.md).
 */
export async function takeUnnotifiedFeedback(
  tx: Transaction,
  ownerId: string,
  { shareId, since, now }: { shareId?: string; since: Date; now: Date },
): Promise<PendingFeedback[]> {
  const rows = await tx
    .select({
      id: clientFeedback.id,
      shareId: clientFeedback.shareId,
      clientId: clientFeedback.clientId,
      propertyId: clientFeedback.propertyId,
      reaction: clientFeedback.reaction,
      comment: clientFeedback.comment,
      authorName: clientFeedback.authorName,
      createdAt: clientFeedback.createdAt,
    })
    .from(clientFeedback)
    .where(
      and(
        eq(clientFeedback.ownerId, ownerId),
        shareId === undefined ? undefined : eq(clientFeedback.shareId, shareId),
        isNull(clientFeedback.notifiedAt),
        gt(clientFeedback.createdAt, since),
      ),
    )
    .orderBy(asc(clientFeedback.createdAt))
    .limit(FEEDBACK_LIST_MAX_ROWS)
    .for('update', { skipLocked: true })
  if (rows.length > 0) {
    await tx
      .update(clientFeedback)
      .set({ notifiedAt: now })
      .where(inArray(clientFeedback.id, rows.map((row) => row.id)))
  }
  return rows
}
