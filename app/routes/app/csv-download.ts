import { data } from 'react-router'
import { parseIdList } from '#app/lib/ids.ts'
import { MAX_BULK_SELECTION } from '#app/lib/bulk.ts'

/** A streamed download named after what it holds and the day: "properties-2026-11-23.csv". */
export function csvDownload(body: ReadableStream<Uint8Array>, what: string, type = 'text/csv; charset=utf-8', extension = 'csv') {
  const name = `${what}-${new Date().toISOString().slice(0, 10)}.${extension}`
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** The `ids=…` of an export of ticked rows: undefined without one, a 400 when it is malformed or too long. */
export function selectionOf(params: URLSearchParams): string[] | undefined {
  const raw = params.get('ids')
  if (raw === null) return undefined
  const ids = parseIdList(raw, MAX_BULK_SELECTION)
  if (!ids) throw data(`Choose between 1 and ${MAX_BULK_SELECTION} rows to export.`, { status: 400 })
  return ids
}
