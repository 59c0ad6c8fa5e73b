import { data } from 'react-router'

/**
 * Seed paths whose screens come with the properties and clients issues. They sit behind the
 * same guards as their future pages; until then no record exists, so they answer 404.
 */
export function loader() {
  throw data(null, { status: 404 })
}

export function action() {
  throw data(null, { status: 404 })
}

export default function Planned() {
  return null
}
