import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { parseClientFilters } from '#app/modules/clients/filters.ts'
import { clientsCsv } from '#app/modules/formats/csv-export.server.ts'
import { csvDownload, selectionOf } from './csv-download.ts'
import type { Route } from './+types/clients-export'

/** GET /clients/export.csv?<the list's filters>: the broker's matching clients, streamed (`ids=…`: only those). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const params = new URL(request.url).searchParams
  const { filters, errors } = parseClientFilters(params)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  const ids = selectionOf(params)
  return csvDownload(clientsCsv(scope, { ...filters, ids }), ids ? 'clients-selected' : 'clients')
}
