import { and, eq } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'
import { clientListingItems } from '#db/schema.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** A client's shortlist goes with the client to the member it is assigned to, in the assignment's transaction. */
export async function handShortlistIn(tx: Transaction, scope: Scope, clientId: string, to: string) {
  await tx.update(clientListingItems).set({ ownerId: to }).where(and(eq(clientListingItems.clientId, clientId), changeableBy(clientListingItems, scope)))
}
