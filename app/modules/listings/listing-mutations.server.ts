import { and, asc, count, eq, gt, sql } from 'drizzle-orm'
import { lockForTransaction } from '#db/advisory-lock.server.ts'
import { getDb, type Transaction } from '#db/client.server.ts'
import { clientListingItems } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { MAX_LISTING_ITEMS } from './schemas.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * Every change starts by locking the client's shortlist: changes to one shortlist queue up, so
 * positions stay 0, 1, 2… even when two tabs click at once. The client row itself is only
 * key-share locked (it cannot be deleted under us). A foreign, malformed or unknown client or
 * property id makes the change return null (nothing written).
 */
async function lockClient(tx: Transaction, scope: Scope, clientId: string) {
  if (!isUuid(clientId)) return null
  await lockForTransaction(tx, 'shortlist', clientId)
  return findOwnedClient(scope, clientId, tx)
}

async function findOwnTitle(tx: Transaction, scope: Scope, propertyId: string) {
  return (await findOwnedProperty(scope, propertyId, tx))?.title ?? null
}

const itemOf = (clientId: string, propertyId: string) =>
  and(eq(clientListingItems.clientId, clientId), eq(clientListingItems.propertyId, propertyId))

export type AddResult = { status: 'added' | 'already_listed' | 'full'; title: string }

/** Appends one of the broker's properties to the end of the client's shortlist. */
export async function addListingItem(scope: Scope, clientId: string, propertyId: string): Promise<AddResult | null> {
  return getDb().transaction(async (tx) => addListingItemIn(tx, scope, clientId, propertyId))
}

/** addListingItem in the caller's transaction (a lead converted: the client and its shortlist commit together). */
export async function addListingItemIn(tx: Transaction, scope: Scope, clientId: string, propertyId: string): Promise<AddResult | null> {
  const client = await lockClient(tx, scope, clientId)
  if (!client) return null
  const title = await findOwnTitle(tx, scope, propertyId)
  if (title === null) return null
  const [stats] = await tx
    .select({ items: count(), next: sql<number>`coalesce(max(${clientListingItems.position}) + 1, 0)`.mapWith(Number) })
    .from(clientListingItems)
    .where(eq(clientListingItems.clientId, client.id))
  if ((stats?.items ?? 0) >= MAX_LISTING_ITEMS) return { status: 'full', title }
  const inserted = await tx
    .insert(clientListingItems)
    .values({ ownerId: scope.memberId, clientId: client.id, propertyId, position: stats?.next ?? 0 })
    .onConflictDoNothing()
    .returning({ id: clientListingItems.id })
  if (inserted.length === 0) return { status: 'already_listed', title }
  await recordActivity(tx, scope.memberId, {
    kind: 'listing_updated',
    clientId: client.id,
    propertyId,
    summary: `Added ${title} to the shortlist of ${client.fullName}`,
  })
  return { status: 'added', title }
}

export type AddManyResult = { clientName: string; added: string[]; alreadyListed: string[]; noRoom: string[] }

/**
 * Appends several of the broker's properties (a bulk selection, in the order given) to the end
 * of the client's shortlist in one transaction: those already on it are skipped, and those past
 * MAX_LISTING_ITEMS are left out (named in the result). Ids that are not the broker's
 * properties are skipped; null when the client is not the broker's.
 */
