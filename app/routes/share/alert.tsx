import { data, redirect } from 'react-router'
import { clientAddressContext } from '#app/lib/client-address.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { findAlertedProperty, loadAlertPage, resolveAlertShare } from '#app/modules/alerts/alert-page.server.ts'
import { scheduleFeedbackNotice } from '#app/modules/notices/feedback-notices.server.ts'
import { submitFeedback } from '#app/modules/sharing/feedback.server.ts'
import { sharePath } from '#app/modules/sharing/share-links.ts'
import type { RouteHandle } from '#app/root.tsx'
import { AlertView } from '#app/ui/alert-view.tsx'
import { EnquiryForm } from '#app/ui/enquiry-form.tsx'
import { enquiryWhoOf } from '#app/modules/leads/enquiry-fields.ts'
import { brokerSignOff } from '#app/ui/share-page.tsx'
import type { Route } from './+types/alert'

// Like every client page: no JavaScript (docs/decisions/006-sharing.md).
export const handle: RouteHandle = { hydrate: false }

// The page shows what was mailed to one client and the picks they made: never cached by others.
const NO_STORE = { 'Cache-Control': 'private, no-store' }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `New properties for you · ${brokerSignOff(loaderData.broker)}` : 'Page not found' },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const share = orNotFound(await resolveAlertShare(params.shareId))
  const page = orNotFound(await loadAlertPage(share))
  return data(page, { headers: NO_STORE })
}

/** Interested / Not for me / a comment: stored as shortlist feedback is, so the broker sees it there. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const share = orNotFound(await resolveAlertShare(params.shareId))
  const form = await readForm(request)
  const result = orNotFound(await submitFeedback(share, context.get(clientAddressContext), form, findAlertedProperty))
  if (!result.ok) {
    const { status, retryAfterSeconds, ...feedback } = result.failure
    const headers = retryAfterSeconds ? { ...NO_STORE, 'Retry-After': String(retryAfterSeconds) } : NO_STORE
    return data({ feedback }, { status, headers })
  }
  if (result.propertyId) await scheduleFeedbackNotice(share)
  setFlash(context, { kind: 'success', message: 'Thank you! Your feedback has been sent to your broker.' })
  const anchor = result.propertyId ? `#property-${result.propertyId}` : ''
  throw redirect(`${sharePath('client_alert', share.id)}${anchor}`, { status: 303, headers: NO_STORE })
}

export const headers: Route.HeadersFunction = () => NO_STORE

export default function AlertPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const who = enquiryWhoOf(loaderData.broker)
  return (
    <AlertView
      {...loaderData}
      feedback={actionData?.feedback ?? null}
      after={<EnquiryForm action={`${sharePath('client_alert', params.shareId)}/enquiry`} who={who} heading={`Write to ${who}`} />}
    />
  )
}
