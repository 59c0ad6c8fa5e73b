import { forbidden, notFound } from '#app/lib/http.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { findOwnedDeal } from '#app/modules/deals/deals.server.ts'
import { findChangeableProperty, findOwnedProperty } from '#app/modules/properties/access.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type OwnedKind = 'property' | 'client' | 'deal'

const FIND: Record<OwnedKind, (scope: Scope, id: unknown) => Promise<unknown>> = {
  property: findOwnedProperty,
  client: findOwnedClient,
  deal: findOwnedDeal,
}

/** Whether the id names one of the broker's rows of that kind (a malformed id names nothing). */
export async function isOwned(scope: Scope, kind: OwnedKind, id: unknown): Promise<boolean> {
  return Boolean(await FIND[kind](scope, id))
}

/**
 * Ownership before validation: a form that names another broker's property, client or deal, or
 * an id that names nothing, is a 404 whatever else it got wrong. Checked before the form's other
 * fields, so an answer never depends on those for an id that is not the broker's (a toast or a
 * field message would come back for a foreign id, and a 404 only once the form is right). A field
 * left empty is not checked: "Choose a client." is the form's own message for that.
 */
export async function requireOwnedFormIds(scope: Scope, fields: readonly (readonly [OwnedKind, FormDataEntryValue | null])[]) {
  for (const [kind, value] of fields) {
    if (value === null || value === '') continue
    if (!(await isOwned(scope, kind, value))) notFound()
  }
}

/**
 * A listing the member sees (found by the caller) but may not change, a colleague's: 403. Its
 * assigned agent and the agency's owner and admins may (docs/decisions/034).
 */
export async function requireChangeableProperty(scope: Scope, propertyId: string) {
  if (!(await findChangeableProperty(scope, propertyId))) forbidden()
}
