import { and, eq } from 'drizzle-orm'
import { data } from 'react-router'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}

/** The 404 every foreign, malformed or unknown id gets: never a hint that it exists. */
export function notFound(): never {
  throw data('Not found', { status: 404 })
}

/**
 * The broker's own property (id, title, category), or a 404. Every property page, file and
 * action goes through this, so a foreign id is always "not found".
 */
export async function requireOwnedProperty(brokerId: string, propertyId: unknown) {
  if (!isUuid(propertyId)) notFound()
  const [row] = await getDb()
    .select({ id: properties.id, title: properties.title, category: properties.category })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.ownerId, brokerId)))
    .limit(1)
  return row ?? notFound()
}
