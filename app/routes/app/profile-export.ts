import { Readable } from 'node:stream'
import { redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { EXPORTS_SECTION_PATH, requestDataExport } from '#app/modules/exports/data-exports.server.ts'
import type { Route } from './+types/profile-export'

export const EXPORT_QUEUED_MESSAGE = 'We are preparing your export; we will e-mail you a link.'

/** Nothing to show: the form lives in the profile's Data section. */
export function loader() {
  return redirect(EXPORTS_SECTION_PATH)
}

/**
 * POST /profile/export ("Export my data" on /profile/data, a plain form so the browser downloads
 * the answer with or without JavaScript): a small account gets the zip at once, streamed; a
 * large one is zipped by a background job and the broker is told a link will come by e-mail.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  await readForm(request)
  const outcome = await requestDataExport(scope)
  if (outcome.kind === 'queued') {
    setFlash(context, { kind: 'info', message: EXPORT_QUEUED_MESSAGE })
    return redirect(EXPORTS_SECTION_PATH)
  }
  const name = `brokervault-export-${new Date().toISOString().slice(0, 10)}.zip`
  return new Response(Readable.toWeb(outcome.archive) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
