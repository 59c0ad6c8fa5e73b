import { and, asc, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { logger } from '#app/lib/logger.server.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { deletePropertyFiles } from '#app/modules/media/trash.server.ts'
import { isPropertyLimitError } from './bulk.server.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/*
 * Properties in the trash (docs/decisions/032-trash-and-own-tasks.md). deleteProperty
 * (mutations.server.ts) puts them here; restoring one passes the plan's limit like a new one
 * (the database's trigger, migration 0024); deleting for good removes the row, what cascades
 * from it (photos, documents, shortlist places, links, viewings, tasks, notes) and its files.
 */

/** Why a restore is refused: the plan has no room (the same check as adding a property). */
export const restoreLimitMessage = (title: string) =>
  `“${title}” can't be restored: you have reached the number of properties your plan allows. Delete another property or choose a bigger plan, then restore it.`

const trashed = (scope: Scope, propertyId: string) =>
  and(eq(properties.id, propertyId), changeableBy(properties, scope), isNotNull(properties.deletedAt))

/** The broker's properties in the trash, latest first. */
export async function listTrashedProperties(scope: Scope, limit: number) {
  const rows = await getDb()
    .select({ id: properties.id, title: properties.title, city: properties.city, deletedAt: properties.deletedAt })
    .from(properties)
    .where(and(changeableBy(properties, scope), isNotNull(properties.deletedAt)))
    .orderBy(desc(properties.deletedAt), asc(properties.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt! }))
}

export type RestoreResult = { ok: true; title: string } | { ok: false; message: string } | null

/** Takes the property out of the trash; refused when the plan has no room; null when there is no such trashed property. */
export async function restoreProperty(scope: Scope, propertyId: unknown): Promise<RestoreResult> {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb().select({ title: properties.title }).from(properties).where(trashed(scope, propertyId))
  if (!row) return null
  try {
    return await getDb().transaction(async (tx) => {
      const [restored] = await tx
        .update(properties)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(trashed(scope, propertyId))
        .returning({ title: properties.title })
      if (!restored) return null
      await recordActivity(tx, scope.memberId, { kind: 'property_restored', propertyId, summary: `Restored ${restored.title}` })
      return { ok: true as const, title: restored.title }
    })
  } catch (error) {
    if (isPropertyLimitError(error)) return { ok: false, message: restoreLimitMessage(row.title) }
    throw error
  }
}

/** Deletes a trashed property of the broker for good, then its files; null when there is none. */
export async function deletePropertyForever(scope: Scope, propertyId: unknown) {
  if (!isUuid(propertyId)) return null
  const deleted = await getDb().transaction(async (tx) => {
    const [row] = await tx.delete(properties).where(trashed(scope, propertyId)).returning({ title: properties.title })
    if (!row) return null
    await recordActivity(tx, scope.memberId, { kind: 'property_deleted', propertyId, summary: `Deleted ${row.title} for good` })
    return row
  })
  if (deleted) await removeFilesOf([propertyId])
  return deleted
}

/** After the commit: a failure leaves unreachable files, never a listing without its photos. */
async function removeFilesOf(propertyIds: string[]) {
  // A few at a time: storage is asked per folder.
  for (let i = 0; i < propertyIds.length; i += 8) {
    await Promise.all(
      propertyIds.slice(i, i + 8).map((id) =>
        deletePropertyFiles(id).catch((error: unknown) => logger.error({ err: error, propertyId: id }, 'Files of a property deleted for good could not be removed')),
      ),
    )
  }
}

/**
 * Every broker's properties trashed before `cutoff`, deleted for good with their files, at most
 * `limit` per call (the job calls again while a call was full). Returns how many went.
 */
export async function purgeTrashedProperties(cutoff: Date, limit = 200): Promise<number> {
  const due = await getDb()
    .select({ id: properties.id })
    .from(properties)
    .where(and(isNotNull(properties.deletedAt), lt(properties.deletedAt, cutoff)))
    .limit(limit)
  if (due.length === 0) return 0
  const ids = due.map((row) => row.id)
  // Still trashed and still old enough: a restore that committed meanwhile wins.
  const gone = await getDb()
    .delete(properties)
    .where(and(inArray(properties.id, ids), isNotNull(properties.deletedAt), lt(properties.deletedAt, cutoff)))
    .returning({ id: properties.id })
  await removeFilesOf(gone.map((row) => row.id))
  return gone.length
}
