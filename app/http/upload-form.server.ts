import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { data } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { cleanFileName, type UploadedFile, type UploadLimits } from '#app/modules/media/limits.ts'
import { describeRefusal, FormBodyError, parseFormBody } from './form-body.server.ts'

/** Something the broker sent that we refuse, with the message shown next to its field. */
export type FieldRejection = { field: string; message: string }
type FieldRejectionResponse = ReturnType<typeof data<FieldRejection>>
type RejectionStatus = 400 | 413 | 415

// Kept so the route can tell a field rejection from the other responses thrown at it (404s).
const fieldRejections = new WeakSet<object>()

function fieldRejection(field: string, message: string, status: RejectionStatus): FieldRejectionResponse {
  const response = data<FieldRejection>({ field, message }, { status })
  fieldRejections.add(response)
  return response
}

/** Refuses the request: 400 for what the content is, 413 for how big it is. */
export function rejectField(field: string, message: string, status: RejectionStatus = 400): never {
  throw fieldRejection(field, message, status)
}

export function isFieldRejection(error: unknown): error is FieldRejectionResponse {
  return typeof error === 'object' && error !== null && fieldRejections.has(error)
}

export type UploadForm = {
  /** The text fields, cleaned like every form's (form-body.server.ts). */
  fields: FormData
  files: UploadedFile[]
  /** Removes the spooled files: call it when done, whatever happened. */
  dispose(): Promise<void>
}

/**
 * Reads a form post with files through the one form parser, within `limits`. Each file goes
 * to a temporary file as soon as it is complete, so memory holds only the file being received
 * (≤ maxFileBytes) and the disk at most maxTotalBytes. A refused body (too large, malformed,
 * not a form) is a field rejection on the upload field, nothing kept.
 */
export async function readUploadForm(request: Request, limits: UploadLimits): Promise<UploadForm> {
  const files: UploadedFile[] = []
  let spoolDir: string | undefined
  const dispose = async () => {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true })
  }
  try {
    const fields = await parseFormBody(request, limits, async (part) => {
      // Files under any other name are dropped.
      if (part.name !== limits.field) return
      spoolDir ??= await mkdtemp(path.join(await uploadSpoolRoot(), 'upload-'))
      const filePath = path.join(spoolDir, String(files.length))
      await writeFile(filePath, part.bytes)
      files.push({ path: filePath, name: cleanFileName(part.filename ?? ''), size: part.size })
    })
    return { fields, files, dispose }
  } catch (error) {
    await dispose()
    if (error instanceof FormBodyError) throw fieldRejection(limits.field, describeRefusal(error, limits), error.status)
    throw error
  }
}

async function uploadSpoolRoot() {
  const root = path.resolve(getEnv().DATA_DIR, 'tmp', 'uploads')
  await mkdir(root, { recursive: true })
  return root
}
