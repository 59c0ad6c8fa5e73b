import { and, eq } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'
import { propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * A property's photos and documents go with it to the member it is assigned to (trashed ones
 * too: they come back with the listing), in the assignment's transaction. Files stay where they
 * are (stored per property).
 */
export async function handPropertyFilesIn(tx: Transaction, scope: Scope, propertyId: string, to: string) {
  await tx.update(propertyPhotos).set({ ownerId: to }).where(and(eq(propertyPhotos.propertyId, propertyId), changeableBy(propertyPhotos, scope)))
  await tx.update(propertyDocuments).set({ ownerId: to }).where(and(eq(propertyDocuments.propertyId, propertyId), changeableBy(propertyDocuments, scope)))
}
