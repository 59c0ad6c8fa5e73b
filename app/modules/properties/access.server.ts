import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { properties } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'

/**
 * The broker's own property (id, title, category), or null for a foreign, malformed or unknown
 * id. Every property page, file and action goes through this, so a foreign id is always "not found".
 */
export async function findOwnedProperty(brokerId: string, propertyId: unknown) {
  if (!isUuid(propertyId)) return null
  const [row] = await getDb()
    .select({ id: properties.id, title: properties.title, category: properties.category })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.ownerId, brokerId)))
    .limit(1)
  return row ?? null
}
