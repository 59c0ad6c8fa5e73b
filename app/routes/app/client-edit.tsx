import { data } from 'react-router'

// Work in progress (issue 4): answers 404 until the screen lands.
export function loader() {
  throw data(null, { status: 404 })
}
