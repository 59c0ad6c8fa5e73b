import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { ChangePasswordSchema } from '#app/modules/auth/schemas.ts'
import { ErrorList, Field, RequiredNote, SubmitButton } from './form.tsx'

/** Change password: the current one, then the new one twice. Passwords are never sent back. */
export function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined | null }) {
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const password = (name: keyof typeof fields, label: string, autoComplete: string) => (
    <Field
      label={label}
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{ ...getInputProps(fields[name], { type: 'password' }), autoComplete }}
    />
  )
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <RequiredNote />
      <ErrorList id={form.errorId} errors={form.errors} />
      {password('currentPassword', 'Current password', 'current-password')}
      {password('newPassword', 'New password', 'new-password')}
      {password('confirmPassword', 'Repeat the new password', 'new-password')}
      <p className="text-xs text-muted">At least 8 characters, not a common password, and not your email address. Other devices are signed out.</p>
      <SubmitButton name="intent" value="change-password" variant="secondary" pendingText="Saving...">
        Change password
      </SubmitButton>
    </Form>
  )
}
