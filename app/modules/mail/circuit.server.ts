import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { mailCircuit } from '#db/schema.ts'

/** The words the seed gives to every screen that sends mail while delivery is failing. */
export const MAIL_DOWN_MESSAGE = 'Too many network failures. Please check your connection.'

/** Records that the breaker opened (until when) or closed, for every process to see. */
export async function recordMailCircuit(openUntil: Date | null) {
  await getDb()
    .insert(mailCircuit)
    .values({ id: 1, openUntil })
    .onConflictDoUpdate({ target: mailCircuit.id, set: { openUntil, updatedAt: sql`now()` } })
}

/** True while the breaker is open: screens that send mail say so instead of promising a message. */
export async function isMailDeliveryDown(): Promise<boolean> {
  const [row] = await getDb()
    .select({ down: sql<boolean>`${mailCircuit.openUntil} > now()` })
    .from(mailCircuit)
    .where(eq(mailCircuit.id, 1))
  return row?.down === true
}
