import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { data, Form, Link, redirect, useLocation } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { getTheme } from '#app/lib/theme.server.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { getTrialDaysLeft, isTrialExpired, PLAN_NAMES, PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { getBillingDetails } from '#app/modules/billing/subscription.server.ts'
import { billingSummary, openBillingPortal } from './profile-billing.server.ts'
import { getNoticeMode, updateProfile } from '#app/modules/profile/profile.server.ts'
import { ProfileFieldsSchema, ProfileSchema } from '#app/modules/profile/schemas.ts'
import { timeZoneChoices, type ZoneGroup, type ZoneOption } from '#app/modules/profile/time-zones.ts'
import { formatStyleLabel } from '#app/modules/profile/format-styles.ts'
import { currencyOptions } from '#app/lib/currencies.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { changePassword } from '#app/modules/auth/change-password.server.ts'
import { ChangePasswordSchema, DELETE_CONFIRMATION_WORD, DeleteAccountSchema } from '#app/modules/auth/schemas.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { accountRateLimitKeys, consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { removeAvatar } from '#app/modules/media/avatars.server.ts'
import { avatarUrl } from '#app/modules/media/avatar.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { When } from '#app/ui/broker-formats.tsx'
import { handleAvatarUpload, handleDeleteAccount } from './profile-account.server.ts'
import { PasswordForm } from '#app/ui/password-form.tsx'
import { requireAuth } from '#app/http/session.server.ts'
import { endOtherSessions, listDeviceSessions, type AuthState } from '#app/modules/session/sessions.server.ts'
import { LogoutButton, ThemeForm } from '#app/ui/app-nav.tsx'
import { Button, ErrorList, Field, RequiredNote, SelectField, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { PortalFeedCard } from '#app/ui/portal-feed-card.tsx'
import { CalendarFeedCard } from '#app/ui/calendar-feed-card.tsx'
import { calendarFeedPath, getCalendarFeedToken } from '#app/modules/agenda/calendar-feed.server.ts'
import { getPortalFeedToken, portalFeedPath } from '#app/modules/formats/portal-feeds.server.ts'
import { forTheAccount } from '#app/http/tenancy.server.ts'
import type { Route } from './+types/profile'
import { AREA_UNITS, FORMAT_STYLES, NOTICE_MODES, type NoticeMode } from '#db/reference.ts'
import { NOTICE_MODE_LABELS } from '#app/modules/profile/notice-modes.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { exportDownloadPath, listDataExports } from '#app/modules/exports/data-exports.server.ts'
import { getTwoFactorStatus, takeRecoveryCodesToShow } from '#app/modules/two-factor/two-factor.server.ts'
import { PasswordOrCodeSchema, TwoFactorConfirmSchema } from '#app/modules/two-factor/schemas.ts'
import { PasswordOrCodeForm, TwoFactorCard } from '#app/ui/two-factor-card.tsx'
import {
  handleCancelSetup,
  handleConfirmSetup,
  handleProtectedAction,
  handleStartSetup,
  replyToInvalidForm,
  TWO_FACTOR_RESULT_KEYS,
} from './profile-two-factor.server.ts'
import { countOf, plural } from '#app/lib/format.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Profile · BrokerVault' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, subscription, session } = requireAuth(context)
  const now = new Date()
  const plan = subscription?.plan ?? 'free_trial'
  const [devices, exports, twoFactor, recoveryCodes, billing, feedToken, calendarToken] = await Promise.all([
    listDeviceSessions(user.id),
    listDataExports(user.id),
    getTwoFactorStatus(user),
    // Shown once, on the page right after they were made.
    takeRecoveryCodesToShow(user.id),
    getBillingDetails(user.id),
    getPortalFeedToken(user.id),
    getCalendarFeedToken(user.id),
  ])
  return {
    user,
    avatar: user.avatarId ? avatarUrl(user.avatarId, 256) : null,
    calendarFeedUrl: calendarToken ? `${getEnv().APP_URL.replace(/\/+$/, '')}${calendarFeedPath(calendarToken)}` : null,
    portalFeedUrl: feedToken ? `${getEnv().APP_URL.replace(/\/+$/, '')}${portalFeedPath(feedToken)}` : null,
    // The server's list: the one the action accepts (browsers name a few zones differently).
    timeZones: timeZoneChoices(user.timeZone),
    noticeMode: (await getNoticeMode(user.id)) ?? 'batched',
    theme: await getTheme(request),
    plan: {
      name: PLAN_NAMES[plan],
      limit: PLAN_PROPERTY_LIMITS[plan],
      isTrial: plan === 'free_trial',
      trialDaysLeft: getTrialDaysLeft(subscription?.trialEndDate ?? null, now),
      trialEndDate: subscription?.trialEndDate?.toISOString() ?? null,
      expired: isTrialExpired(subscription, now),
      ...billingSummary(billing, user),
    },
    exports: exports.map((e) => ({
      id: e.id,
      ready: e.status === 'ready',
      href: exportDownloadPath(e.id),
      megabytes: e.bytes === null ? null : Math.max(0.1, Math.round(e.bytes / 104857.6) / 10),
      createdAt: e.createdAt.toISOString(),
      expiresAt: e.expiresAt?.toISOString() ?? null,
    })),
    twoFactor,
    recoveryCodes,
    devices: devices.map((d) => ({
      id: d.id,
      name: d.deviceName,
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
  PasswordOrCodeSchema.extend({ intent: z.literal('sign-out-everywhere') }),
  z.object({ intent: z.literal('two-factor-start') }),
  z.object({ intent: z.literal('two-factor-cancel') }),
  TwoFactorConfirmSchema.extend({ intent: z.literal('two-factor-confirm') }),
  PasswordOrCodeSchema.extend({ intent: z.literal('two-factor-disable') }),
  PasswordOrCodeSchema.extend({ intent: z.literal('two-factor-regenerate') }),
  z.object({ intent: z.literal('remove-avatar') }),
  z.object({ intent: z.literal('manage-billing') }),
  DeleteAccountSchema.extend({ intent: z.literal('delete-account') }),
])
type ProfileSubmission = ReturnType<typeof parseIntentSubmission<typeof ProfileActionSchema>>

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  // The avatar form posts a file: its limits must be known before the body is read.
  if (new URL(request.url).searchParams.get('upload') === 'avatar') return handleAvatarUpload(request, context, auth)
  const form = await readForm(request)
  const submission = parseIntentSubmission(form, ProfileActionSchema)
  if (submission.status !== 'success') {
    // The failed branch is the intent that was posted; only its form shows the errors.
    const intent = form.get('intent')
    if (intent === 'change-password') return data({ passwordResult: submission.reply(HIDE_PASSWORDS) }, { status: 400 })
    if (intent === 'delete-account') return data({ deleteResult: submission.reply(HIDE_DELETE_PASSWORD) }, { status: 400 })
    if (typeof intent === 'string' && intent in TWO_FACTOR_RESULT_KEYS) {
      return replyToInvalidForm(intent as keyof typeof TWO_FACTOR_RESULT_KEYS, (o) => submission.reply(o))
    }
    return data({ result: submission.reply() }, { status: 400 })
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
      setFlash(context, { kind: 'success', message: `Signed out ${count} other ${plural(count, 'device', 'devices')}.` })
      throw redirect('/profile')
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
    case 'remove-avatar': {
      const removed = await removeAvatar(auth.user.id)
      if (removed === null) throw data('Not found', { status: 404 })
      setFlash(context, { kind: 'success', message: 'Avatar removed.' })
      throw redirect('/profile')
    }
    case 'manage-billing':
      return openBillingPortal(context, auth.user.id)
    case 'delete-account': {
      // Every agency of the account and its queued jobs: not one agency's scope.
      const refused = await forTheAccount(() => handleDeleteAccount(context, auth, input.password))
      const reply = refused.field
        ? submission.reply({ ...HIDE_DELETE_PASSWORD, fieldErrors: { [refused.field]: [refused.message] } })
        : submission.reply({ ...HIDE_DELETE_PASSWORD, formErrors: [refused.message] })
      return data({ deleteResult: reply }, { status: refused.status })
    }
  }
}

const HIDE_DELETE_PASSWORD = { hideFields: ['password'] }

const HIDE_PASSWORDS = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }

