import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { data } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { cleanFileName, formatMegabytes, type UploadedFile, type UploadLimits } from '#app/modules/media/limits.ts'

/** Something the broker sent that we refuse, with the message shown next to its field. */
export type FieldRejection = { field: string; message: string }
type FieldRejectionResponse = ReturnType<typeof data<FieldRejection>>

// Kept so the route can tell a field rejection from the other responses thrown at it (404s).
const fieldRejections = new WeakSet<object>()

function fieldRejection(field: string, message: string, status: 400 | 413): FieldRejectionResponse {
  const response = data<FieldRejection>({ field, message }, { status })
  fieldRejections.add(response)
  return response
}

/** Refuses the request: 400 for what the content is, 413 for how big it is. */
export function rejectField(field: string, message: string, status: 400 | 413 = 400): never {
  throw fieldRejection(field, message, status)
}

export function isFieldRejection(error: unknown): error is FieldRejectionResponse {
  return typeof error === 'object' && error !== null && fieldRejections.has(error)
}


/** Forms without files: buttons, captions, toggles. */
export const TEXT_FORM_LIMITS: UploadLimits = {
  field: 'form',
  noun: 'file',
  maxFiles: 0,
  maxFileBytes: 64 * 1024,
  maxTotalBytes: 256 * 1024,
}


export type UploadForm = {
  /** The text fields. */
  fields: FormData
  files: UploadedFile[]
  /** Removes the spooled files: call it when done, whatever happened. */
  dispose(): Promise<void>
}

/**
 * Reads a form post as it streams in, within `limits`. Each file goes to a temporary file as
 * soon as it is complete, so memory holds only the file being received (≤ maxFileBytes) and
 * the disk at most maxTotalBytes. Over a limit: a 413 field rejection, nothing kept.
 */
export async function readUploadForm(request: Request, limits: UploadLimits): Promise<UploadForm> {
  // A declared size over the cap is refused before a byte is read.
  if (Number(request.headers.get('Content-Length')) > limits.maxTotalBytes) {
    rejectField(limits.field, totalSizeMessage(limits), 413)
  }
  const files: UploadedFile[] = []
  let spoolDir: string | undefined
  const dispose = async () => {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true })
  }
  try {
    const fields = await parseFormData(
      request,
      {
        maxFiles: limits.maxFiles,
        maxFileSize: limits.maxFileBytes,
        maxTotalSize: limits.maxTotalBytes,
        maxParts: limits.maxFiles + 50,
      },
      async (upload) => {
        // An empty file input still sends a part, with no name and no bytes.
        if (upload.fieldName !== limits.field || (upload.size === 0 && !upload.name)) return null
        spoolDir ??= await mkdtemp(path.join(await uploadSpoolRoot(), 'upload-'))
        const filePath = path.join(spoolDir, String(files.length))
        await writeFile(filePath, new Uint8Array(await upload.arrayBuffer()))
        files.push({ path: filePath, name: cleanFileName(upload.name), size: upload.size })
        return null
      },
    )
    return { fields, files, dispose }
  } catch (error) {
    await dispose()
    throw rejectionFor(error, limits)
  }
}

async function uploadSpoolRoot() {
  const root = path.resolve(getEnv().DATA_DIR, 'tmp', 'uploads')
  await mkdir(root, { recursive: true })
  return root
}

function rejectionFor(error: unknown, limits: UploadLimits): unknown {
  const tooLarge = (message: string) => fieldRejection(limits.field, message, 413)
  const takesFiles = limits.maxFiles > 0
  if (error instanceof MaxFilesExceededError) {
    if (!takesFiles) return tooLarge('This form takes no files.')
    return tooLarge(
      limits.maxFiles === 1 ? `Upload one ${limits.noun} at a time.` : `Upload at most ${limits.maxFiles} ${limits.noun}s at a time.`,
    )
  }
  if (error instanceof MaxFileSizeExceededError && takesFiles) {
    const which = limits.maxFiles > 1 ? 'Each' : 'The'
    return tooLarge(`${which} ${limits.noun} must be ${formatMegabytes(limits.maxFileBytes)} or smaller.`)
  }
  if (
    error instanceof MaxFileSizeExceededError ||
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError
  ) {
    return tooLarge(totalSizeMessage(limits))
  }
  if (error instanceof MultipartParseError || error instanceof FormDataParseError) {
    return fieldRejection(limits.field, 'The form arrived incomplete or malformed. Please try again.', 400)
  }
  return error
}

function totalSizeMessage(limits: UploadLimits) {
  return limits.maxFiles > 0 ? `Upload at most ${formatMegabytes(limits.maxTotalBytes)} at a time.` : 'The form is too large.'
}
