import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { propertiesCsv } from '#app/modules/formats/csv-export.server.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { csvDownload, selectionOf } from './csv-download.ts'
import type { Route } from './+types/properties-export'

/**
 * GET /properties/export.csv?<the list's filters>: the broker's matching properties, streamed;
 * `ids=…` (the bulk bar's "Export CSV") keeps only those of the broker's properties.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const params = new URL(request.url).searchParams
  const { filters, errors } = parsePropertyFilters(params)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  const ids = selectionOf(params)
  return csvDownload(propertiesCsv(scope, { ...filters, ids }), ids ? 'properties-selected' : 'properties')
}
