import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'

/** The broker's own client (id, name, stage), or null for foreign, malformed and unknown ids. */
export async function findOwnedClient(brokerId: string, clientId: unknown) {
  if (!isUuid(clientId)) return null
  const [row] = await getDb()
    .select({ id: clients.id, fullName: clients.fullName, stage: clients.stage, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerId, brokerId)))
    .limit(1)
  return row ?? null
}
