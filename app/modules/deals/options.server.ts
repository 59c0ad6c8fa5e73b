import { listClientNames } from '#app/modules/clients/queries.server.ts'
import { listPropertyTitles } from '#app/modules/properties/queries.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Enough for a select; a broker with more would need a search field instead. */
export const MAX_DEAL_FORM_OPTIONS = 500

export type ClientOption = { id: string; fullName: string }
export type PropertyOption = { id: string; title: string }

/** The broker's clients for the "New deal" select, by name (the clients module's query). */
export function listClientOptions(scope: Scope): Promise<ClientOption[]> {
  return listClientNames(scope, MAX_DEAL_FORM_OPTIONS)
}

/** The broker's properties for the optional "Property" select, by title (the properties module's query). */
export function listPropertyOptions(scope: Scope): Promise<PropertyOption[]> {
  return listPropertyTitles(scope, MAX_DEAL_FORM_OPTIONS)
}
