import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { data, Form, redirect, useLocation } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { getTheme } from '#app/lib/theme.server.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { getNoticeMode, updateProfile } from '#app/modules/profile/profile.server.ts'
import { ProfileFieldsSchema, ProfileSchema } from '#app/modules/profile/schemas.ts'
import { timeZoneChoices, type ZoneGroup, type ZoneOption } from '#app/modules/profile/time-zones.ts'
import { formatStyleLabel } from '#app/modules/profile/format-styles.ts'
import { currencyOptions } from '#app/lib/currencies.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { NOTICE_MODE_LABELS } from '#app/modules/profile/notice-modes.ts'
import { removeAvatar } from '#app/modules/media/avatars.server.ts'
import { avatarUrl } from '#app/modules/media/avatar.ts'
import { profileSectionPath } from '#app/modules/navigation/profile-sections.ts'
import { AREA_UNITS, FORMAT_STYLES, NOTICE_MODES, type NoticeMode } from '#db/reference.ts'
import { ThemeForm } from '#app/ui/app-nav.tsx'
import { Avatar } from '#app/ui/avatar.tsx'
import { Button, ErrorList, Field, RequiredNote, SelectField, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { handleAvatarUpload } from './account.server.ts'
import type { Route } from './+types/account'

export const meta: Route.MetaFunction = () => [{ title: 'Account · Profile · BrokerVault' }]

const HERE = profileSectionPath('account')

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  const [noticeMode, theme] = await Promise.all([getNoticeMode(user.id), getTheme(request)])
  return {
    user,
    avatar: user.avatarId ? avatarUrl(user.avatarId, 256) : null,
    // The server's list: the one the action accepts (browsers name a few zones differently).
    timeZones: timeZoneChoices(user.timeZone),
    noticeMode: noticeMode ?? 'batched',
    theme,
  }
}

const AccountActionSchema = z.discriminatedUnion('intent', [
  ProfileSchema.extend({ intent: z.literal('update-profile') }),
  z.object({ intent: z.literal('remove-avatar') }),
])

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  // The avatar form posts a file: its limits must be known before the body is read.
  if (new URL(request.url).searchParams.get('upload') === 'avatar') return handleAvatarUpload(request, context, auth, HERE)
  const submission = parseIntentSubmission(await readForm(request), AccountActionSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const input = submission.value
  if (input.intent === 'update-profile') {
    const { intent: _intent, ...profile } = input
    await updateProfile(auth.user.id, profile)
    setFlash(context, { kind: 'success', message: 'Profile saved.' })
    throw redirect(HERE)
  }
  const removed = await removeAvatar(auth.user.id)
  if (removed === null) throw data('Not found', { status: 404 })
  setFlash(context, { kind: 'success', message: 'Avatar removed.' })
  throw redirect(HERE)
}

export default function AccountSection({ loaderData: d, actionData }: Route.ComponentProps) {
  const location = useLocation()
  return (
    <>
      <PageHeader title="Account" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Your details">
          <ProfileForm user={d.user} timeZones={d.timeZones} noticeMode={d.noticeMode} lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
        </Card>
        <div className="space-y-4">
          <Card title="Avatar">
            <AvatarForms name={d.user.fullName} src={d.avatar} error={actionData && 'avatarError' in actionData ? actionData.avatarError : undefined} />
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
      <Form method="post" action={`${HERE}?upload=avatar`} encType="multipart/form-data" className="space-y-2">
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
