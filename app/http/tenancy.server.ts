import type { MiddlewareFunction } from 'react-router'
import { withScope } from '#db/client.server.ts'
import { outsideScope } from '#db/tenancy.server.ts'
import { requireAuth } from './session.server.ts'

/**
 * Every signed-in request runs its loaders and actions in one transaction confined to the
 * session's agency by Postgres (row-level security under the app's role, db/tenancy.server.ts),
 * so a query that forgets its filter still cannot read another agency's rows.
 */
export const scopeGuard: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { scope } = requireAuth(context)
  return withScope(scope, () => next())
}

/**
 * Work a request does for the account rather than inside one agency (deleting the account: all
 * its agencies, its background jobs): outside the scope, as the system. Each use says why.
 */
export function forTheAccount<T>(work: () => Promise<T>): Promise<T> {
  return outsideScope(work)
}
