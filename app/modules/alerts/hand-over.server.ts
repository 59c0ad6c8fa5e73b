import { and, eq } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'
import { alertMatches, clientAlerts } from '#db/schema.ts'
import { changeableBy } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * A client's property alerts (and the listings found for them) go with the client to the member
 * it is assigned to, in the assignment's transaction: the next alert mail is signed by them.
 */
export async function handAlertsIn(tx: Transaction, scope: Scope, clientId: string, to: string) {
  await tx.update(clientAlerts).set({ ownerId: to }).where(and(eq(clientAlerts.clientId, clientId), changeableBy(clientAlerts, scope)))
  await tx.update(alertMatches).set({ ownerId: to }).where(and(eq(alertMatches.clientId, clientId), changeableBy(alertMatches, scope)))
}
