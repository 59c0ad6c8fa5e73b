import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { data, Form, Link, redirect, useLocation } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { getTheme } from '#app/lib/theme.server.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { getTrialDaysLeft, isTrialExpired, PLAN_NAMES, PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { updateProfile } from '#app/modules/profile/profile.server.ts'
import { ProfileSchema } from '#app/modules/profile/schemas.ts'
import { changePassword } from '#app/modules/auth/change-password.server.ts'
import { ChangePasswordSchema } from '#app/modules/auth/schemas.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { PasswordForm } from '#app/ui/password-form.tsx'
import { endAllSessions, requireAuth } from '#app/http/session.server.ts'
import { endOtherSessions, listDeviceSessions, type AuthState } from '#app/modules/session/sessions.server.ts'
import { LogoutButton, ThemeForm } from '#app/ui/app-nav.tsx'
import { Button, Field, RequiredNote, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/profile'
import { readForm } from '#app/http/form-body.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Profile · BrokerVault' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, subscription, session } = requireAuth(context)
  const now = new Date()
  const plan = subscription?.plan ?? 'free_trial'
  const devices = await listDeviceSessions(user.id)
  return {
    user,
    theme: await getTheme(request),
    plan: {
      name: PLAN_NAMES[plan],
      limit: PLAN_PROPERTY_LIMITS[plan],
      isTrial: plan === 'free_trial',
      trialDaysLeft: getTrialDaysLeft(subscription?.trialEndDate ?? null, now),
      trialEndDate: subscription?.trialEndDate?.toISOString() ?? null,
      expired: isTrialExpired(subscription, now),
    },
    devices: devices.map((d) => ({
      id: d.id,
      userAgent: d.deviceInfo.userAgent,
      signedInAt: d.deviceInfo.timestamp,
      lastSeenAt: d.updatedAt.toISOString(),
      current: d.id === session.id,
    })),
  }
}

/** Every form on /profile, parsed once: an unknown intent is a 400. */
const ProfileActionSchema = z.discriminatedUnion('intent', [
  ProfileSchema.extend({ intent: z.literal('update-profile') }),
  ChangePasswordSchema.safeExtend({ intent: z.literal('change-password') }),
  z.object({ intent: z.literal('sign-out-others') }),
  z.object({ intent: z.literal('sign-out-everywhere') }),
])
type ProfileSubmission = ReturnType<typeof parseIntentSubmission<typeof ProfileActionSchema>>

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  const form = await readForm(request)
  const submission = parseIntentSubmission(form, ProfileActionSchema)
  if (submission.status !== 'success') {
    // The failed branch is the intent that was posted; only its form shows the errors.
    return form.get('intent') === 'change-password'
      ? data({ passwordResult: submission.reply(HIDE_PASSWORDS) }, { status: 400 })
      : data({ result: submission.reply() }, { status: 400 })
  }
  const input = submission.value
  switch (input.intent) {
    case 'update-profile': {
      const { intent: _intent, ...profile } = input
      await updateProfile(auth.user.id, profile)
      setFlash(context, { kind: 'success', message: 'Profile saved.' })
      throw redirect('/profile')
    }
    case 'change-password':
      return handleChangePassword(input, submission, context, auth)
    case 'sign-out-others': {
      const count = await endOtherSessions(auth)
      setFlash(context, { kind: 'success', message: `Signed out ${count} other ${count === 1 ? 'device' : 'devices'}.` })
      throw redirect('/profile')
    }
    case 'sign-out-everywhere': {
      await endAllSessions(context, auth)
      setFlash(context, { kind: 'success', message: 'Signed out on every device.' })
      throw redirect('/auth')
    }
  }
}

const HIDE_PASSWORDS = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }

