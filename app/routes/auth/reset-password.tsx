import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { forgetSession } from '#app/http/session.server.ts'
import { findResetLink, resetPassword } from '#app/modules/auth/password-reset.server.ts'
import { ResetPasswordSchema } from '#app/modules/auth/schemas.ts'
import { deleteAllSessions } from '#app/modules/session/sessions.server.ts'
import { ErrorList, Field, RequiredNote, SubmitButton, useFocusFirstInvalid } from '#app/ui/form.tsx'
import { AuthFrame } from '#app/ui/auth-frame.tsx'
import type { Route } from './+types/reset-password'

export const INVALID_LINK_MESSAGE = 'This link has been used, has expired, or is not a reset link.'
export const RESET_DONE_MESSAGE = 'Your password has been changed and every device signed out. Sign in with the new password.'

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password · BrokerVault' }]

/** A usable link shows the form (with the account's address); anything else says why, with a 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await findResetLink(params.token)
  if (!link) throw data({ invalid: true }, { status: 404 })
  return { email: link.email }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await resetPassword(params.token, submission.value.newPassword, (tx, userId) => deleteAllSessions(userId, tx))
  if (!outcome.ok && outcome.reason === 'invalid_link') throw data({ invalid: true }, { status: 404 })
  if (!outcome.ok) {
    return data({ result: submission.reply({ fieldErrors: { newPassword: outcome.errors } }) }, { status: 400 })
  }
  // This browser's session (if it had one) died with the others: drop its cookie too.
  forgetSession(context)
  setFlash(context, { kind: 'success', message: RESET_DONE_MESSAGE })
  throw redirect('/auth')
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  useFocusFirstInvalid(form.id, actionData?.result)
  const password = (name: 'newPassword' | 'confirmPassword', label: string) => (
    <Field
      label={label}
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      hint={name === 'newPassword' ? 'At least 8 characters, not a common password, and not your email address.' : undefined}
      inputProps={{ ...getInputProps(fields[name], { type: 'password' }), autoComplete: 'new-password' }}
    />
  )
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <p className="text-sm text-muted">{`For ${loaderData.email}. Every device signed in to the account will be signed out.`}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <RequiredNote />
        <ErrorList id={form.errorId} errors={form.errors} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        {password('newPassword', 'New password')}
        {password('confirmPassword', 'Repeat the new password')}
        <SubmitButton className="w-full" pendingText="Saving...">
          Set the new password
        </SubmitButton>
      </Form>
    </AuthFrame>
  )
}

/** Used, expired or unknown links: what happened, and a way to ask again. */
export function ErrorBoundary() {
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold">This link no longer works</h1>
      <p role="alert" className="text-sm">
        {`${INVALID_LINK_MESSAGE} Reset links work once, for one hour.`}
      </p>
      <p className="text-sm">
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </AuthFrame>
  )
}
