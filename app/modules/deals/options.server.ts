import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients, properties } from '#db/schema.ts'

/** Enough for a select; a broker with more would need a search field instead. */
export const MAX_DEAL_FORM_OPTIONS = 500

export type ClientOption = { id: string; fullName: string }
export type PropertyOption = { id: string; title: string }

/** The broker's clients for the "New deal" select, by name. */
export function listClientOptions(brokerId: string): Promise<ClientOption[]> {
  return getDb()
    .select({ id: clients.id, fullName: clients.fullName })
    .from(clients)
    .where(eq(clients.ownerId, brokerId))
    .orderBy(asc(clients.fullName), asc(clients.id))
    .limit(MAX_DEAL_FORM_OPTIONS)
}

/** The broker's properties for the optional "Property" select, by title. */
export function listPropertyOptions(brokerId: string): Promise<PropertyOption[]> {
  return getDb()
    .select({ id: properties.id, title: properties.title })
    .from(properties)
    .where(eq(properties.ownerId, brokerId))
    .orderBy(asc(properties.title), asc(properties.id))
    .limit(MAX_DEAL_FORM_OPTIONS)
}