async function handleChangePassword(
  input: { currentPassword: string; newPassword: string },
  submission: ProfileSubmission,
  context: Route.ActionArgs['context'],
  auth: AuthState,
) {
  // Guessing the current password from a hijacked session is limited like signing in.
  const env = getEnv()
  const limit = await consumeRateLimit(`password-change:${auth.user.id}`, env.RATE_LIMIT_SIGNIN_PER_ACCOUNT, env.RATE_LIMIT_WINDOW_SECONDS)
  if (!limit.allowed) {
    const message = `Too many attempts. Please wait ${describeRetryAfter(limit.retryAfterSeconds)} and try again.`
    return data({ passwordResult: submission.reply({ ...HIDE_PASSWORDS, formErrors: [message] }) }, { status: 429 })
  }
  // The new hash and the end of every other session commit together.
  const changed = await changePassword(auth.user, input, (tx) => endOtherSessions(auth, tx))
  if (!changed.ok) {
    return data({ passwordResult: submission.reply({ ...HIDE_PASSWORDS, fieldErrors: { [changed.field]: changed.errors } }) }, { status: 400 })
  }
  setFlash(context, { kind: 'success', message: `Password changed. ${changed.signedOutDevices} other ${changed.signedOutDevices === 1 ? 'device was' : 'devices were'} signed out.` })
  throw redirect('/profile')
}

export default function ProfilePage({ loaderData: d, actionData }: Route.ComponentProps) {
  const location = useLocation()
  return (
    <>
      <PageHeader title="Profile">
        <LogoutButton />
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Your details">
          <ProfileForm user={d.user} lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
        </Card>
        <Card title="Password">
          <PasswordForm lastResult={actionData && 'passwordResult' in actionData ? actionData.passwordResult : undefined} />
        </Card>
        <div className="space-y-4">
          <Card title="Plan">
            <p>
              <strong>{d.plan.name}</strong> — up to {d.plan.limit} properties.
            </p>
            {d.plan.isTrial ? (
              <p className="mt-1 text-sm">
                {d.plan.expired
                  ? 'Your free trial has ended.'
                  : `Free trial: ${d.plan.trialDaysLeft} ${d.plan.trialDaysLeft === 1 ? 'day' : 'days'} left.`}
              </p>
            ) : null}
            <p className="mt-2 text-sm">
              <Link to="/pricing">{d.plan.isTrial ? 'Choose a plan' : 'Change plan'}</Link>
            </p>
          </Card>
          <Card title="Devices">
            <ul className="divide-y divide-line text-sm">
              {d.devices.map((device) => (
                <li key={device.id} className="py-2">
                  <p>{device.userAgent}</p>
                  <p className="text-muted">
                    Signed in <time dateTime={device.signedInAt}>{device.signedInAt.slice(0, 10)}</time>
                    {device.current ? ' · this device' : ''}
                  </p>
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="sign-out-others" variant="secondary">
                Sign out other devices
              </Button>
              <Button type="submit" name="intent" value="sign-out-everywhere" variant="danger">
                Sign out everywhere
              </Button>
            </Form>
          </Card>
          <Card title="Appearance">
            <ThemeForm current={d.theme} redirectTo={location.pathname} />
          </Card>
        </div>
      </div>
    </>
  )
}

type ProfileFormProps = {
  user: Route.ComponentProps['loaderData']['user']
  lastResult: SubmissionResult<string[]> | undefined
}

function ProfileForm({ user, lastResult }: ProfileFormProps) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      fullName: user.fullName,
      phone: user.phone ?? '',
      agencyName: user.agencyName ?? '',
      licenceNumber: user.licenceNumber ?? '',
    },
    constraint: getZodConstraint(ProfileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <p className="text-sm text-muted">Signed in as {user.email}</p>
      <RequiredNote />
      <Field label="Full name" errors={fields.fullName.errors} errorId={fields.fullName.errorId}
        inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }} />
      <Field label="Phone" errors={fields.phone.errors} errorId={fields.phone.errorId}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }} />
      <Field label="Agency name" errors={fields.agencyName.errors} errorId={fields.agencyName.errorId}
        inputProps={{ ...getInputProps(fields.agencyName, { type: 'text' }), autoComplete: 'organization' }} />
      <Field label="Licence number" errors={fields.licenceNumber.errors} errorId={fields.licenceNumber.errorId}
        inputProps={getInputProps(fields.licenceNumber, { type: 'text' })} />
      <SubmitButton name="intent" value="update-profile" pendingText="Saving...">
        Save profile
      </SubmitButton>
    </Form>
  )
}
