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
import { countShareView } from '#app/modules/sharing/share-views.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import shareCss from '#app/share.css?inline'
import { ClientListingView } from '#app/ui/listing-view.tsx'
import { SharedPropertyView, SharePage } from '#app/ui/share-page.tsx'
import { EnquiryForm } from '#app/ui/enquiry-form.tsx'
import { enquiryWhoOf } from '#app/modules/leads/enquiry-fields.ts'
import type { Route } from './+types/preview'
import { readForm } from '#app/http/form-body.server.ts'
import {
  isAnonymousShareRequest,
  liveShareContext,
  PRIVATE_CACHE_CONTROL,
  SHARED_CACHE_CONTROL,
  shareSubjectContext,
  sharePageCacheMiddleware,
} from '#app/http/share-page-cache.server.ts'

// Share pages ship no JavaScript at all (cheap phones): the root leaves Scripts out. Their
// stylesheet is inlined, only what they use (app/share.css), so the first paint waits for nothing.
export const handle: RouteHandle = { hydrate: false, inlineCss: shareCss }

// Only a broker carries the flag, and a request with that cookie is never cached publicly. Then
// the link is resolved (404 unless live), and an anonymous visitor's page comes from memory
// while its content is unchanged (app/http/share-page-cache.server.ts).
export const middleware: Route.MiddlewareFunction[] = [clearTrialExpiredFlag, sharePageCacheMiddleware]

/*
 * Caching by others. A share page's bytes depend only on its URL, except for what cookies
 * change: the visitor cookie set on a first view, a toast after feedback (flash cookie), a
 * theme, a session. So a CDN may keep it briefly only when the request carries no cookie but
 * the visitor's and the response sets none; everything else is `private, no-store`. `Vary:
 * Cookie` keeps caches that honour it from serving one visitor's toast to another. The price: a
 * revoked link can stay visible at a CDN for up to s-maxage (5 minutes), and CDN hits are not
 * counted as views.
 */

/** The share the middleware resolved (it answers 404 for anything but a live link of this kind). */
function requireShare(context: Route.LoaderArgs['context']) {
  return context.get(liveShareContext) ?? notFound()
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const share = requireShare(context)
  const page = orNotFound(await loadSharePage(share))
  const first = page.properties[0]
  const subject = share.kind === 'property' ? (first?.title ?? 'a property') : `the shortlist of ${page.broker.fullName}`
  context.set(shareSubjectContext, subject)
  const brokerId = getAuth(context)?.user.id
  const { setCookie } = await countShareView(share, {
    method: request.method,
    cookieHeader: request.headers.get('Cookie'),
    userAgent: request.headers.get('User-Agent'),
    subject,
    viewer: brokerId ? { brokerId } : null,
  })
  const cacheable = request.method === 'GET' && !setCookie && isAnonymousShareRequest(request)
  const headers = new Headers({ 'Cache-Control': cacheable ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL, Vary: 'Cookie' })
  if (setCookie) headers.append('Set-Cookie', setCookie)
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  return data({ page, appUrl, url: `${appUrl}${sharePath(share.kind, share.id)}`, enquiryPath: `${sharePath(share.kind, share.id)}/enquiry` }, { headers })
}

/** Feedback on a shared client listing; a property share has nothing to post. */
export async function action({ request, context }: Route.ActionArgs) {
  const share = requireShare(context)
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
  const { page, enquiryPath } = loaderData
  const who = enquiryWhoOf(page.broker)
  // The enquiry form is the same for every visitor, so the page stays one page in memory.
  if (page.kind === 'client_listing') {
    const enquiry = <EnquiryForm action={enquiryPath} who={who} heading={`Write to ${who}`} />
    return <ClientListingView properties={page.properties} broker={page.broker} picked={page.picked} feedback={actionData?.feedback ?? null} after={enquiry} />
  }
  const property = page.properties[0]
  return (
    <SharePage broker={page.broker}>
      {property ? <SharedPropertyView property={property} heading="h1" eagerCover /> : null}
      {property ? <EnquiryForm action={enquiryPath} who={who} heading="Ask about this property" /> : null}
    </SharePage>
  )
}
