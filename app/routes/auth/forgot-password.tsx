import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { clientAddressContext } from '#app/lib/client-address.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { requestPasswordReset } from '#app/modules/auth/password-reset.server.ts'
import { ForgotPasswordSchema } from '#app/modules/auth/schemas.ts'
import { MAIL_DOWN_MESSAGE } from '#app/modules/mail/circuit.server.ts'
import { ErrorList, Field, RequiredNote, SubmitButton, useFocusFirstInvalid } from '#app/ui/form.tsx'
import { AuthFrame } from '#app/ui/auth-frame.tsx'
import type { Route } from './+types/forgot-password'

export const SENT_MESSAGE =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works once, for one hour.'

export const meta: Route.MetaFunction = () => [{ title: 'Forgot your password? · BrokerVault' }]

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

/**
 * Asks for the e-mail address and always answers the same way, known address or not; limited
 * per IP address and per e-mail address (429 with Retry-After when exceeded).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
  const outcome = await requestPasswordReset(submission.value.email, context.get(clientAddressContext))
  if (outcome.ok) return { result: submission.reply({ resetForm: true }), sent: true }
  if (outcome.reason === 'mail_down') {
    return data({ result: submission.reply({ formErrors: [MAIL_DOWN_MESSAGE] }), sent: false }, { status: 503 })
  }
  const message = `Too many requests from here. Please wait ${describeRetryAfter(outcome.retryAfterSeconds)} and try again.`
  return data(
    { result: submission.reply({ formErrors: [message] }), sent: false },
    { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
  )
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  useFocusFirstInvalid(form.id, actionData?.result)
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold">Forgot your password?</h1>
      {actionData?.sent ? (
        <p role="status" className="rounded-md border border-success bg-success-soft px-3 py-2 text-sm text-success">
          {SENT_MESSAGE}
        </p>
      ) : (
        <p className="text-sm text-muted">Enter the e-mail address you sign in with. We will send you a link to choose a new password.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <RequiredNote />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <SubmitButton className="w-full" pendingText="Sending...">
          Send the link
        </SubmitButton>
      </Form>
      <p className="text-center text-sm">
        <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthFrame>
  )
}