async function handleChangePassword(
  input: { currentPassword: string; newPassword: string },
  submission: ProfileSubmission,
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
  throw redirect('/profile')
}

export default function ProfilePage({ loaderData: d, actionData }: Route.ComponentProps) {
  const location = useLocation()
  const resultOf = (key: 'confirmResult' | 'disableResult' | 'regenerateResult' | 'signOutResult') =>
    actionData && key in actionData ? (actionData as Partial<Record<typeof key, SubmissionResult<string[]>>>)[key] : undefined
  return (
    <>
      <PageHeader title="Profile">
        <LogoutButton />
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Your details">
          <ProfileForm user={d.user} timeZones={d.timeZones} noticeMode={d.noticeMode} lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
        </Card>
        <Card title="Avatar">
          <AvatarForms name={d.user.fullName} src={d.avatar} error={actionData && 'avatarError' in actionData ? actionData.avatarError : undefined} />
        </Card>
        <Card title="Password">
          <PasswordForm lastResult={actionData && 'passwordResult' in actionData ? actionData.passwordResult : undefined} />
        </Card>
        <TwoFactorCard
          status={d.twoFactor}
          recoveryCodes={d.recoveryCodes}
          results={{ confirm: resultOf('confirmResult'), disable: resultOf('disableResult'), regenerate: resultOf('regenerateResult') }}
        />
        <div className="space-y-4">
          <Card title="Plan">
            <p>
              <strong>{d.plan.name}</strong> — up to {d.plan.limit} properties.
            </p>
            {d.plan.isTrial ? (
              <p className="mt-1 text-sm">
                {d.plan.expired
                  ? 'Your free trial has ended.'
                  : `Free trial: ${countOf(d.plan.trialDaysLeft, 'day', 'days')} left.`}
              </p>
            ) : null}
            {d.plan.status ? <p className="mt-1 text-sm">{`Status: ${d.plan.status}`}</p> : null}
            {d.plan.renewal ? <p className="mt-1 text-sm">{d.plan.renewal}</p> : null}
            <p className="mt-2 text-sm">
              <Link to="/pricing">{d.plan.isTrial ? 'Choose a plan' : 'Change plan'}</Link>
            </p>
            {d.plan.canManageBilling ? (
              <Form method="post" className="mt-3">
                <SubmitButton name="intent" value="manage-billing" variant="secondary" pendingText="Opening...">
                  Manage billing
                </SubmitButton>
              </Form>
            ) : null}
          </Card>
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
          <Card title="Your data">
            <DataExport exports={d.exports} />
          </Card>
          <PortalFeedCard url={d.portalFeedUrl} />
          <CalendarFeedCard url={d.calendarFeedUrl} />
          <Card title="Appearance">
            <ThemeForm current={d.theme} redirectTo={location.pathname} />
          </Card>
        </div>
      </div>
      <DangerZone lastResult={actionData && 'deleteResult' in actionData ? actionData.deleteResult : undefined} />
    </>
  )
}

