import { data, redirect, type RouterContextProvider } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { updateNavState } from '#app/http/nav-state.server.ts'
import { forgetSession } from '#app/http/session.server.ts'
import { isFieldRejection, readUploadForm, type UploadForm } from '#app/http/upload-form.server.ts'
import { deleteAccount } from '#app/modules/auth/delete-account.server.ts'
import { agenciesOwnedWithColleagues, deleteOwnedAgencies, handOverToOwners } from '#app/modules/agencies/members.server.ts'
import { getBillingProvider } from '#app/modules/billing/provider.server.ts'
import { getBillingDetails } from '#app/modules/billing/subscription.server.ts'
import { AVATAR_UPLOAD_LIMITS, setAvatar } from '#app/modules/media/avatars.server.ts'
import { sweepAccountFilesOrQueue } from '#app/modules/media/sweep.server.ts'
import { listAllPropertyIds } from '#app/modules/properties/access.server.ts'
import { accountRateLimitKeys, consumeRateLimit, deleteRateLimits, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { deleteAllSessions, type AuthState } from '#app/modules/session/sessions.server.ts'
import { feedbackRateLimitKeysOf } from '#app/modules/sharing/feedback.server.ts'
import { forgetNoticesOf } from '#app/modules/notices/feedback-notices.server.ts'

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.'

type Context = Readonly<RouterContextProvider>

/**
 * POST /profile/account?upload=avatar: the one file is read within the avatar limits before anything
 * else; a refused image answers 400 (what it is) or 413 (how big) with the message for the field.
 */
export async function handleAvatarUpload(request: Request, context: Context, auth: AuthState, backTo: string) {
  let form: UploadForm | undefined
  try {
    form = await readUploadForm(request, AVATAR_UPLOAD_LIMITS)
    if (form.fields.get('intent') !== 'upload-avatar') throw data('Unknown action.', { status: 400 })
    const outcome = await setAvatar(auth.user.id, form.files)
    if (outcome === null) throw data('Not found', { status: 404 })
    if (!outcome.ok) {
      return data({ avatarError: outcome.problem.message }, { status: outcome.problem.tooLarge ? 413 : 400 })
    }
    setFlash(context, { kind: 'success', message: 'Avatar saved.' })
  } catch (error) {
    if (!isFieldRejection(error)) throw error
    return data({ avatarError: error.data.message }, { status: error.init?.status })
  } finally {
    await form?.dispose()
  }
  throw redirect(backTo)
}

/**
 * Deletes the account: password checked (limited like a password change), then one
 * transaction collects what the file sweep needs, ends every session and deletes every row
 * (deleteAccount). The files go after the commit; a sweep that fails becomes a background job
 * that retries it. The broker lands on / signed out.
 */
export async function handleDeleteAccount(context: Context, auth: AuthState, password: string) {
  const env = getEnv()
  const limit = await consumeRateLimit(accountRateLimitKeys.passwordCheck(auth.user.id), env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, env.RATE_LIMIT_WINDOW_SECONDS)
  if (!limit.allowed) {
    return { ok: false as const, status: 429, field: null, message: `Too many attempts. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.` }
  }
  const userId = auth.user.id
  const owned = await agenciesOwnedWithColleagues(userId)
  if (owned.length) {
    const names = owned.map((agency) => agency.name || 'your agency').join(', ')
    return { ok: false as const, status: 409, field: null, message: `Transfer the ownership of ${names} to a colleague before deleting your account.` }
  }
  const deleted = await deleteAccount(auth.user, password, async (tx) => {
    // Their records in agencies of others stay there; what is left is theirs alone, files too.
    await handOverToOwners(tx, userId)
    const propertyIds = await listAllPropertyIds(userId, tx)
    await deleteRateLimits(tx, await feedbackRateLimitKeysOf(userId, tx))
    await forgetNoticesOf(userId, tx)
    await deleteAllSessions(userId, tx)
    const billing = await getBillingDetails(userId, tx)
    // Last: the rows above are found through the agency's shares and properties.
    const agencyIds = await deleteOwnedAgencies(tx, userId)
    return { userId, propertyIds, agencyIds, billing }
  })
  if (!deleted.ok) return { ok: false as const, status: 400, field: deleted.field, message: deleted.errors.join(' ') }

  forgetSession(context)
  if (deleted.collected) await sweepAccountFilesOrQueue({ userId: deleted.collected.userId, propertyIds: deleted.collected.propertyIds, agencyIds: deleted.collected.agencyIds })
  // After the commit: a paid Stripe subscription must not outlive the account it paid for.
  if (deleted.collected?.billing) await getBillingProvider().endSubscription(deleted.collected.billing)
  updateNavState(context, (s) => ({ ...s, authRedirectPath: null, redirectAfterUpgrade: null, trialExpired: false }))
  setFlash(context, { kind: 'success', message: ACCOUNT_DELETED_MESSAGE })
  throw redirect('/')
}
