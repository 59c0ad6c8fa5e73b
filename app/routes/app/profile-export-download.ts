import { requireAuth } from '#app/http/session.server.ts'
import { openDataExport } from '#app/modules/exports/data-exports.server.ts'
import type { Route } from './+types/profile-export-download'

/** GET /profile/exports/{id}: the signed-in owner's ready export (7 days); anything else is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const file = await openDataExport(user.id, params.exportId)
  if (!file) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
    })
  }
  const name = `brokervault-export-${file.createdAt.toISOString().slice(0, 10)}.zip`
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(file.bytes),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