type ProfileFormProps = {
  user: Route.ComponentProps['loaderData']['user']
  timeZones: { first: ZoneOption[]; groups: ZoneGroup[] }
  noticeMode: NoticeMode
  lastResult: SubmissionResult<string[]> | undefined
}

function ProfileForm({ user, timeZones, noticeMode, lastResult }: ProfileFormProps) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      fullName: user.fullName,
      phone: user.phone ?? '',
      agencyName: user.agencyName ?? '',
      licenceNumber: user.licenceNumber ?? '',
      timeZone: user.timeZone,
      noticeMode,
      defaultCurrency: user.defaultCurrency,
      areaUnit: user.areaUnit,
      formatStyle: user.formatStyle,
    },
    constraint: getZodConstraint(ProfileFieldsSchema),
    // The browser checks the fields; whether the time zone is known is the server's to say.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileFieldsSchema }),
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
      <SelectField label="Time zone" errors={fields.timeZone.errors} errorId={fields.timeZone.errorId}
        hint="Every date and time you see is in this zone, and so are e-mails sent at a set local time, such as the morning digest."
        options={timeZones.first} groups={timeZones.groups}
        selectProps={getSelectProps(fields.timeZone)} />
      <SelectField label="Dates and numbers" errors={fields.formatStyle.errors} errorId={fields.formatStyle.errorId}
        hint="How dates, times, prices and areas read on your pages."
        options={FORMAT_STYLES.map((style) => ({ value: style, label: formatStyleLabel(style) }))}
        selectProps={getSelectProps(fields.formatStyle)} />
      <SelectField label="Default currency" errors={fields.defaultCurrency.errors} errorId={fields.defaultCurrency.errorId}
        hint="New properties, client budgets and deals start in it. Clients are only matched with listings in their budget's currency."
        options={currencyOptions(user.defaultCurrency)}
        selectProps={getSelectProps(fields.defaultCurrency)} />
      <SelectField label="Default area unit" errors={fields.areaUnit.errors} errorId={fields.areaUnit.errorId}
        hint="New properties start with their areas in it."
        options={AREA_UNITS.map((unit) => ({ value: unit, label: label(unit) }))}
        selectProps={getSelectProps(fields.areaUnit)} />
      <SelectField label="E-mail me about client feedback" errors={fields.noticeMode.errors} errorId={fields.noticeMode.errorId}
        hint="When clients react or comment on a shared shortlist."
        options={NOTICE_MODES.map((mode) => ({ value: mode, label: NOTICE_MODE_LABELS[mode] }))}
        selectProps={getSelectProps(fields.noticeMode)} />
      <SubmitButton name="intent" value="update-profile" pendingText="Saving...">
        Save profile
      </SubmitButton>
    </Form>
  )
}

