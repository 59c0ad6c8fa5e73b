import { data } from 'react-router'
import { requireAuth } from '#app/http/session.server.ts'
import { parseClientFilters } from '#app/modules/clients/filters.ts'
import { clientsVcard } from '#app/modules/formats/vcard-clients.server.ts'
import { csvDownload } from './csv-download.ts'
import type { Route } from './+types/clients-vcard'

/** GET /clients/export.vcf?<the list's filters>: the matching clients as vCard 4.0, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const { filters, errors } = parseClientFilters(new URL(request.url).searchParams)
  const problems = Object.values(errors)
  if (problems.length) throw data(problems.join(' '), { status: 400 })
  return csvDownload(clientsVcard(user.id, filters), 'clients', 'text/vcard; charset=utf-8', 'vcf')
}
