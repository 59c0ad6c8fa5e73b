import { and, eq } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'
import { clientFeedback, shares } from '#db/schema.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * A property's or a client's links (and what the client said on them) go with the record to the
 * member it is assigned to, in the assignment's transaction: a link's page shows its owner's
 * contact, which should be the assigned agent's. Revoked links too, so the record's history
 * stays in one hand.
 */
export async function handLinksIn(tx: Transaction, scope: Scope, of: { propertyId: string } | { clientId: string }, to: string) {
  const target = 'propertyId' in of ? eq(shares.propertyId, of.propertyId) : eq(shares.clientId, of.clientId)
  await tx.update(shares).set({ ownerId: to }).where(and(target, changeableBy(shares, scope)))
  if ('clientId' in of) {
    await tx.update(clientFeedback).set({ ownerId: to }).where(and(eq(clientFeedback.clientId, of.clientId), changeableBy(clientFeedback, scope)))
  }
}