/** Upload (JPEG, PNG, WebP, AVIF or GIF; cropped to a square) and, when there is one, remove. */
function AvatarForms({ name, src, error }: { name: string; src: string | null; error: string | undefined }) {
  const errorId = error ? 'avatar-error' : undefined
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-4">
        <Avatar name={name} src={src} size={96} />
        {src ? (
          <Form method="post">
            <Button type="submit" name="intent" value="remove-avatar" variant="secondary">
              Remove avatar
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-muted">No avatar yet: your initials show instead.</p>
        )}
      </div>
      <Form method="post" action="/profile?upload=avatar" encType="multipart/form-data" className="space-y-2">
        <div>
          <label htmlFor="avatar" className="text-sm font-medium">
            {src ? 'Replace with another image' : 'Upload an image'}
          </label>
          <input id="avatar" name="avatar" type="file" required accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            aria-invalid={error ? true : undefined} aria-describedby={['avatar-hint', errorId].filter(Boolean).join(' ')}
            className="mt-1 block w-full text-sm" />
          <p id="avatar-hint" className="mt-1 text-xs text-muted">
            JPEG, PNG, WebP, AVIF or GIF up to 15 MB. It is cropped to a square around its centre; clients see it on
            the pages you share.
          </p>
          <ErrorList id={errorId} errors={error ? [error] : null} />
        </div>
        <SubmitButton name="intent" value="upload-avatar" variant="secondary" pendingText="Uploading...">
          Save avatar
        </SubmitButton>
      </Form>
    </div>
  )
}

/**
 * "Export my data": a plain form (reloadDocument), so the browser downloads the zip the answer
 * carries, or follows the redirect with the "we will e-mail you" toast for a large account.
 */
function DataExport({ exports }: { exports: Route.ComponentProps['loaderData']['exports'] }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        A zip with everything in your account: your data as JSON and CSV files, and your photos and documents.{' '}
        <Link to="/data-policy#export">What it holds</Link>.
      </p>
      <Form method="post" action="/profile/export" reloadDocument>
        <Button type="submit" name="intent" value="export-data" variant="secondary">
          Export my data
        </Button>
      </Form>
      {exports.length ? (
        <ul aria-label="Your exports" className="divide-y divide-line">
          {exports.map((e) => (
            <li key={e.id} className="py-2">
              {e.ready ? (
                <>
                  <a href={e.href} download>
                    Download export of <When value={e.createdAt} className="" />
                  </a>
                  {e.megabytes === null ? '' : ` (${e.megabytes} MB)`}
                  <span className="block text-muted">
                    {e.expiresAt ? (
                      <>
                        Available until <When value={e.expiresAt} className="" />
                      </>
                    ) : null}
                  </span>
                </>
              ) : (
                <>
                  Export of <When value={e.createdAt} className="" />: being prepared; we will e-mail you
                  a link.
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Deleting the account, apart from everything else: the password and the typed word. */
function DangerZone({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: 'delete-account',
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section aria-labelledby="danger-zone" className="mt-10 rounded-xl border-2 border-danger p-4">
      <h2 id="danger-zone" className="text-lg font-semibold text-danger">
        Danger zone
      </h2>
      <h3 className="mt-2 font-semibold">Delete account</h3>
      <p className="mt-1 text-sm">
        This deletes your account and everything in it at once: properties, photos, documents, clients, shortlists,
        share links, deals, notes, activity and your avatar. Share links stop working. It cannot be undone.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-md space-y-3">
        <RequiredNote />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Your password" errors={fields.password.errors} errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }} />
        <Field label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} errors={fields.confirmation.errors} errorId={fields.confirmation.errorId}
          inputProps={{ ...getInputProps(fields.confirmation, { type: 'text' }), autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }} />
        <SubmitButton name="intent" value="delete-account" variant="danger" pendingText="Deleting...">
          Delete my account
        </SubmitButton>
      </Form>
    </section>
  )
}
