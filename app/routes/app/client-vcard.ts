import { requireAuth } from '#app/http/session.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { clientVcard } from '#app/modules/formats/vcard-clients.server.ts'
import type { Route } from './+types/client-vcard'

/** GET /client/{id}/export.vcf: one client as a vCard 4.0 file; 404 when not the broker's. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const card = orNotFound(await clientVcard(scope, params.id))
  // The name as a file name: letters, digits, spaces and dashes only (a header is no place for quotes).
  const fileName = card.name.normalize('NFKD').replace(/[^\w -]/g, '').trim().replace(/\s+/g, '-') || 'client'
  return new Response(card.text, {
    headers: {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}.vcf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
