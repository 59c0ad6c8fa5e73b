import { data, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { getSignInPage, signIn } from '#app/modules/open-houses/sign-in.server.ts'
import { signInPath } from '#app/modules/open-houses/open-houses.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import { OpenHouseSignIn } from '#app/ui/open-house-sign-in.tsx'
import { brokerSignOff } from '#app/ui/share-page.tsx'
import type { Route } from './+types/open-house'

// A visitor's page, on a tablet at the door or their own phone: no JavaScript at all, like
// every page a client opens (docs/decisions/038-open-house-sign-in.md).
export const handle: RouteHandle = { hydrate: false }

/** Its address is its key and it shows a thank-you by name: never kept by others, no referrer. */
const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Open house: ${loaderData.page.title} · ${brokerSignOff(loaderData.page.broker)}` : 'Page not found' },
  { name: 'robots', content: 'noindex' },
]

/** GET /open-house/{token}: the form while it runs; when it starts, or that it has ended. Unknown: 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const page = orNotFound(await getSignInPage(params.token))
  return data({ page }, { headers: PRIVATE_HEADERS })
}

/**
 * A sign-in, then back to an empty form with "Thank you, NAME" (post/redirect/get), so the next
 * visitor starts fresh. Refused: 400 with the messages by the fields, 409 outside its times,
 * 429 past the open house's hourly limit.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const result = orNotFound(await signIn(params.token, await readForm(request)))
  if (!result.ok) {
    const headers = 'retryAfterSeconds' in result && result.retryAfterSeconds ? { ...PRIVATE_HEADERS, 'Retry-After': String(result.retryAfterSeconds) } : PRIVATE_HEADERS
    if (result.status === 409) return data({ page: result.page, errors: null, values: null }, { status: 409, headers })
    return data({ page: result.page, errors: result.errors, values: result.values }, { status: result.status, headers })
  }
  const firstName = result.name.split(/\s+/)[0] ?? ''
  setFlash(context, { kind: 'success', message: firstName ? `Thank you, ${firstName.slice(0, 60)}! Enjoy the visit.` : 'Thank you! Enjoy the visit.' })
  throw redirect(signInPath(String(params.token)), { status: 303, headers: PRIVATE_HEADERS })
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  ...PRIVATE_HEADERS,
  ...(actionHeaders.has('Retry-After') ? { 'Retry-After': actionHeaders.get('Retry-After')! } : {}),
})

export default function OpenHouseSignInRoute({ loaderData, actionData }: Route.ComponentProps) {
  // A refused post renders the page as the action read it (a 409 may find it just ended).
  const page = actionData?.page ?? loaderData.page
  return <OpenHouseSignIn page={page} errors={actionData?.errors ?? null} values={actionData?.values ?? null} />
}
