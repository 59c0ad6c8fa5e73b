import { lockForTransaction } from '#db/advisory-lock.server.ts'
import type { Transaction } from '#db/client.server.ts'

/**
 * Serialises photo and document changes to one property until the transaction ends, so two
 * uploads cannot both take the last free place and reorders never interleave.
 */
export async function lockPropertyMedia(tx: Transaction, propertyId: string) {
  await lockForTransaction(tx, 'property-media', propertyId)
}
