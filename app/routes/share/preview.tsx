import { data } from 'react-router'
import type { RouteHandle } from '#app/root.tsx'
import type { Route } from './+types/preview'

// Share pages ship no JavaScript at all (cheap phones); the root leaves Scripts out.
export const handle: RouteHandle = { hydrate: false }

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

/**
 * Shares are created from property and client-listing pages (the next issues). Until a share
 * exists every id is unknown, and unknown ids are the 404 page: nothing tells a stranger
 * whether an id ever existed.
 */
export function loader() {
  throw data(null, { status: 404 })
}

export default function SharePreview() {
  return null
}
