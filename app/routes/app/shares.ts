import { data } from 'react-router'

// Work in progress (issue 4): answers 404 until the form target lands.
export function loader() {
  throw data(null, { status: 404 })
}

export function action() {
  throw data(null, { status: 404 })
}
