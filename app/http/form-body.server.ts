import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseMultipartRequest,
  type MultipartPart,
} from '@remix-run/multipart-parser'
import { data } from 'react-router'
import { decodeUtf8, parseUrlEncoded, removeControlCharacters } from '#app/lib/untrusted-text.ts'
import { formatMegabytes, type UploadLimits } from '#app/modules/media/limits.ts'

/*
 * The one way an action reads its form (docs/decisions/008-request-boundary.md). A body that
 * is not a web form is a 415, a broken one a 400, invalid UTF-8 a 400, one over its limits a
 * 413; the text that comes out has no control characters but tab, line feed and carriage
 * return, so no NUL byte ever reaches Postgres.
 */

/** Forms without files: buttons, captions, toggles, and every page's own form. */
export const TEXT_FORM_LIMITS: UploadLimits = {
  field: 'form',
  noun: 'file',
  maxFiles: 0,
  maxFileBytes: 64 * 1024,
  maxTotalBytes: 256 * 1024,
}

// The largest form (a property) has about 60 fields; this only bounds the work a body can ask for.
const MAX_FORM_PARTS = 1000

export const ALLOWED_ACTION_METHODS = 'GET, HEAD, POST'

type Refusal = 'not-a-form' | 'malformed' | 'not-utf8' | 'too-many-files' | 'file-too-large' | 'too-large'
const STATUS: Record<Refusal, 400 | 413 | 415> = {
  'not-a-form': 415,
  malformed: 400,
  'not-utf8': 400,
  'too-many-files': 413,
  'file-too-large': 413,
  'too-large': 413,
}

/** A body the parser refuses, before the action has changed anything. */
export class FormBodyError extends Error {
  readonly status: 400 | 413 | 415
  constructor(readonly refusal: Refusal) {
    super(`Form refused: ${refusal}`)
    this.status = STATUS[refusal]
  }
}

export type FormEncoding = 'urlencoded' | 'multipart'

/** What the Content-Type says the body is, or why it cannot be a form. */
export function formEncodingOf(request: Request): FormEncoding | FormBodyError {
  const contentType = request.headers.get('Content-Type') ?? ''
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase()
  if (mediaType === 'application/x-www-form-urlencoded') return 'urlencoded'
  if (mediaType !== 'multipart/form-data') return new FormBodyError('not-a-form')
  return /;\s*boundary=("[^"]+"|[^;\s]+)/i.test(contentType) ? 'multipart' : new FormBodyError('malformed')
}

/**
 * Reads a form post: the text fields, cleaned. Each file part goes to `onFile` as soon as it
 * is complete, within `limits`, so memory holds one part at a time.
 */
export async function parseFormBody(
  request: Request,
  limits: UploadLimits,
  onFile: (part: MultipartPart) => Promise<void> = async () => {},
): Promise<FormData> {
  const encoding = formEncodingOf(request)
  if (encoding instanceof FormBodyError) throw encoding
  // A declared size over the cap is refused before a byte is read.
  if (Number(request.headers.get('Content-Length')) > limits.maxTotalBytes) throw new FormBodyError('too-large')
  return encoding === 'urlencoded' ? readUrlEncoded(request, limits) : readMultipart(request, limits, onFile)
}

async function readUrlEncoded(request: Request, limits: UploadLimits): Promise<FormData> {
  const text = decodeUtf8(await readBody(request, limits.maxTotalBytes))
  const pairs = text === null ? null : parseUrlEncoded(text)
  if (pairs === null) throw new FormBodyError('not-utf8')
  if (pairs.length > MAX_FORM_PARTS) throw new FormBodyError('too-large')
  const fields = new FormData()
  for (const [name, value] of pairs) fields.append(removeControlCharacters(name), removeControlCharacters(value))
  return fields
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.length
      if (size > maxBytes) throw new FormBodyError('too-large')
      chunks.push(read.value)
    }
  } finally {
    reader.releaseLock()
  }
  return Buffer.concat(chunks)
}

async function readMultipart(
  request: Request,
  limits: UploadLimits,
  onFile: (part: MultipartPart) => Promise<void>,
): Promise<FormData> {
  const fields = new FormData()
  let fileCount = 0
  const parts = parseMultipartRequest(request, {
    maxFileSize: limits.maxFileBytes,
    maxTotalSize: limits.maxTotalBytes,
    maxParts: MAX_FORM_PARTS,
  })[Symbol.asyncIterator]()
  try {
    for (;;) {
      // Only the parser's own failures say something about the body; onFile's are ours.
      const next = await parts.next().catch((error: unknown) => {
        throw refusalFor(error, limits)
      })
      if (next.done) return fields
      const part = next.value
      const name = part.name
      if (!name) continue
      if (part.isFile) {
        // An empty file input still sends a part, with no file name and no bytes.
        if (part.size === 0 && !part.filename) continue
        if (++fileCount > limits.maxFiles) throw new FormBodyError('too-many-files')
        await onFile(part)
        continue
      }
      const text = decodeUtf8(part.bytes)
      if (text === null) throw new FormBodyError('not-utf8')
      fields.append(removeControlCharacters(name), removeControlCharacters(text))
    }
  } finally {
    await parts.return?.()
  }
}

function refusalFor(error: unknown, limits: UploadLimits): FormBodyError {
  if (error instanceof MaxFileSizeExceededError) return new FormBodyError(limits.maxFiles > 0 ? 'file-too-large' : 'too-large')
  if (
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError
  ) {
    return new FormBodyError('too-large')
  }
  // Anything else the parser trips on (no closing boundary, a cut-off body) is a broken form.
  return new FormBodyError('malformed')
}

/** The sentence shown for a refusal, in the words of the form's `limits`. */
export function describeRefusal(error: FormBodyError, limits: UploadLimits): string {
  switch (error.refusal) {
    case 'not-a-form':
      return 'This address takes web forms only (application/x-www-form-urlencoded or multipart/form-data).'
    case 'malformed':
      return 'The form arrived incomplete or malformed. Please try again.'
    case 'not-utf8':
      return 'The form contains text that is not valid UTF-8.'
    case 'too-many-files':
      if (limits.maxFiles === 0) return 'This form takes no files.'
      return limits.maxFiles === 1 ? `Upload one ${limits.noun} at a time.` : `Upload at most ${limits.maxFiles} ${limits.noun}s at a time.`
    case 'file-too-large':
      return `${limits.maxFiles > 1 ? 'Each' : 'The'} ${limits.noun} must be ${formatMegabytes(limits.maxFileBytes)} or smaller.`
    case 'too-large':
      return limits.maxFiles > 0 ? `Upload at most ${formatMegabytes(limits.maxTotalBytes)} at a time.` : 'The form is too large.'
  }
}

/**
 * The form of an action without files. A refused body is thrown as the status it deserves,
 * with its sentence for the error screen; any method but POST is a 405 (the request boundary
 * in entry.server.tsx answers that before the action, this covers `react-router dev`).
 */
export async function readForm(request: Request, limits: UploadLimits = TEXT_FORM_LIMITS): Promise<FormData> {
  if (request.method !== 'POST') {
    throw data('Method not allowed.', { status: 405, headers: { Allow: ALLOWED_ACTION_METHODS } })
  }
  try {
    return await parseFormBody(request, limits)
  } catch (error) {
    if (error instanceof FormBodyError) throw data(describeRefusal(error, limits), { status: error.status })
    throw error
  }
}
