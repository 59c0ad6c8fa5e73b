import { data, Form, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { updateNavState } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import { acceptInvitation, findOpenInvitation } from '#app/modules/agencies/invitations.server.ts'
import { ROLE_LABELS } from '#app/modules/agencies/schemas.ts'
import { findUserIdByEmail } from '#app/modules/auth/accounts.server.ts'
import { chooseSessionAgency } from '#app/modules/session/sessions.server.ts'
import { AuthFrame } from '#app/ui/auth-frame.tsx'
import type { Route } from './+types/invite'

export const meta: Route.MetaFunction = () => [{ title: 'Invitation · BrokerVault' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })

const GONE_MESSAGE = 'This invitation has expired, was revoked or has already been used. Ask the agency for a new one.'
export const NO_SEAT_TO_JOIN_MESSAGE = 'The agency has no free seat for you just now. Ask whoever invited you to add a seat, then try again: your invitation stays open.'
const REFUSALS = {
  gone: { message: GONE_MESSAGE, status: 410 },
  other_address: { message: 'This invitation was sent to another address. Sign in with that address to accept it.', status: 403 },
  no_seat: { message: NO_SEAT_TO_JOIN_MESSAGE, status: 409 },
} as const

/**
 * The link of an invitation mail. Signed in with the invited address: one button joins. Not
 * signed in: sign in (or create an account first) and come back here, as the auth pages bring a
 * visitor back to the page that sent them.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findOpenInvitation(params.token)
  if (!invitation) throw data({ message: GONE_MESSAGE }, { status: 410 })
  const auth = getAuth(context)
  const view = { agencyName: invitation.agencyName || 'An agency', role: ROLE_LABELS[invitation.role], email: invitation.email }
  if (auth) {
    const sameAddress = auth.user.email.trim().toLowerCase() === invitation.email.toLowerCase()
    return { ...view, signedInAs: auth.user.email, sameAddress, hasAccount: true }
  }
  updateNavState(context, (state) => ({ ...state, authRedirectPath: `/invite/${params.token}` }))
  return { ...view, signedInAs: null, sameAddress: false, hasAccount: Boolean(await findUserIdByEmail(invitation.email)) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await readForm(request)
  const auth = getAuth(context)
  if (!auth) throw redirect('/auth')
  const result = await acceptInvitation(params.token, auth.user.id)
  if (!result.ok) {
    const refusal = REFUSALS[result.reason]
    return data({ message: refusal.message }, { status: refusal.status })
  }
  await chooseSessionAgency(auth.session.id, result.agencyId)
  setFlash(context, { kind: 'success', message: 'Welcome to the agency.' })
  throw redirect('/home')
}

export default function InvitePage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold">Join {d.agencyName}</h1>
      <p>
        You are invited to join <strong>{d.agencyName}</strong> on BrokerVault as {d.role === 'Admin' ? 'an admin' : 'an agent'}. The
        invitation is for <span className="break-words">{d.email}</span>.
      </p>
      {actionData?.message ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">
          {actionData.message}
        </p>
      ) : null}
      {d.signedInAs && d.sameAddress ? (
        <Form method="post">
          <button type="submit" className="w-full rounded-md bg-brand px-4 py-2 font-medium text-brand-ink">
            Accept and join
          </button>
        </Form>
      ) : d.signedInAs ? (
        // A <div>, not a <p>: a form inside a paragraph closes it in the browser's parser, so the
        // DOM would not match the server's markup and hydration would fail.
        <div className="text-sm">
          You are signed in as <span className="break-words">{d.signedInAs}</span>. Sign out, then sign in as {d.email} to accept.{' '}
          <Form method="post" action="/logout" className="inline">
            <button type="submit" className="underline">
              Log out
            </button>
          </Form>
        </div>
      ) : d.hasAccount ? (
        <Link to="/auth" className="rounded-md bg-brand px-4 py-2 text-center font-medium text-brand-ink no-underline">
          Sign in to accept
        </Link>
      ) : (
        <div className="space-y-2">
          <p className="text-sm">Create your BrokerVault account with {d.email}, then sign in: you will come back here to accept.</p>
          <Link to="/auth?mode=signup" className="block rounded-md bg-brand px-4 py-2 text-center font-medium text-brand-ink no-underline">
            Create your account
          </Link>
        </div>
      )}
    </AuthFrame>
  )
}

export function ErrorBoundary() {
  return (
    <AuthFrame>
      <h1 className="text-xl font-semibold">Invitation no longer valid</h1>
      <p>{GONE_MESSAGE}</p>
      <Link to="/auth">Sign in</Link>
    </AuthFrame>
  )
}
