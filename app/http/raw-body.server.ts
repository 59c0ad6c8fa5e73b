/**
 * A request's body as bytes, read up to `maxBytes`: null as soon as it grows past them (the
 * rest is not read), so a body a server posts raw (a mail) is never held beyond its limit.
 * Content-Length is a hint only: the bytes that arrive are what count.
 */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) return null
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, bytes)
}

/** The media type of a request's body, lower case, without parameters ("" when none is given). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}
