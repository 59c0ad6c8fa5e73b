import { data } from 'react-router'
import { NotFoundScreen } from '#app/ui/error-screens.tsx'
import type { Route } from './+types/not-found'

export const meta: Route.MetaFunction = () => [{ title: 'Page not found · BrokerVault' }]

export function loader() {
  return data(null, { status: 404 })
}

// A form posting to an unknown path is a 404 too, not a 405.
export function action() {
  return data(null, { status: 404 })
}

export default function NotFoundPage() {
  return <NotFoundScreen />
}