export async function addListingItems(scope: Scope, clientId: string, propertyIds: readonly string[]): Promise<AddManyResult | null> {
  return getDb().transaction(async (tx) => {
    const client = await lockClient(tx, scope, clientId)
    if (!client) return null
    const result: AddManyResult = { clientName: client.fullName, added: [], alreadyListed: [], noRoom: [] }
    const current = await tx
      .select({ propertyId: clientListingItems.propertyId, position: clientListingItems.position })
      .from(clientListingItems)
      .where(eq(clientListingItems.clientId, client.id))
    const listed = new Set(current.map((item) => item.propertyId))
    let next = current.reduce((max, item) => Math.max(max, item.position + 1), 0)
    let size = current.length
    for (const propertyId of new Set(propertyIds)) {
      const title = isUuid(propertyId) ? await findOwnTitle(tx, scope, propertyId) : null
      if (title === null) continue
      if (listed.has(propertyId)) {
        result.alreadyListed.push(title)
        continue
      }
      if (size >= MAX_LISTING_ITEMS) {
        result.noRoom.push(title)
        continue
      }
      await tx.insert(clientListingItems).values({ ownerId: scope.memberId, clientId: client.id, propertyId, position: next })
      await recordActivity(tx, scope.memberId, {
        kind: 'listing_updated',
        clientId: client.id,
        propertyId,
        summary: `Added ${title} to the shortlist of ${client.fullName}`,
      })
      listed.add(propertyId)
      next += 1
      size += 1
      result.added.push(title)
    }
    return result
  })
}

/** Removes a property from the shortlist and closes the gap; `removed: false` when it was not on it. */
export async function removeListingItem(scope: Scope, clientId: string, propertyId: string) {
  return getDb().transaction(async (tx) => {
    const client = await lockClient(tx, scope, clientId)
    if (!client) return null
    const title = await findOwnTitle(tx, scope, propertyId)
    if (title === null) return null
    const [removed] = await tx
      .delete(clientListingItems)
      .where(itemOf(client.id, propertyId))
      .returning({ position: clientListingItems.position })
    if (!removed) return { removed: false, title }
    await tx
      .update(clientListingItems)
      .set({ position: sql`${clientListingItems.position} - 1` })
      .where(and(eq(clientListingItems.clientId, client.id), gt(clientListingItems.position, removed.position)))
    await recordActivity(tx, scope.memberId, {
      kind: 'listing_updated',
      clientId: client.id,
      propertyId,
      summary: `Removed ${title} from the shortlist of ${client.fullName}`,
    })
    return { removed: true, title }
  })
}

/**
 * Swaps an item with its neighbour; false when it is already first (up) or last (down), null
 * when the client is not the broker's or the property is not on the shortlist.
 * Not logged: a reorder is tidying, and one entry per click would bury the real news.
 */
export async function moveListingItem(scope: Scope, clientId: string, propertyId: string, direction: 'up' | 'down') {
  if (!isUuid(propertyId)) return null
  return getDb().transaction(async (tx) => {
    const client = await lockClient(tx, scope, clientId)
    if (!client) return null
    const rows = await tx
      .select({ id: clientListingItems.id, propertyId: clientListingItems.propertyId, position: clientListingItems.position })
      .from(clientListingItems)
      .where(eq(clientListingItems.clientId, client.id))
      .orderBy(asc(clientListingItems.position))
    const from = rows.findIndex((row) => row.propertyId === propertyId)
    if (from < 0) return null
    const to = direction === 'up' ? from - 1 : from + 1
    const [moving, neighbour] = [rows[from], rows[to]]
    if (!moving || !neighbour) return false
    await tx.update(clientListingItems).set({ position: neighbour.position }).where(eq(clientListingItems.id, moving.id))
    await tx.update(clientListingItems).set({ position: moving.position }).where(eq(clientListingItems.id, neighbour.id))
    return true
  })
}

/** Saves the note the client will read under this property; null when it is not on the shortlist. */
export async function updateListingNote(scope: Scope, clientId: string, propertyId: string, note: string) {
  return getDb().transaction(async (tx) => {
    const client = await lockClient(tx, scope, clientId)
    if (!client) return null
    const title = await findOwnTitle(tx, scope, propertyId)
    if (title === null) return null
    const [updated] = await tx
      .update(clientListingItems)
      .set({ note })
      .where(itemOf(client.id, propertyId))
      .returning({ id: clientListingItems.id })
    if (!updated) return null
    await recordActivity(tx, scope.memberId, {
      kind: 'listing_updated',
      clientId: client.id,
      propertyId,
      summary: `Updated the note on ${title} for ${client.fullName}`,
    })
    return { title }
  })
}
