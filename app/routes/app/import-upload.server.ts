import { readFile } from 'node:fs/promises'
import { data, redirect } from 'react-router'
import { isFieldRejection, readUploadForm, type UploadForm } from '#app/http/upload-form.server.ts'
import { MB, type UploadLimits } from '#app/modules/media/limits.ts'
import { createImport } from '#app/modules/formats/imports.server.ts'
import type { ImportKind } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** One file of at most 5 MB (a bigger one is a 413 before it is read to the end). */
export const IMPORT_UPLOAD_LIMITS: UploadLimits = {
  field: 'file',
  noun: 'file',
  maxFiles: 1,
  maxFileBytes: 5 * MB,
  maxTotalBytes: 5 * MB + 64 * 1024,
}

/**
 * POST of an import form: reads the file, checks it (the module keeps the result) and sends
 * the broker to the preview; a refused file comes back to the form with its message and status.
 */
export async function handleImportUpload(request: Request, scope: Scope, kind: ImportKind) {
  let form: UploadForm | undefined
  try {
    form = await readUploadForm(request, IMPORT_UPLOAD_LIMITS)
    const file = form.files[0]
    if (!file || file.size === 0) return data({ field: 'file', message: 'Choose a file to import.' }, { status: 400 })
    const outcome = await createImport(scope, kind, file.name, new Uint8Array(await readFile(file.path)))
    if ('status' in outcome) return data({ field: 'file', message: outcome.message }, { status: outcome.status })
    return redirect(`/imports/${outcome.id}`)
  } catch (error) {
    if (!isFieldRejection(error)) throw error
    return data({ field: 'file', message: error.data.message }, { status: error.init?.status ?? 400 })
  } finally {
    await form?.dispose()
  }
}
