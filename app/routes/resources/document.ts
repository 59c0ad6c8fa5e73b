import { findDownloadableDocument } from '#app/modules/sharing/file-access.server.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import type { Route } from './+types/document'

/** GET /documents/{documentId}: always a download, never rendered by the browser; 404 otherwise. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = getAuth(context)
  const document = await findDownloadableDocument(auth ? { brokerId: auth.user.id, agencyId: auth.scope.agencyId } : null, params.documentId)
  const file = document ? await getFileStorage().get(document.storageKey) : null
  if (!document || !file) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
    })
  }
  return new Response(file.body, {
    headers: {
      'Content-Type': document.contentType,
      'Content-Length': String(file.bytes),
      'Content-Disposition': attachmentDisposition(document.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      // Should a browser render it anyway: no scripts, no plugins, no same-origin access.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}

/**
 * RFC 6266: an ASCII fallback for old clients, then the exact UTF-8 name (RFC 8187), with the
 * characters that encodeURIComponent leaves but attr-char forbids escaped as well.
 */
function attachmentDisposition(fileName: string) {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
