import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database } from './client.server.ts'

export const ROLES = ['owner', 'admin', 'agent'] as const
export type Role = (typeof ROLES)[number]

declare const scopeMark: unique symbol
/**
 * Who is asking, as every module function receives it (first parameter): the agency whose data
 * it is, the member acting, and their role there. `solo`: the member is alone in the agency
 * (most accounts), so their rows are the agency's.
 *
 * Branded: an object literal is not a Scope. Only the agencies module mints one
 * (app/modules/agencies/membership.server.ts: the session's membership, or `scopeOfMember` for
 * work outside a request), and eslint refuses `scopeFromMembership` and `as Scope` anywhere else.
 */
export type Scope = Readonly<{ agencyId: string; memberId: string; role: Role; solo: boolean; readonly [scopeMark]: true }>

/** The one way to make a Scope; eslint allows its use only in app/modules/agencies/membership.server.ts. */
export function scopeFromMembership(membership: { agencyId: string; memberId: string; role: Role; solo: boolean }): Scope {
  return Object.freeze({ agencyId: membership.agencyId, memberId: membership.memberId, role: membership.role, solo: membership.solo }) as Scope
}

/** The database role scoped work runs as: no superuser, no BYPASSRLS, owns nothing (migration 0022). */
export const APP_ROLE = 'brokervault_app'

/** Owners and admins see and change every record of the agency; agents their own. */
export const seesWholeAgency = (scope: Scope) => scope.role !== 'agent'

/**
 * The settings that confine a connection to a scope: Postgres's row-level security reads them
 * (bv_scope_agency(), bv_scope_member()), and the role makes the policies apply at all.
 */
export const SCOPE_SETTINGS_SQL =
  "select set_config('role', $1, $4), set_config('app.agency_id', $2, $4), set_config('app.member_id', $3, $4)"
export const scopeSettingsParams = (scope: Scope, local: boolean) => [APP_ROLE, scope.agencyId, scope.memberId, local]
/** Back to the connecting role with no scope: nothing of one request stays on a pooled connection. */
export const CLEAR_SCOPE_SQL = "select set_config('app.agency_id', '', false), set_config('app.member_id', '', false), set_config('role', 'none', false)"

type ScopedWork = { scope: Scope; db?: Database }
// On globalThis, as the database handle is (client.server.ts): the app bundle and test code that
// imports the source must see one scope, or the embedded client would miss the other's.
const globalStore = globalThis as typeof globalThis & { __brokervaultScope?: AsyncLocalStorage<ScopedWork> }
const scopedWork = (globalStore.__brokervaultScope ??= new AsyncLocalStorage<ScopedWork>())

/** The scope this code runs in, if any. */
export function currentScope(): Scope | undefined {
  return scopedWork.getStore()?.scope
}

/** The query builder bound to the current scope's connection, where the driver has one. */
export function scopedDatabase(): Database | undefined {
  return scopedWork.getStore()?.db
}

const sameScope = (a: Scope, b: Scope) => a.agencyId === b.agencyId && a.memberId === b.memberId && a.role === b.role

/**
 * Runs `work` in the scope. `open` gives the driver's way in: a connection of its own set to the
 * scope for the whole work (a server), or nothing when each statement sets the scope itself (the
 * embedded database, which has one connection for everybody). Nested calls with the same scope
 * join the running one; another scope inside a scope is a bug.
 */
export async function runInScope<T>(
  scope: Scope,
  open: () => Promise<{ db?: Database; close: () => Promise<void> }>,
  work: () => Promise<T>,
): Promise<T> {
  const running = scopedWork.getStore()
  if (running) {
    if (sameScope(running.scope, scope)) return await work()
    throw new Error('Scoped work cannot open another scope inside it.')
  }
  const opened = await open()
  try {
    // Awaited inside the scope: a query builder is a lazy thenable that starts when awaited.
    return await scopedWork.run({ scope, db: opened.db }, async () => await work())
  } finally {
    await opened.close()
  }
}

/**
 * Leaves the scope for work that is the system's, not the member's: the job queue's own
 * statements on the embedded database (its tables are not the agency's, and they must not wait
 * for or join the member's statements).
 */
export function outsideScope<T>(work: () => T): T {
  return scopedWork.exit(work)
}
