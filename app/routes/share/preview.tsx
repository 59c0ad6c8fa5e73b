import { data, redirect } from 'react-router'
import { clientAddressContext } from '#app/lib/client-address.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { clearTrialExpiredFlag } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import { submitFeedback } from '#app/modules/sharing/feedback.server.ts'
import { scheduleFeedbackNotice } from '#app/modules/notices/feedback-notices.server.ts'
import { sharePath } from '#app/modules/sharing/share-links.ts'
import { shareMeta } from './share-meta.ts'
import { loadSharePage } from '#app/modules/sharing/share-page.server.ts'
import { countShareView, VISITOR_COOKIE_NAME } from '#app/modules/sharing/share-views.server.ts'
import { resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import { ClientListingView } from '#app/ui/listing-view.tsx'
import { SharedPropertyView, SharePage } from '#app/ui/share-page.tsx'
import type { Route } from './+types/preview'
import { readForm } from '#app/http/form-body.server.ts'

// Share pages ship no JavaScript at all (cheap phones); the root leaves Scripts out.
export const handle: RouteHandle = { hydrate: false }

// Only a broker carries the flag, and a request with that cookie is never cached publicly.
export const middleware: Route.MiddlewareFunction[] = [clearTrialExpiredFlag]

/*
 * Caching. A share page's bytes depend only on its URL, except for what cookies change: the
 * visitor cookie set on a first view, a toast after feedback (flash cookie), a theme, a session.
 * So a CDN may keep it briefly only when the request carries no cookie but the visitor's and
 * the response sets none; everything else is `private, no-store`. `Vary: Cookie` keeps caches
 * that honour it from serving one visitor's toast to another. The price: a revoked link can
 * stay visible at a CDN for up to s-maxage (5 minutes), and cache hits are not counted as views.
 */
const SHARED_CACHE_CONTROL = 'public, max-age=60, s-maxage=300'
const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * One module serves /preview/{sharedUrlId} (property shares) and /client-listing/{sharedId}
 * (client listings). Unknown, revoked, expired, or the other kind's URL: the very same 404.
 */
async function requireShare(params: { sharedUrlId?: string; sharedId?: string }) {
  const kind = params.sharedId !== undefined ? 'client_listing' : 'property'
  const share = await resolveLiveShare(params.sharedId ?? params.sharedUrlId)
  if (!share || share.kind !== kind) notFound()
  return share
}

function carriesOnlyVisitorCookie(request: Request) {
  const names = (request.headers.get('Cookie') ?? '').split(';').map((pair) => pair.split('=')[0]?.trim())
  return names.every((name) => !name || name === VISITOR_COOKIE_NAME)
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const share = await requireShare(params)
  const page = orNotFound(await loadSharePage(share))
  const first = page.properties[0]
  const subject = share.kind === 'property' ? (first?.title ?? 'a property') : `the shortlist of ${page.broker.fullName}`
  const { setCookie } = await countShareView(share, { request, viewerBrokerId: getAuth(context)?.user.id ?? null, subject })
  const cacheable = request.method === 'GET' && !setCookie && carriesOnlyVisitorCookie(request)
  const headers = new Headers({ 'Cache-Control': cacheable ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL, Vary: 'Cookie' })
  if (setCookie) headers.append('Set-Cookie', setCookie)
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  return data({ page, appUrl, url: `${appUrl}${sharePath(share.kind, share.id)}` }, { headers })
}

/** Feedback on a shared client listing; a property share has nothing to post. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const share = await requireShare(params)
  if (share.kind !== 'client_listing') notFound()
  const result = orNotFound(await submitFeedback(share, context.get(clientAddressContext), await readForm(request)))
  const noStore = { 'Cache-Control': PRIVATE_CACHE_CONTROL }
  if (!result.ok) {
    const { status, retryAfterSeconds, ...feedback } = result.failure
    const headers = retryAfterSeconds ? { ...noStore, 'Retry-After': String(retryAfterSeconds) } : noStore
    return data({ feedback }, { status, headers })
  }
  // A filled honeypot is accepted with nothing saved (no property): nothing to tell the broker.
  if (result.propertyId) await scheduleFeedbackNotice(share)
  setFlash(context, { kind: 'success', message: 'Thank you! Your feedback has been sent to your broker.' })
  // Back to the same page (post/redirect/get), scrolled to the property the client answered.
  const anchor = result.propertyId ? `#property-${result.propertyId}` : ''
  throw redirect(`${sharePath(share.kind, share.id)}${anchor}`, { status: 303, headers: noStore })
}

// The action's own Cache-Control wins over the loader's (a refused post is never cached).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => ({
  'Cache-Control': actionHeaders.get('Cache-Control') ?? loaderHeaders.get('Cache-Control') ?? PRIVATE_CACHE_CONTROL,
  Vary: 'Cookie',
  ...(actionHeaders.has('Retry-After') ? { 'Retry-After': actionHeaders.get('Retry-After')! } : {}),
})

export const meta: Route.MetaFunction = ({ data }) => shareMeta(data)

export default function SharePreview({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData
  if (page.kind === 'client_listing') {
    return <ClientListingView properties={page.properties} broker={page.broker} picked={page.picked} feedback={actionData?.feedback ?? null} />
  }
  const property = page.properties[0]
  return (
    <SharePage broker={page.broker}>
      {property ? <SharedPropertyView property={property} heading="h1" eagerCover /> : null}
    </SharePage>
  )
}
