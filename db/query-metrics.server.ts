import { currentRequestScope, nextRequestOrder, withRequestScope } from '#app/lib/logger.server.ts'

/*
 * Statements per request, for the Server-Timing header. The count lives in the request's scope
 * (app/lib/logger.server.ts), the same AsyncLocalStorage store that carries its log id, so a
 * request pays for one store; that state is on globalThis, so the app bundle and code loaded
 * from source (tests) count into the same place.
 */

export type QueryCount = { readonly queries: number }

/**
 * Runs `task` counting the statements it makes (read back for the Server-Timing header). Inside
 * a request's scope the count is the difference over `task`; outside one (`react-router dev`,
 * which does not go through createAppRequestHandler), `task` gets a scope of its own.
 */
export function withQueryCount<T>(task: (count: QueryCount) => Promise<T>): Promise<T> {
  const scope = currentRequestScope()
  if (!scope) return withRequestScope(undefined, () => withQueryCount(task))
  const start = scope.queries
  return task({
    get queries() {
      return scope.queries - start
    },
  })
}

/** Called by the database logger for every statement; outside a request it does nothing. */
export function countQuery() {
  const scope = currentRequestScope()
  if (scope) scope.queries++
}

/** The current request's place in line (when it began), or a new place for a statement outside any request. */
export function requestOrder(): number {
  return currentRequestScope()?.order ?? nextRequestOrder()
}
