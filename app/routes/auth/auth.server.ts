import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { clientAddressContext } from '#app/lib/client-address.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { afterSignIn } from '#app/modules/navigation/nav-state.ts'
import { getNavState, updateNavState } from '#app/http/nav-state.server.ts'
import { accountRateLimitKeys, consumeRateLimits, describeRetryAfter, refundRateLimit, resetRateLimit } from '#app/modules/security/rate-limit.server.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { rethrowIfDatabaseOutage } from '#app/http/database-outage.server.ts'
import { startSession } from '#app/http/session.server.ts'
import { setChallengeCookie } from '#app/http/sign-in-challenge.server.ts'
import { createChallenge } from '#app/modules/two-factor/challenges.server.ts'
import { isTwoFactorEnabled } from '#app/modules/two-factor/two-factor.server.ts'
import { signUp } from '#app/modules/auth/accounts.server.ts'
import { authenticator, INVALID_CREDENTIALS_MESSAGE, InvalidCredentialsError } from '#app/modules/auth/authenticator.server.ts'
import { SignInSchema, SignUpSchema } from '#app/modules/auth/schemas.ts'
import { logger } from '#app/lib/logger.server.ts'

export const SIGN_UP_SUCCESS_MESSAGE = 'Account created successfully! Sign in to continue.'
export const SIGN_IN_SUCCESS_MESSAGE = 'Logged in successfully!'
const HIDDEN = { hideFields: ['password'] }

type Context = Readonly<RouterContextProvider>

/** Every form that posts to /auth: sign in, sign up and "Reset Navigation State". */
const AuthActionSchema = z.discriminatedUnion('intent', [
  SignInSchema,
  SignUpSchema,
  z.object({ intent: z.literal('reset-nav') }),
])

/** The /auth form parsed once; an unknown intent is a 400. */
export function parseAuthForm(form: FormData) {
  return parseIntentSubmission(form, AuthActionSchema)
}
type AuthSubmission = ReturnType<typeof parseAuthForm>

export async function handleSignIn(request: Request, form: FormData, submission: AuthSubmission, context: Context) {
  if (submission.status !== 'success' || submission.value.intent !== 'signin') {
    return data({ result: submission.reply(HIDDEN) }, { status: 400 })
  }
  if (form.get('website')) {
    return data({ result: submission.reply({ ...HIDDEN, formErrors: [INVALID_CREDENTIALS_MESSAGE] }) }, { status: 400 })
  }

  // Failed attempts are limited per address and per account. Every attempt is counted before
  // the password is checked, so parallel guesses cannot slip past the limit; a successful one
  // is then given back to the address and clears the account's failures, so a broker who
  // signs in on several devices never locks themselves out.
  const env = getEnv()
  const ipKey = `signin:ip:${context.get(clientAddressContext)}`
  const accountKey = accountRateLimitKeys.signIn(submission.value.email)
  const limit = await consumeRateLimits(
    [
      { key: ipKey, limit: env.RATE_LIMIT_SIGNIN_PER_IP },
      { key: accountKey, limit: env.RATE_LIMIT_SIGNIN_PER_ACCOUNT },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  )
  if (!limit.allowed) {
    const message = `Too many sign-in attempts. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.`
    return data(
      { result: submission.reply({ ...HIDDEN, formErrors: [message] }) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  }

  let secondStep: string | null = null
  try {
    // remix-auth's form strategy reads a body itself: hand it the cleaned form, not the raw body.
    const cleaned = new Request(request.url, { method: 'POST', body: form })
    const userId = await authenticator.authenticate('email-password', cleaned)
    await Promise.all([refundRateLimit(ipKey), resetRateLimit(accountKey)])
    // With two-factor on, the right password gives no session yet, only the second step.
    if (await isTwoFactorEnabled(userId)) secondStep = await createChallenge(userId)
    else await startSession(context, userId, request)
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      return data({ result: submission.reply({ ...HIDDEN, formErrors: [INVALID_CREDENTIALS_MESSAGE] }) }, { status: 400 })
    }
    rethrowIfDatabaseOutage(error, request)
    // The seed's fallback when the failure has no message for the user.
    logger.error({ err: error }, 'Sign-in failed')
    return data({ result: submission.reply({ ...HIDDEN, formErrors: ['Error during sign in'] }) }, { status: 503 })
  }

  if (secondStep) throw redirect(TWO_FACTOR_PATH, { headers: { 'Set-Cookie': await setChallengeCookie(secondStep) } })
  finishSignIn(context)
}

export const TWO_FACTOR_PATH = '/auth/two-factor'

/**
 * The session has started (after the password, or after the second factor): the saved path,
 * the navigation state and the toast are the same either way.
 */
export function finishSignIn(context: Context, headers?: HeadersInit): never {
  const saved = getNavState(context).authRedirectPath
  updateNavState(context, (state) => afterSignIn(state, Date.now()))
  setFlash(context, { kind: 'success', message: SIGN_IN_SUCCESS_MESSAGE })
  throw redirect(postSignInPath(saved), { headers })
}

/** The saved path when it is a same-site page outside the auth screens; else /home. */
export function postSignInPath(saved: string | null) {
  const target = safeRedirectPath(saved, '/home')
  const path = target.split(/[?#]/)[0] ?? ''
  if (['/auth', TWO_FACTOR_PATH, '/auth-recovery', '/clear-navigation', '/logout'].includes(path)) return '/home'
  return target
}

export async function handleSignUp(form: FormData, submission: AuthSubmission, context: Context) {
  if (submission.status !== 'success' || submission.value.intent !== 'signup') {
    return data({ result: submission.reply(HIDDEN) }, { status: 400 })
  }
  if (form.get('website')) {
    return data({ result: submission.reply({ ...HIDDEN, formErrors: ['Error during sign up'] }) }, { status: 400 })
  }

  const env = getEnv()
  const ip = context.get(clientAddressContext)
  const limit = await consumeRateLimits(
    [{ key: `signup:ip:${ip}`, limit: env.RATE_LIMIT_SIGNUP_PER_IP }],
    env.RATE_LIMIT_WINDOW_SECONDS,
  )
  if (!limit.allowed) {
    const message = `Too many sign-up attempts from your network. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.`
    return data(
      { result: submission.reply({ ...HIDDEN, formErrors: [message] }) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  }

  const created = await signUp(submission.value).catch((error: unknown) => {
    rethrowIfDatabaseOutage(error, { method: 'POST' })
    logger.error({ err: error }, 'Sign-up failed')
    return null
  })
  if (!created) {
    return data({ result: submission.reply({ ...HIDDEN, formErrors: ['Error during sign up'] }) }, { status: 503 })
  }
  if (!created.ok) {
    return data(
      { result: submission.reply({ ...HIDDEN, fieldErrors: { [created.field]: created.errors } }) },
      { status: 400 },
    )
  }
  setFlash(context, { kind: 'success', message: SIGN_UP_SUCCESS_MESSAGE })
  throw redirect('/auth')
}
