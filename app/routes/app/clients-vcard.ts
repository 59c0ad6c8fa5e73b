import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { assignedToForExport } from '#app/http/team.server.ts'
import { parseClientFilters } from '#app/modules/clients/filters.ts'
import { noteListExport } from '#app/modules/formats/csv-export.server.ts'
import { clientsVcard } from '#app/modules/formats/vcard-clients.server.ts'
import { csvDownload, selectionOf } from './csv-download.ts'
import type { Route } from './+types/clients-vcard'

/** GET /clients/export.vcf?<the list's filters>: the matching clients as vCard 4.0, streamed (`ids=…`: only those). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireAuth(context)
  const { scope } = auth
  const url = new URL(request.url)
  const params = url.searchParams
  const { filters, errors } = parseClientFilters(params)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  const ids = selectionOf(params)
  // Mine / Agency in an agency of several, as the list shows it (issue 26).
  const assignedTo = await assignedToForExport(auth, url, 'clients', Boolean(ids))
  await noteListExport(scope, 'clients', 'vCard', ids ? ids.length : null)
  return csvDownload(clientsVcard(scope, { ...filters, ids, assignedTo }), ids ? 'clients-selected' : 'clients', 'text/vcard; charset=utf-8', 'vcf')
}
