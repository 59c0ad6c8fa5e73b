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
