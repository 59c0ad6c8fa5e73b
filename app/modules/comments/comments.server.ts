import { and, desc, eq } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { comments } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { findOwnedDeal } from '#app/modules/deals/deals.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import type { CommentSubject } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** A thread shows the latest notes; older ones stay stored. */
export const MAX_COMMENTS_SHOWN = 200
const EXCERPT_CHARS = 140

/** What a note is attached to, with the ids its activity entry is filed under. */
type OwnedSubject = { title: string; propertyId: string | null; clientId: string | null; dealId: string | null }

/**
 * The broker's own property, client or deal, or null (foreign, malformed or unknown id).
 * Inside a transaction its owner key-share locks the row: it cannot vanish before the note commits.
 */
export async function findCommentSubject(
  scope: Scope,
  subject: CommentSubject,
  id: unknown,
  tx?: Transaction,
): Promise<OwnedSubject | null> {
  if (subject === 'property') {
    const row = await findOwnedProperty(scope, id, tx)
    return row ? { title: row.title, propertyId: row.id, clientId: null, dealId: null } : null
  }
  if (subject === 'client') {
    const row = await findOwnedClient(scope, id, tx)
    return row ? { title: row.fullName, propertyId: null, clientId: row.id, dealId: null } : null
  }
  const row = await findOwnedDeal(scope, id, tx)
  // A deal's notes also show in its client's (and property's) feed.
  return row ? { title: row.title, propertyId: row.propertyId, clientId: row.clientId, dealId: row.id } : null
}

const subjectColumn = (subject: CommentSubject) =>
  subject === 'property' ? comments.propertyId : subject === 'client' ? comments.clientId : comments.dealId

/**
 * Adds a note by the broker to their own property, client or deal, logged as 'comment_added';
 * null when the subject is not the broker's.
 */
export async function addComment(scope: Scope, input: { subject: CommentSubject; id: unknown; body: string }) {
  return getDb().transaction(async (tx) => {
    const owned = await findCommentSubject(scope, input.subject, input.id, tx)
    if (!owned) return null
    const [row] = await tx
      .insert(comments)
      .values({
        ownerId: scope.memberId,
        subject: input.subject,
        propertyId: input.subject === 'property' ? owned.propertyId : null,
        clientId: input.subject === 'client' ? owned.clientId : null,
        dealId: input.subject === 'deal' ? owned.dealId : null,
        body: input.body,
      })
      .returning({ id: comments.id })
    if (!row) throw new Error('insert returned no row')
    const excerpt = input.body.length > EXCERPT_CHARS ? `${input.body.slice(0, EXCERPT_CHARS - 1)}…` : input.body
    await recordActivity(tx, scope.memberId, {
      kind: 'comment_added',
      propertyId: owned.propertyId,
      clientId: owned.clientId,
      dealId: owned.dealId,
      summary: `Note on ${owned.title}`,
      data: { subject: input.subject, commentId: row.id, excerpt },
    })
    return { id: row.id }
  })
}

export type CommentView = { id: string; body: string; createdAt: Date }

/** The thread of one subject, newest last (the latest MAX_COMMENTS_SHOWN notes). */
export async function listComments(scope: Scope, subject: CommentSubject, id: string): Promise<CommentView[]> {
  if (!isUuid(id)) return []
  const column = subjectColumn(subject)
  const newestFirst = await getDb()
    .select({ id: comments.id, body: comments.body, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.ownerId, scope.memberId), eq(comments.subject, subject), eq(column, id)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(MAX_COMMENTS_SHOWN)
  return newestFirst.reverse()
}
