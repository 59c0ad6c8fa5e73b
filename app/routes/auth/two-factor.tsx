import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { clientAddressContext } from '#app/lib/client-address.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { getAuth, startSession } from '#app/http/session.server.ts'
import { clearChallengeCookie, readChallengeToken } from '#app/http/sign-in-challenge.server.ts'
import { accountRateLimitKeys, consumeRateLimits, describeRetryAfter, refundRateLimit, resetRateLimit } from '#app/modules/security/rate-limit.server.ts'
import { endChallenge, findChallenge, recordChallengeFailure } from '#app/modules/two-factor/challenges.server.ts'
import { TwoFactorSignInSchema } from '#app/modules/two-factor/schemas.ts'
import { verifySecondFactor, WRONG_CODE_MESSAGE } from '#app/modules/two-factor/two-factor.server.ts'
import { ErrorList, Field, RequiredNote, SubmitButton, useFocusFirstInvalid } from '#app/ui/form.tsx'
import { AuthFrame } from '#app/ui/auth-frame.tsx'
import { finishSignIn } from './auth.server.ts'
import type { Route } from './+types/two-factor'

export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.'
export const TOO_MANY_WRONG_CODES_MESSAGE = 'Too many wrong codes. Please sign in again.'

export const meta: Route.MetaFunction = () => [{ title: 'Two-factor authentication · BrokerVault' }]

// Passes the action's Retry-After on to the 429 response; the half-signed-in page is never cached.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders)
  headers.set('Cache-Control', 'private, no-store')
  return headers
}

type Context = Route.LoaderArgs['context']

/** The live challenge behind this browser's cookie; without one, back to the password. */
async function requireChallenge(request: Request, context: Context) {
  if (getAuth(context)) throw redirect('/home')
  const token = await readChallengeToken(request)
  const challenge = token ? await findChallenge(token) : null
  if (!token || !challenge) throw await restart(context, SIGN_IN_EXPIRED_MESSAGE)
  return { token, userId: challenge.userId }
}

async function restart(context: Context, message: string) {
  setFlash(context, { kind: 'info', message })
  return redirect('/auth', { headers: { 'Set-Cookie': await clearChallengeCookie() } })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireChallenge(request, context)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  // The body first: a broken one is a 400 whatever the cookie says (the request boundary's rule).
  const form = await readForm(request)
  const { token, userId } = await requireChallenge(request, context)
  const submission = parseWithZod(form, { schema: TwoFactorSignInSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['code'] }) }, { status: 400 })

  // Limited like the password, per address and per account, on top of the challenge's own
  // few tries: a new password step does not buy new guesses for the account.
  const env = getEnv()
  const ipKey = `two-factor:ip:${context.get(clientAddressContext)}`
  const accountKey = accountRateLimitKeys.twoFactor(userId)
  const limit = await consumeRateLimits(
    [
      { key: ipKey, limit: env.RATE_LIMIT_SIGNIN_PER_IP },
      { key: accountKey, limit: env.RATE_LIMIT_SIGNIN_PER_ACCOUNT },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  )
  if (!limit.allowed) {
    const message = `Too many attempts. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.`
    return data(
      { result: submission.reply({ hideFields: ['code'], formErrors: [message] }) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  }

  if (!(await verifySecondFactor(userId, submission.value.code))) {
    const { ended } = await recordChallengeFailure(token)
    if (ended) throw await restart(context, TOO_MANY_WRONG_CODES_MESSAGE)
    return data({ result: submission.reply({ hideFields: ['code'], fieldErrors: { code: [WRONG_CODE_MESSAGE] } }) }, { status: 400 })
  }
  // Spending the challenge is the lock: of two submits racing with one challenge, one signs in.
  if (!(await endChallenge(token))) throw await restart(context, SIGN_IN_EXPIRED_MESSAGE)
  await Promise.all([refundRateLimit(ipKey), resetRateLimit(accountKey)])
  await startSession(context, userId, request)
  finishSignIn(context, { 'Set-Cookie': await clearChallengeCookie() })
}

export default function TwoFactorPage({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(TwoFactorSignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorSignInSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  useFocusFirstInvalid(form.id, actionData?.result)
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold">Two-factor authentication</h1>
      <p className="text-sm text-muted">
        Enter the 6-digit code from your authenticator app. If you do not have your phone, enter one of your recovery
        codes instead.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <RequiredNote />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Authentication code"
          errors={fields.code.errors}
          errorId={fields.code.errorId}
          inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false, autoFocus: true }}
        />
        <SubmitButton className="w-full" pendingText="Checking...">
          Verify
        </SubmitButton>
      </Form>
      <p className="text-center text-sm">
        <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthFrame>
  )
}
