import { data, redirect, type RouterContextProvider } from 'react-router'
import type { SubmissionResult } from '@conform-to/react'
import { getEnv } from '#app/lib/env.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { endAllSessions } from '#app/http/session.server.ts'
import { accountRateLimitKeys, consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import type { AuthState } from '#app/modules/session/sessions.server.ts'
import { endAllChallenges } from '#app/modules/two-factor/challenges.server.ts'
import {
  cancelTwoFactorSetup,
  checkPasswordOrCode,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_OR_CODE_MESSAGE,
} from '#app/modules/two-factor/two-factor.server.ts'

type Context = Readonly<RouterContextProvider>
/** Back to the card, in the Security section. */
const TWO_FACTOR_CARD = '/profile/security#two-factor'
type Reply = (options?: { hideFields?: string[]; formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>

/** Which key of the action's data each two-factor form reads its errors from. */
export const TWO_FACTOR_RESULT_KEYS = {
  'two-factor-confirm': 'confirmResult',
  'two-factor-disable': 'disableResult',
  'two-factor-regenerate': 'regenerateResult',
  'sign-out-everywhere': 'signOutResult',
} as const
export type ProtectedIntent = 'two-factor-disable' | 'two-factor-regenerate' | 'sign-out-everywhere'

type ResultKey = (typeof TWO_FACTOR_RESULT_KEYS)[keyof typeof TWO_FACTOR_RESULT_KEYS]
const HIDE = { hideFields: ['passwordOrCode', 'code'] }
const answer = (intent: keyof typeof TWO_FACTOR_RESULT_KEYS, result: SubmissionResult<string[]>, status: number) => {
  const body: Partial<Record<ResultKey, SubmissionResult<string[]>>> = { [TWO_FACTOR_RESULT_KEYS[intent]]: result }
  return data(body, { status })
}

/** A failed parse of one of these forms: its errors go to that form only. */
export function replyToInvalidForm(intent: keyof typeof TWO_FACTOR_RESULT_KEYS, reply: Reply) {
  return answer(intent, reply(HIDE), 400)
}

export async function handleStartSetup(context: Context, auth: AuthState): Promise<never> {
  const started = await startTwoFactorSetup(auth.user.id)
  setFlash(context, started.ok
    ? { kind: 'info', message: 'Scan the QR code with your authenticator app, then enter a code from it.' }
    : { kind: 'info', message: 'Two-factor authentication is already on.' })
  throw redirect(TWO_FACTOR_CARD)
}

/** Drops a setup that was started but not confirmed; an authenticator in use stays. */
export async function handleCancelSetup(context: Context, auth: AuthState): Promise<never> {
  await cancelTwoFactorSetup(auth.user.id)
  setFlash(context, { kind: 'info', message: 'Two-factor setup cancelled.' })
  throw redirect(TWO_FACTOR_CARD)
}

export async function handleConfirmSetup(context: Context, auth: AuthState, code: string, reply: Reply) {
  const confirmed = await confirmTwoFactorSetup(auth.user.id, code)
  if (!confirmed.ok) {
    const result = confirmed.reason === 'wrong_code'
      ? reply({ ...HIDE, fieldErrors: { code: [WRONG_CODE_MESSAGE] } })
      : reply({ ...HIDE, formErrors: ['Start the setup again: there is no setup waiting for a code.'] })
    return answer('two-factor-confirm', result, 400)
  }
  setFlash(context, { kind: 'success', message: 'Two-factor authentication is on. Save your recovery codes now.' })
  throw redirect(TWO_FACTOR_CARD)
}

/**
 * Turning two-factor off, new recovery codes and "Sign out everywhere" ask for the password or
 * a current code again: a session left open on a shared computer cannot do them. The check is
 * limited like a password change; a wrong answer changes nothing.
 */
export async function handleProtectedAction(context: Context, auth: AuthState, intent: ProtectedIntent, passwordOrCode: string, reply: Reply) {
  const env = getEnv()
  const limit = await consumeRateLimit(accountRateLimitKeys.passwordCheck(auth.user.id), env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, env.RATE_LIMIT_WINDOW_SECONDS)
  if (!limit.allowed) {
    const message = `Too many attempts. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.`
    return answer(intent, reply({ ...HIDE, formErrors: [message] }), 429)
  }
  if (!(await checkPasswordOrCode(auth.user.id, passwordOrCode))) {
    return answer(intent, reply({ ...HIDE, fieldErrors: { passwordOrCode: [WRONG_PASSWORD_OR_CODE_MESSAGE] } }), 400)
  }
  switch (intent) {
    case 'two-factor-disable':
      await disableTwoFactor(auth.user.id)
      setFlash(context, { kind: 'success', message: 'Two-factor authentication is off.' })
      throw redirect(TWO_FACTOR_CARD)
    case 'two-factor-regenerate': {
      const regenerated = await regenerateRecoveryCodes(auth.user.id)
      if (!regenerated.ok) return answer(intent, reply({ ...HIDE, formErrors: ['Two-factor authentication is off.'] }), 400)
      setFlash(context, { kind: 'success', message: 'New recovery codes made. The old ones no longer work.' })
      throw redirect(TWO_FACTOR_CARD)
    }
    case 'sign-out-everywhere':
      await endAllChallenges(auth.user.id)
      await endAllSessions(context, auth)
      setFlash(context, { kind: 'success', message: 'Signed out on every device.' })
      throw redirect('/auth')
  }
}
