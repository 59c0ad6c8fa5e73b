import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { propertiesCsv } from '#app/modules/formats/csv-export.server.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { csvDownload } from './csv-download.ts'
import type { Route } from './+types/properties-export'

/** GET /properties/export.csv?<the list's filters>: the broker's matching properties, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const { filters, errors } = parsePropertyFilters(new URL(request.url).searchParams)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  return csvDownload(propertiesCsv(user.id, filters), 'properties')
}
