import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { parseClientFilters } from '#app/modules/clients/filters.ts'
import { clientsVcard } from '#app/modules/formats/vcard-clients.server.ts'
import { csvDownload, selectionOf } from './csv-download.ts'
import type { Route } from './+types/clients-vcard'

/** GET /clients/export.vcf?<the list's filters>: the matching clients as vCard 4.0, streamed (`ids=…`: only those). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const params = new URL(request.url).searchParams
  const { filters, errors } = parseClientFilters(params)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  const ids = selectionOf(params)
  return csvDownload(clientsVcard(scope, { ...filters, ids }), ids ? 'clients-selected' : 'clients', 'text/vcard; charset=utf-8', 'vcf')
}
