import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { PasswordOrCodeSchema, TwoFactorConfirmSchema } from '#app/modules/two-factor/schemas.ts'
import type { TwoFactorStatus } from '#app/modules/two-factor/status.ts'
import { Button, ErrorList, Field, RequiredNote, SubmitButton } from './form.tsx'

type Result = SubmissionResult<string[]> | undefined

type TwoFactorCardProps = {
  status: TwoFactorStatus
  /** The recovery codes just made, shown this once; null otherwise. */
  recoveryCodes: string[] | null
  results: { confirm: Result; disable: Result; regenerate: Result }
}

/** The Security section's "Two-factor authentication": set up with a QR code, recovery codes, turn off. */
export function TwoFactorCard({ status, recoveryCodes, results }: TwoFactorCardProps) {
  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="two-factor-title" className="mb-2 font-semibold">
        Two-factor authentication
      </h2>
      {status.state === 'off' ? (
        <div className="space-y-3 text-sm">
          <p>Off. With it on, signing in asks for a code from an authenticator app on your phone after your password.</p>
          <Form method="post">
            <Button type="submit" name="intent" value="two-factor-start" variant="secondary">
              Set up two-factor authentication
            </Button>
          </Form>
        </div>
      ) : null}
      {status.state === 'pending' ? <SetupSteps secret={status.secret} qrSvg={status.qrSvg} lastResult={results.confirm} /> : null}
      {status.state === 'on' ? (
        <div className="space-y-4 text-sm">
          <p>
            <strong>On.</strong> Signing in asks for a code from your authenticator app.{' '}
<span data-testid="recovery-codes-left">{`${status.recoveryCodesLeft} of 10 recovery codes left.`}</span>
          </p>
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
          <PasswordOrCodeForm intent="two-factor-regenerate" submit="Make new recovery codes" variant="secondary" codeAccepted lastResult={results.regenerate} />
          <PasswordOrCodeForm intent="two-factor-disable" submit="Turn off two-factor authentication" variant="danger" codeAccepted lastResult={results.disable} />
        </div>
      ) : null}
    </section>
  )
}

function SetupSteps({ secret, qrSvg, lastResult }: { secret: string; qrSvg: string; lastResult: Result }) {
  const [form, fields] = useForm({
    id: 'two-factor-confirm',
    lastResult,
    constraint: getZodConstraint(TwoFactorConfirmSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorConfirmSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="space-y-3 text-sm">
      <p>1. Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Aegis).</p>
      {/* The server made this SVG from the otpauth:// address; it holds no script. */}
      <div role="img" aria-label="QR code for your authenticator app" className="w-48 bg-white p-1" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p>
        Or type this key into the app: <code data-testid="two-factor-secret" className="font-mono break-all">{secret}</code>
      </p>
      <Form method="post" {...getFormProps(form)} className="max-w-xs space-y-3">
        <RequiredNote />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="2. Enter the 6-digit code from the app"
          errors={fields.code.errors}
          errorId={fields.code.errorId}
          inputProps={{ ...getInputProps(fields.code, { type: 'text' }), inputMode: 'numeric', autoComplete: 'one-time-code' }}
        />
        <SubmitButton name="intent" value="two-factor-confirm" pendingText="Checking...">
          Turn on two-factor authentication
        </SubmitButton>
      </Form>
      <Form method="post">
        <Button type="submit" name="intent" value="two-factor-cancel" variant="secondary">
          Cancel setup
        </Button>
      </Form>
    </div>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-md border border-line bg-canvas p-3">
      <p className="font-medium">Your recovery codes</p>
      <p className="mt-1 text-muted">
        Each works once instead of a code from the app. Save them somewhere safe now: they are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}

type PasswordOrCodeFormProps = {
  intent: 'two-factor-disable' | 'two-factor-regenerate' | 'sign-out-everywhere'
  submit: string
  variant: 'secondary' | 'danger'
  /** With two-factor on, a current code from the app will do instead of the password. */
  codeAccepted: boolean
  lastResult: Result
}

/** A protected action: asks for the password (or a current code) again; a wrong one changes nothing. */
export function PasswordOrCodeForm({ intent, submit, variant, codeAccepted, lastResult }: PasswordOrCodeFormProps) {
  const [form, fields] = useForm({
    id: intent,
    lastResult,
    constraint: getZodConstraint(PasswordOrCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordOrCodeSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 max-w-xs space-y-2">
      <RequiredNote />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={codeAccepted ? 'Password or authentication code' : 'Password to confirm'}
        errors={fields.passwordOrCode.errors}
        errorId={fields.passwordOrCode.errorId}
        inputProps={{ ...getInputProps(fields.passwordOrCode, { type: 'password' }), autoComplete: 'current-password' }}
      />
      <SubmitButton name="intent" value={intent} variant={variant} pendingText="Checking...">
        {submit}
      </SubmitButton>
    </Form>
  )
}
