import { and, eq, isNull, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findChangeableProperty } from './access.server.ts'
import { isPropertyLimitError } from './bulk.server.ts'
import { closedStatusOf, isClosedStatus, label } from './catalog.ts'
import type { PropertyFormValue } from './schemas.ts'
import type { Category, PropertyStatus } from '#db/reference.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export const PROPERTY_LIMIT_MESSAGE =
  'You have reached the number of properties your plan allows. Choose a bigger plan to add more.'

/** Form values → columns; facts that do not fit the category are stored as empty. */
export function toColumns(category: Category, v: PropertyFormValue) {
  return {
    title: v.title,
    type: v.type as (typeof properties.$inferInsert)['type'],
    purpose: v.purpose,
    rentPeriod: v.purpose === 'rent' ? (v.rentPeriod ?? null) : null,
    price: v.price ?? null,
    currency: v.currency,
    referenceCode: v.referenceCode || null,
    street: v.street || null,
    area: v.area || null,
    city: v.city || null,
    region: v.region || null,
    postalCode: v.postalCode || null,
    country: v.country || null,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    builtArea: category === 'land' ? null : (v.builtArea ?? null),
    areaUnit: v.areaUnit,
    landArea: v.landArea ?? null,
    bedrooms: category === 'residential' ? (v.bedrooms ?? null) : null,
    bathrooms: category === 'land' ? null : (v.bathrooms ?? null),
    parking: category === 'land' ? null : (v.parking ?? null),
    floor: category === 'land' ? null : (v.floor ?? null),
    yearBuilt: category === 'land' ? null : (v.yearBuilt ?? null),
    furnished: category === 'land' || !v.furnished ? null : v.furnished === 'yes',
    features: v.features,
    tags: v.tags,
    description: v.description ?? '',
    status: v.status,
    visibility: v.visibility,
    privateNotes: v.privateNotes ?? '',
  }
}


/** Inserts the property and its activity in one transaction; the database enforces the plan limit. */
export async function createProperty(scope: Scope, category: Category, value: PropertyFormValue) {
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(properties)
        .values({ ownerId: scope.memberId, category, ...toColumns(category, value) })
        .returning({ id: properties.id })
      if (!row) throw new Error('insert returned no row')
      await recordActivity(tx, scope.memberId, { kind: 'property_created', propertyId: row.id, summary: `Added ${value.title}` })
      return row.id
    })
    return { ok: true as const, id }
  } catch (error) {
    if (isPropertyLimitError(error)) return { ok: false as const, reason: 'limit' as const }
    throw error
  }
}

/** Saves the form; null when the property is not the broker's. */
export async function updateProperty(scope: Scope, propertyId: string, value: PropertyFormValue) {
  const current = await findChangeableProperty(scope, propertyId)
  if (!current) return null
  await getDb().transaction(async (tx) => {
    await tx
      .update(properties)
      .set({ ...toColumns(current.category, value), updatedAt: new Date() })
      .where(and(eq(properties.id, propertyId), changeableBy(properties, scope)))
    await recordActivity(tx, scope.memberId, { kind: 'property_updated', propertyId, summary: `Updated ${value.title}` })
  })
  return current
}

/** Sets the status (logged when it changes); null when the property is not the broker's. */
export async function changePropertyStatus(scope: Scope, propertyId: string, status: PropertyStatus) {
  const current = await findChangeableProperty(scope, propertyId)
  if (!current) return null
  await getDb().transaction((tx) => setPropertyStatusIn(tx, scope, propertyId, status))
  return current
}

export type StatusChange = { changed: boolean; title: string; from: PropertyStatus; to: PropertyStatus }

/**
 * Sets one property's status in the caller's transaction, logged when it changes. `status` may
 * depend on the row: `'closed'` is Sold for a sale and Rented for a rental (a deal won), and a
 * property already sold or rented stays as it is then. Null when it is not the broker's.
 */
export async function setPropertyStatusIn(
  tx: Transaction,
  scope: Scope,
  propertyId: string,
  status: PropertyStatus | 'closed',
): Promise<StatusChange | null> {
  const [before] = await tx
    .select({ status: properties.status, purpose: properties.purpose, title: properties.title })
    .from(properties)
    .where(and(eq(properties.id, propertyId), changeableBy(properties, scope)))
    .for('update')
  if (!before) return null
  const closing = status === 'closed'
  const to = closing ? closedStatusOf(before.purpose) : status
  const unchanged = { changed: false, title: before.title, from: before.status, to: before.status }
  if (before.status === to || (closing && isClosedStatus(before.status))) return unchanged
  await tx
    .update(properties)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(properties.id, propertyId), changeableBy(properties, scope)))
  await recordActivity(tx, scope.memberId, {
    kind: 'property_status_changed',
    propertyId,
    summary: `${before.title}: ${label(before.status)} → ${label(to)}`,
    data: { from: before.status, to },
  })
  return { changed: true, title: before.title, from: before.status, to }
}

/**
 * The bulk "Set status" of /properties: every one of these properties of the broker, in one
 * transaction, each change logged; ids that are not the broker's are left alone.
 */
export async function setPropertiesStatus(scope: Scope, propertyIds: readonly string[], status: PropertyStatus) {
  return getDb().transaction(async (tx) => {
    let changed = 0
    let unchanged = 0
    // In id order: two bulk changes at once lock their rows in the same order, never crosswise.
    for (const id of [...propertyIds].sort()) {
      const result = await setPropertyStatusIn(tx, scope, id, status)
      if (result?.changed) changed += 1
      else if (result) unchanged += 1
    }
    return { changed, unchanged }
  })
}

/** Null when the property is not the broker's. */
export async function updatePrivateNotes(scope: Scope, propertyId: string, privateNotes: string) {
  const current = await findChangeableProperty(scope, propertyId)
  if (!current) return null
  await getDb()
    .update(properties)
    .set({ privateNotes, updatedAt: new Date() })
    .where(and(eq(properties.id, propertyId), changeableBy(properties, scope)))
  return current
}

/**
 * Moves the property to the trash with an activity record: from then on it is on no page, list,
 * search, share page, feed or count (the plan's included) until restored, and its photos and
 * documents stay stored; the trash is emptied 30 days later (trash.server.ts). Null when the
 * property is not the broker's (or already in the trash).
 */
export async function deleteProperty(scope: Scope, propertyId: string) {
  return getDb().transaction(async (tx) => {
    const current = await findChangeableProperty(scope, propertyId, tx)
    if (!current) return null
    await tx
      .update(properties)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(properties.id, propertyId), changeableBy(properties, scope), isNull(properties.deletedAt)))
    await recordActivity(tx, scope.memberId, { kind: 'property_deleted', propertyId, summary: `Moved ${current.title} to the trash` })
    return current
  })
}
