import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { assignedToForExport } from '#app/http/team.server.ts'
import { noteListExport, propertiesCsv } from '#app/modules/formats/csv-export.server.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { csvDownload, selectionOf } from './csv-download.ts'
import type { Route } from './+types/properties-export'

/**
 * GET /properties/export.csv?<the list's filters>: the broker's matching properties, streamed;
 * `ids=…` (the bulk bar's "Export CSV") keeps only those of the broker's properties.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireAuth(context)
  const { scope } = auth
  const url = new URL(request.url)
  const params = url.searchParams
  const { filters, errors } = parsePropertyFilters(params)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  const ids = selectionOf(params)
  // Mine / Agency in an agency of several, as the list shows it (issue 26).
  const assignedTo = await assignedToForExport(auth, url, 'properties', Boolean(ids))
  await noteListExport(scope, 'properties', 'CSV', ids ? ids.length : null)
  return csvDownload(propertiesCsv(scope, { ...filters, ids, assignedTo }), ids ? 'properties-selected' : 'properties')
}
