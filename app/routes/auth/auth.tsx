import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { handleSignIn, handleSignUp } from '#app/modules/auth/auth-actions.server.ts'
import { SignInSchema, SignUpSchema } from '#app/modules/auth/schemas.ts'
import { clearNavState, getNavState, updateNavState } from '#app/modules/navigation/nav-state.server.ts'
import { getAuth } from '#app/modules/session/session.server.ts'
import { Button, Field, Honeypot, SubmitButton } from '#app/ui/form.tsx'
import type { Route } from './+types/auth'

export const NETWORK_ISSUE_MESSAGE = 'Network connection issue detected. Some features may not work properly.'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.mode === 'signup' ? 'Create an account' : 'Sign in'} · BrokerVault` },
]

// Passes the action's Retry-After on to the 429 response.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export function loader({ request, context }: Route.LoaderArgs) {
  if (getAuth(context)) throw redirect('/home')
  // The seed clears the trial-expired flag on the auth page.
  updateNavState(context, (s) => (s.trialExpired ? { ...s, trialExpired: false } : s))
  const mode = new URL(request.url).searchParams.get('mode') === 'signup' ? 'signup' : 'signin'
  return { mode, networkError: getNavState(context).networkError } as const
}

export async function action({ request, context }: Route.ActionArgs) {
  if (getAuth(context)) throw redirect('/home')
  // remix-auth's form strategy reads the body itself, so this reads a clone.
  const form = await request.clone().formData()
  switch (form.get('intent')) {
    case 'signin':
      return handleSignIn(request, form, context)
    case 'signup':
      return handleSignUp(form, context)
    case 'reset-nav':
      clearNavState(context)
      throw redirect('/auth')
    default:
      throw data('Unknown action.', { status: 400 })
  }
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const signingUp = loaderData.mode === 'signup'
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 px-4 py-10">
      <Link to="/" className="text-center text-lg font-bold text-ink no-underline">
        BrokerVault
      </Link>
      <section className="rounded-xl border border-line bg-surface p-6 shadow-sm">
        {signingUp ? (
          <SignUpForm key="signup" lastResult={actionData?.result} networkError={loaderData.networkError} />
        ) : (
          <SignInForm key="signin" lastResult={actionData?.result} networkError={loaderData.networkError} />
        )}
      </section>
      <div className="flex flex-col gap-2">
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
    </main>
  )
}

type FormResult = NonNullable<Route.ComponentProps['actionData']>['result']
type FormProps = { lastResult: FormResult | undefined; networkError: boolean }

function AuthAlert({ errors, networkError }: { errors?: string[]; networkError: boolean }) {
  if (!errors?.length && !networkError) return null
  return (
    <div role="alert" className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">
      {errors?.map((e) => <p key={e}>{e}</p>)}
      {networkError ? <p>{NETWORK_ISSUE_MESSAGE}</p> : null}
    </div>
  )
}

function SignInForm({ lastResult, networkError }: FormProps) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" action="/auth" {...getFormProps(form)} className="space-y-4">
      <h1 className="text-xl font-semibold">Sign in to your account</h1>
      <AuthAlert errors={form.errors} networkError={networkError} />
      <input type="hidden" name="intent" value="signin" />
      <Honeypot />
      <Field
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
      />
      <SubmitButton className="w-full">Sign in</SubmitButton>
      <p className="text-center text-sm">
        <Link to="/auth?mode=signup">Don't have an account? Sign up</Link>
      </p>
    </Form>
  )
}

function SignUpForm({ lastResult, networkError }: FormProps) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SignUpSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" action="/auth?mode=signup" {...getFormProps(form)} className="space-y-4">
      <h1 className="text-xl font-semibold">Create an account</h1>
      <AuthAlert errors={form.errors} networkError={networkError} />
      <input type="hidden" name="intent" value="signup" />
      <Honeypot />
      <Field
        label="Full Name"
        errors={fields.fullName.errors}
        errorId={fields.fullName.errorId}
        inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }}
      />
      <Field
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        hint="At least 8 characters, not a common password, and not your email address."
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <SubmitButton className="w-full">Create account</SubmitButton>
      <p className="text-center text-sm">
        <Link to="/auth">Already have an account? Sign in</Link>
      </p>
    </Form>
  )
}
