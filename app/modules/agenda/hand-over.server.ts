import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { tasks, viewings } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { changeableBy, visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { viewingIsLive } from './live.server.ts'

/*
 * Viewings and tasks handed to another member of the agency (issue 26): one at a time, or with
 * the client, deal or property they are about. Each runs in the assignment's transaction; the
 * caller has checked `to` is a member of the agency.
 */

/**
 * The viewing if the member may manage it (reassign it, share it with a colleague): its
 * assigned member, the owner and admins; else null. Locked for the change in a transaction.
 */
export async function findChangeableViewing(scope: Scope, viewingId: unknown, tx?: Transaction) {
  if (!isUuid(viewingId)) return null
  const query = (tx ?? getDb())
    .select({ id: viewings.id, ownerId: viewings.ownerId, propertyId: viewings.propertyId, clientId: viewings.clientId })
    .from(viewings)
    .where(and(eq(viewings.id, viewingId), changeableBy(viewings, scope), viewingIsLive))
    .limit(1)
  const [row] = tx ? await query.for('update') : await query
  return row ?? null
}

/** The task if the member may manage it (delete, reassign, share it), with what it is about; else null. */
export async function findChangeableTask(scope: Scope, taskId: unknown, tx?: Transaction) {
  if (!isUuid(taskId)) return null
  const query = (tx ?? getDb())
    .select({ id: tasks.id, title: tasks.title, ownerId: tasks.ownerId, propertyId: tasks.propertyId, clientId: tasks.clientId, dealId: tasks.dealId })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), changeableBy(tasks, scope)))
    .limit(1)
  const [row] = tx ? await query.for('update') : await query
  return row ?? null
}

/** Assigns one viewing to `to`; null when the member may not manage it. */
export async function assignViewingIn(tx: Transaction, scope: Scope, viewingId: string, to: string) {
  const before = await findChangeableViewing(scope, viewingId, tx)
  if (!before) return null
  if (before.ownerId !== to) await tx.update(viewings).set({ ownerId: to, updatedAt: new Date() }).where(eq(viewings.id, before.id))
  return { ...before, from: before.ownerId }
}

/** Assigns one task to `to`; null when the member may not manage it. */
export async function assignTaskIn(tx: Transaction, scope: Scope, taskId: string, to: string) {
  const before = await findChangeableTask(scope, taskId, tx)
  if (!before) return null
  if (before.ownerId !== to) await tx.update(tasks).set({ ownerId: to }).where(eq(tasks.id, before.id))
  return { ...before, from: before.ownerId }
}

/**
 * A client's viewings still scheduled that were with `from` go with the client to `to` (who will
 * show the property); those that took place stay with who showed it.
 */
export async function handScheduledViewingsOfClientIn(tx: Transaction, scope: Scope, clientId: string, from: string, to: string) {
  await tx
    .update(viewings)
    .set({ ownerId: to, updatedAt: new Date() })
    .where(and(eq(viewings.clientId, clientId), eq(viewings.ownerId, from), eq(viewings.status, 'scheduled'), changeableBy(viewings, scope)))
}

/**
 * The open tasks about a client, some deals or a property that were with `from` go to `to` with
 * them; done ones stay with who did them.
 */
export async function handOpenTasksIn(tx: Transaction, scope: Scope, about: { clientId: string } | { dealIds: string[] } | { propertyId: string }, from: string, to: string) {
  let subject: SQL
  if ('dealIds' in about) {
    if (about.dealIds.length === 0) return
    subject = inArray(tasks.dealId, about.dealIds)
  } else {
    subject = 'clientId' in about ? eq(tasks.clientId, about.clientId) : eq(tasks.propertyId, about.propertyId)
  }
  await tx.update(tasks).set({ ownerId: to }).where(and(subject, eq(tasks.ownerId, from), isNull(tasks.doneAt), changeableBy(tasks, scope)))
}

/** A task the member may see (theirs, or through a record shared with them), with its title; else null. */
export async function findVisibleTask(scope: Scope, taskId: unknown) {
  if (!isUuid(taskId)) return null
  const [row] = await getDb()
    .select({ id: tasks.id, title: tasks.title, ownerId: tasks.ownerId, propertyId: tasks.propertyId, clientId: tasks.clientId, dealId: tasks.dealId })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), visibleTo(tasks, scope)))
    .limit(1)
  return row ?? null
}
