import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, redirect } from 'react-router'
import type { z } from 'zod'
import { handleSignIn, handleSignUp, parseAuthForm } from './auth.server.ts'
import { AuthFormSchema, SignInSchema, SignUpSchema } from '#app/modules/auth/schemas.ts'
import { clearNavState, clearTrialExpiredFlag, getNavState } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { Button, Field, Honeypot, RequiredNote, SubmitButton, useFocusFirstInvalid } from '#app/ui/form.tsx'
import type { Route } from './+types/auth'
import { MAIN_LANDMARK } from '#app/ui/skip-link.tsx'

export const NETWORK_ISSUE_MESSAGE = 'Network connection issue detected. Some features may not work properly.'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.mode === 'signup' ? 'Create an account' : 'Sign in'} · BrokerVault` },
]

export const middleware: Route.MiddlewareFunction[] = [clearTrialExpiredFlag]

// Passes the action's Retry-After on to the 429 response.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export function loader({ request, context }: Route.LoaderArgs) {
  if (getAuth(context)) throw redirect('/home')
  const mode = new URL(request.url).searchParams.get('mode') === 'signup' ? 'signup' : 'signin'
  return { mode, networkError: getNavState(context).networkError } as const
}

export async function action({ request, context }: Route.ActionArgs) {
  if (getAuth(context)) throw redirect('/home')
  const form = await readForm(request)
  const submission = parseAuthForm(form)
  switch (submission.payload.intent) {
    case 'signin':
      return handleSignIn(request, form, submission, context)
    case 'signup':
      return handleSignUp(form, submission, context)
    default:
      // 'reset-nav': parseAuthForm has answered 400 for any intent the union does not know.
      clearNavState(context)
      throw redirect('/auth')
  }
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main {...MAIN_LANDMARK} className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 px-4 py-10">
      <Link to="/" className="text-center text-lg font-bold text-ink no-underline">
        BrokerVault
      </Link>
      <section className="rounded-xl border border-line bg-surface p-6 shadow-sm">
        <AuthForm
          key={loaderData.mode}
          mode={loaderData.mode}
          lastResult={actionData?.result}
          networkError={loaderData.networkError}
        />
      </section>
      {/* The seed's two recovery tools, out of the way until asked for (a native <details>: no script needed). */}
      <details className="text-sm">
        <summary className="cursor-pointer text-center text-muted">Trouble signing in?</summary>
        <div className="mt-3 flex flex-col gap-2">
          <p className="text-muted">
            If the app keeps bringing you back to this page, reset the navigation state it remembers, or open the recovery
            screen to see it.
          </p>
          <Form method="post" action="/auth">
            <Button type="submit" name="intent" value="reset-nav" variant="secondary" className="w-full">
              Reset Navigation State
            </Button>
          </Form>
          <Link
            to="/auth-recovery"
            className="inline-flex justify-center rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink no-underline"
          >
            Authentication Recovery
          </Link>
        </div>
      </details>
    </main>
  )
}

type FormResult = NonNullable<Route.ComponentProps['actionData']>['result']

const MODES = {
  signin: {
    schema: SignInSchema,
    action: '/auth',
    heading: 'Sign in to your account',
    submit: 'Sign in',
    passwordAutoComplete: 'current-password',
    toggle: { to: '/auth?mode=signup', label: "Don't have an account? Sign up" },
  },
  signup: {
    schema: SignUpSchema,
    action: '/auth?mode=signup',
    heading: 'Create an account',
    submit: 'Create account',
    passwordAutoComplete: 'new-password',
    toggle: { to: '/auth', label: 'Already have an account? Sign in' },
  },
} as const

function AuthAlert({ id, errors, networkError }: { id: string; errors?: string[]; networkError: boolean }) {
  if (!errors?.length && !networkError) return null
  return (
    <div id={id} role="alert" className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">
      {errors?.map((e) => <p key={e}>{e}</p>)}
      {networkError ? <p>{NETWORK_ISSUE_MESSAGE}</p> : null}
    </div>
  )
}

type AuthFormProps = { mode: keyof typeof MODES; lastResult: FormResult | undefined; networkError: boolean }

/** Sign-in and sign-up share one form; sign-up adds Full Name and the password rules hint. */
function AuthForm({ mode, lastResult, networkError }: AuthFormProps) {
  const config = MODES[mode]
  const [form, fields] = useForm<z.input<typeof AuthFormSchema>>({
    lastResult,
    constraint: getZodConstraint(config.schema),
    // The hidden intent field picks the branch of the union.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AuthFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  // A refused sign-in is about the pair: both fields are marked, the alert says why.
  const credentialsRefused = mode === 'signin' && form.errors?.length ? form.errorId : undefined
  useFocusFirstInvalid(form.id, lastResult)
  return (
    <Form method="post" action={config.action} {...getFormProps(form)} className="space-y-4">
      <h1 className="text-xl font-semibold">{config.heading}</h1>
      <RequiredNote />
      <AuthAlert id={form.errorId} errors={form.errors} networkError={networkError} />
      <input type="hidden" name="intent" value={mode} />
      <Honeypot />
      {mode === 'signup' ? (
        <Field
          label="Full Name"
          errors={fields.fullName.errors}
          errorId={fields.fullName.errorId}
          inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }}
        />
      ) : null}
      <Field
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        invalidBecause={credentialsRefused}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        invalidBecause={credentialsRefused}
        hint={mode === 'signup' ? 'At least 8 characters, not a common password, and not your email address.' : undefined}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: config.passwordAutoComplete }}
      />
      {mode === 'signin' ? (
        <p className="text-right text-sm">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
      ) : null}
      {/* The hidden input carries the intent; naming this button too would send it twice. */}
      <SubmitButton className="w-full">
        {config.submit}
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to={config.toggle.to}>{config.toggle.label}</Link>
      </p>
    </Form>
  )
}
