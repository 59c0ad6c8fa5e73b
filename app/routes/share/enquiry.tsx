import { data, redirect } from 'react-router'
import { clientAddressContext } from '#app/lib/client-address.server.ts'
import { notFound } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { usedCssMiddleware } from '#app/http/website-cache.server.ts'
import { submitEnquiry } from '#app/modules/leads/form-leads.server.ts'
import { resolveEnquiryDoor, type EnquiryDoor } from '#app/modules/website/enquiry-targets.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import shareCss from '#app/share.css?inline'
import { EnquiryForm } from '#app/ui/enquiry-form.tsx'
import { MAIN_LANDMARK } from '#app/ui/skip-link.tsx'
import type { Route } from './+types/enquiry'

/*
 * The enquiry of a share page, an alert page or an agency website (docs/decisions/036-enquiries-and-website.md),
 * at `{page}/enquiry`: the forms on those pages post here; a refused post shows the form again
 * here with the messages next to the fields (400, or 429 past a rate limit); a taken one goes
 * on (303) to `{page}/enquiry/sent`, the confirmation. No script, the share pages' stylesheet.
 */
export const handle: RouteHandle = { hydrate: false, inlineCss: shareCss }
export const middleware: Route.MiddlewareFunction[] = [usedCssMiddleware]

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** Which page's enquiry this address is, by the route's parameters. */
function doorOf(params: Route.LoaderArgs['params']): EnquiryDoor {
  const p = params as unknown as Record<string, string | undefined>
  if (p.sharedUrlId) return { kind: 'property-share', shareId: p.sharedUrlId }
  if (p.sharedId) return { kind: 'shortlist-share', shareId: p.sharedId }
  if (p.shareId) return { kind: 'alert', shareId: p.shareId }
  return { kind: 'website', slug: p.slug ?? '', listing: p.listing }
}

async function resolve(params: Route.LoaderArgs['params']) {
  const sent = (params as unknown as { sent?: string }).sent
  if (sent !== undefined && sent !== 'sent') notFound()
  const resolved = await resolveEnquiryDoor(doorOf(params))
  if (!resolved) notFound()
  // A website's old address: the same enquiry at the new one.
  if ('moved' in resolved) throw redirect(`${resolved.moved}${sent ? '/sent' : ''}`, { status: 301, headers: NO_STORE })
  return { resolved, sent: sent === 'sent' }
}

export async function loader({ params }: Route.LoaderArgs) {
  const { resolved, sent } = await resolve(params)
  if ('gone' in resolved) return data({ gone: resolved.gone, page: null, sent }, { status: 410, headers: NO_STORE })
  const { target: _target, ...page } = resolved.page
  return data({ gone: null, page, sent }, { headers: NO_STORE })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { resolved, sent } = await resolve(params)
  if (sent) notFound()
  if ('gone' in resolved) return data({ state: null, gone: true }, { status: 410, headers: NO_STORE })
  const result = await submitEnquiry(resolved.page.target, context.get(clientAddressContext), await readForm(request))
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { ...NO_STORE, 'Retry-After': String(result.retryAfterSeconds) } : NO_STORE
    return data({ state: result.state, gone: false }, { status: result.status, headers })
  }
  // Post/redirect/get: a reload of the confirmation sends nothing twice.
  throw redirect(`${resolved.page.enquiryPath}/sent`, { status: 303, headers: NO_STORE })
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  ...NO_STORE,
  ...(actionHeaders.has('Retry-After') ? { 'Retry-After': actionHeaders.get('Retry-After')! } : {}),
})

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.page
      ? loaderData.sent
        ? `Enquiry sent · ${loaderData.page.who}`
        : `${loaderData.page.heading} · ${loaderData.page.who}`
      : loaderData?.gone
        ? 'No longer available'
        : 'Page not found',
  },
  // A form and its confirmation are for the person enquiring, not for search engines.
  { name: 'robots', content: 'noindex' },
]

export default function EnquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, gone, sent } = loaderData
  return (
    <main {...MAIN_LANDMARK} className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-6">
      {gone || actionData?.gone ? (
        <>
          <h1 className="text-2xl font-semibold">This property is no longer available</h1>
          <p>It has been sold, let or taken off the market, so it takes no more enquiries.</p>
          {gone ? (
            <p>
              <a href={gone.backPath}>{gone.backLabel}</a>
            </p>
          ) : null}
        </>
      ) : page && sent ? (
        <section aria-labelledby="sent-heading" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4" data-enquiry-sent="">
          <h1 id="sent-heading" className="text-2xl font-semibold">
            Thank you, your enquiry has been sent
          </h1>
          <p>{`${page.who} has your message and will get back to you soon, by e-mail or phone as you asked.`}</p>
          <p>
            <a href={page.backPath}>{page.backLabel}</a>
          </p>
        </section>
      ) : page ? (
        <>
          <p>
            <a href={page.backPath}>{page.backLabel}</a>
          </p>
          <EnquiryForm action={page.enquiryPath} who={page.who} heading={page.heading} headingLevel="h1" state={actionData?.state ?? null} />
        </>
      ) : null}
      <p className="text-center text-xs text-muted">
        <a href="/privacy">Privacy</a>
      </p>
    </main>
  )
}
