import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { data, Form, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { plural } from '#app/lib/format.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { changePassword } from '#app/modules/auth/change-password.server.ts'
import { ChangePasswordSchema } from '#app/modules/auth/schemas.ts'
import { profileSectionPath } from '#app/modules/navigation/profile-sections.ts'
import { accountRateLimitKeys, consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { endOtherSessions, listDeviceSessions, type AuthState } from '#app/modules/session/sessions.server.ts'
import { getTwoFactorStatus, takeRecoveryCodesToShow } from '#app/modules/two-factor/two-factor.server.ts'
import { PasswordOrCodeSchema, TwoFactorConfirmSchema } from '#app/modules/two-factor/schemas.ts'
import { Button } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { PasswordForm } from '#app/ui/password-form.tsx'
import { PasswordOrCodeForm, TwoFactorCard } from '#app/ui/two-factor-card.tsx'
import {
  handleCancelSetup,
  handleConfirmSetup,
  handleProtectedAction,
  handleStartSetup,
  replyToInvalidForm,
  TWO_FACTOR_RESULT_KEYS,
} from './two-factor.server.ts'
import { When } from '#app/ui/broker-formats.tsx'
import type { Route } from './+types/security'

export const meta: Route.MetaFunction = () => [{ title: 'Security · Profile · BrokerVault' }]

const HERE = profileSectionPath('security')

export async function loader({ context }: Route.LoaderArgs) {
  const { user, session } = requireAuth(context)
  const [devices, twoFactor, recoveryCodes] = await Promise.all([
    listDeviceSessions(user.id),
    getTwoFactorStatus(user),
    // Shown once, on the page right after they were made.
    takeRecoveryCodesToShow(user.id),
  ])
  return {
    twoFactor,
    recoveryCodes,
    devices: devices.map((d) => ({
      id: d.id,
      name: d.deviceName,
      userAgent: d.deviceInfo.userAgent,
      signedInAt: d.deviceInfo.timestamp,
      current: d.id === session.id,
    })),
  }
}

/** Every form of the section, parsed once: an unknown intent is a 400. */
const SecurityActionSchema = z.discriminatedUnion('intent', [
  ChangePasswordSchema.safeExtend({ intent: z.literal('change-password') }),
  z.object({ intent: z.literal('sign-out-others') }),
  PasswordOrCodeSchema.extend({ intent: z.literal('sign-out-everywhere') }),
  z.object({ intent: z.literal('two-factor-start') }),
  z.object({ intent: z.literal('two-factor-cancel') }),
  TwoFactorConfirmSchema.extend({ intent: z.literal('two-factor-confirm') }),
  PasswordOrCodeSchema.extend({ intent: z.literal('two-factor-disable') }),
  PasswordOrCodeSchema.extend({ intent: z.literal('two-factor-regenerate') }),
])
type SecuritySubmission = ReturnType<typeof parseIntentSubmission<typeof SecurityActionSchema>>

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  const form = await readForm(request)
  const submission = parseIntentSubmission(form, SecurityActionSchema)
  if (submission.status !== 'success') {
    // The failed branch is the intent that was posted; only its form shows the errors.
    const intent = form.get('intent')
    if (intent === 'change-password') return data({ passwordResult: submission.reply(HIDE_PASSWORDS) }, { status: 400 })
    if (typeof intent === 'string' && intent in TWO_FACTOR_RESULT_KEYS) {
      return replyToInvalidForm(intent as keyof typeof TWO_FACTOR_RESULT_KEYS, (o) => submission.reply(o))
    }
    return data({ result: submission.reply() }, { status: 400 })
  }
  const input = submission.value
  switch (input.intent) {
    case 'change-password':
      return handleChangePassword(input, submission, context, auth)
    case 'sign-out-others': {
      const count = await endOtherSessions(auth)
      setFlash(context, { kind: 'success', message: `Signed out ${count} other ${plural(count, 'device', 'devices')}.` })
      throw redirect(HERE)
    }
    case 'sign-out-everywhere':
    case 'two-factor-disable':
    case 'two-factor-regenerate':
      return handleProtectedAction(context, auth, input.intent, input.passwordOrCode, (o) => submission.reply(o))
    case 'two-factor-start':
      return handleStartSetup(context, auth)
    case 'two-factor-cancel':
      return handleCancelSetup(context, auth)
    case 'two-factor-confirm':
      return handleConfirmSetup(context, auth, input.code, (o) => submission.reply(o))
  }
}

const HIDE_PASSWORDS = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }

async function handleChangePassword(
  input: { currentPassword: string; newPassword: string },
  submission: SecuritySubmission,
  context: Route.ActionArgs['context'],
  auth: AuthState,
) {
  // Guessing the current password from a hijacked session is limited like signing in.
  const env = getEnv()
  const limit = await consumeRateLimit(accountRateLimitKeys.passwordCheck(auth.user.id), env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, env.RATE_LIMIT_WINDOW_SECONDS)
  if (!limit.allowed) {
    const message = `Too many attempts. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.`
    return data({ passwordResult: submission.reply({ ...HIDE_PASSWORDS, formErrors: [message] }) }, { status: 429 })
  }
  // The new hash and the end of every other session commit together.
  const changed = await changePassword(auth.user, input, (tx) => endOtherSessions(auth, tx))
  if (!changed.ok) {
    return data({ passwordResult: submission.reply({ ...HIDE_PASSWORDS, fieldErrors: { [changed.field]: changed.errors } }) }, { status: 400 })
  }
  setFlash(context, { kind: 'success', message: `Password changed. ${changed.signedOutDevices} other ${plural(changed.signedOutDevices, 'device was', 'devices were')} signed out.` })
  throw redirect(HERE)
}

type ResultKey = 'confirmResult' | 'disableResult' | 'regenerateResult' | 'signOutResult'

export default function SecuritySection({ loaderData: d, actionData }: Route.ComponentProps) {
  const resultOf = (key: ResultKey) =>
    actionData && key in actionData ? (actionData as Partial<Record<ResultKey, SubmissionResult<string[]>>>)[key] : undefined
  return (
    <>
      <PageHeader title="Security" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Password">
          <PasswordForm lastResult={actionData && 'passwordResult' in actionData ? actionData.passwordResult : undefined} />
        </Card>
        <TwoFactorCard
          status={d.twoFactor}
          recoveryCodes={d.recoveryCodes}
          results={{ confirm: resultOf('confirmResult'), disable: resultOf('disableResult'), regenerate: resultOf('regenerateResult') }}
        />
        <Card title="Devices">
          <ul className="divide-y divide-line text-sm">
            {d.devices.map((device) => (
              <li key={device.id} className="py-2">
                {/* The raw user-agent stays at hand (hover) for support. */}
                <p title={device.userAgent}>{device.name}</p>
                <p className="text-muted">
                  Signed in <When value={device.signedInAt} className="" />
                  {device.current ? ' · this device' : ''}
                </p>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-3">
            <Button type="submit" name="intent" value="sign-out-others" variant="secondary">
              Sign out other devices
            </Button>
          </Form>
          <PasswordOrCodeForm
            intent="sign-out-everywhere"
            submit="Sign out everywhere"
            variant="danger"
            codeAccepted={d.twoFactor.state === 'on'}
            lastResult={resultOf('signOutResult')}
          />
        </Card>
      </div>
    </>
  )
}
