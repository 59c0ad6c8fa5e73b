import { redirect } from 'react-router'

/** /property/new starts by choosing the category. */
export function loader() {
  throw redirect('/property/type-selection')
}
