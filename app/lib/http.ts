import { data } from 'react-router'

/** The 404 every foreign, malformed or unknown id gets: never a hint that it exists. */
export function notFound(): never {
  throw data('Not found', { status: 404 })
}

/** A record the member sees but may not change (a colleague's listing, the agency's settings): 403. */
export function forbidden(): never {
  throw data('Forbidden', { status: 403 })
}

/** A module's "not found" (null or undefined) as the route's 404. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) notFound()
  return value
}

/** A request the route cannot act on (an unknown intent, a missing upload kind): 400. */
export function badRequest(message: string): never {
  throw data(message, { status: 400 })
}
