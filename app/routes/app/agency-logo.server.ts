import { data, redirect, type RouterContextProvider } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { isFieldRejection, readUploadForm, type UploadForm } from '#app/http/upload-form.server.ts'
import { canManageMembers } from '#app/modules/agencies/members.server.ts'
import { LOGO_UPLOAD_LIMITS, removeLogo, setLogo } from '#app/modules/media/logos.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

type Context = Readonly<RouterContextProvider>

const forbidden = () => new Response('Forbidden', { status: 403 })

/**
 * POST /agency?upload=logo: an agent is refused before the body is read; the one file is read
 * within the logo limits, and a refused image answers 400 (what it is) or 413 (how big) with the
 * message for the field. As the avatar's upload (routes/app/profile/account.server.ts).
 */
export async function handleLogoUpload(request: Request, context: Context, scope: Scope, backTo: string) {
  if (!canManageMembers(scope)) throw forbidden()
  let form: UploadForm | undefined
  try {
    form = await readUploadForm(request, LOGO_UPLOAD_LIMITS)
    if (form.fields.get('intent') !== 'upload-logo') throw data('Unknown action.', { status: 400 })
    const outcome = await setLogo(scope, form.files)
    if (outcome === null) throw forbidden()
    if (!outcome.ok) return data({ intent: 'upload-logo', logoError: outcome.problem.message }, { status: outcome.problem.tooLarge ? 413 : 400 })
    setFlash(context, { kind: 'success', message: 'Logo saved.' })
  } catch (error) {
    if (!isFieldRejection(error)) throw error
    return data({ intent: 'upload-logo', logoError: error.data.message }, { status: error.init?.status })
  } finally {
    await form?.dispose()
  }
  throw redirect(backTo)
}

/** The remove-logo intent: no logo any more (client pages show the name alone). */
export async function handleLogoRemoval(context: Context, scope: Scope, backTo: string) {
  const removed = await removeLogo(scope)
  if (removed === null) throw forbidden()
  setFlash(context, { kind: 'success', message: 'Logo removed.' })
  throw redirect(backTo)
}
