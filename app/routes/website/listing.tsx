import { data, redirect } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { notFound } from '#app/lib/http.ts'
import { clearTrialExpiredFlag } from '#app/http/nav-state.server.ts'
import { websitePageCacheMiddleware, websiteWatchContext, WEBSITE_CACHE_CONTROL } from '#app/http/website-cache.server.ts'
import { findAgencyBySlug } from '#app/modules/agencies/website-address.server.ts'
import { websiteListingPath } from '#app/modules/agencies/website-slug.ts'
import { photoUrl } from '#app/modules/media/variants.ts'
import { priceText } from '#app/modules/properties/price-text.ts'
import { jsonForScript, listingJsonLd } from '#app/modules/website/json-ld.ts'
import { loadWebsiteListing, loadWebsiteMissing } from '#app/modules/website/website.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import shareCss from '#app/share.css?inline'
import { EnquiryForm } from '#app/ui/enquiry-form.tsx'
import { SharedPropertyView } from '#app/ui/share-page.tsx'
import { AgentCard, ListingCards, WebsiteFrame } from '#app/ui/website-page.tsx'
import type { Route } from './+types/listing'
import { NO_STORE, websiteMeta } from './website-meta.ts'

/*
 * One listing of an agency's website, /a/{slug}/p/{id}-{title} (docs/decisions/036-enquiries-and-website.md).
 * The id is the address; the title part is for people and search engines, and an address whose
 * title part is not the current one answers 301 to the canonical one, so a renamed listing
 * keeps every link. A listing sold, let, withdrawn or no longer public answers 410 with similar
 * listings of the agency; an id that was never the agency's, 404 with its newest listings.
 */
export const handle: RouteHandle = { hydrate: false, inlineCss: shareCss }
export const middleware: Route.MiddlewareFunction[] = [clearTrialExpiredFlag, websitePageCacheMiddleware]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findAgencyBySlug(params.slug)
  if (!found) notFound()
  const url = new URL(request.url)
  const { agency } = found
  if (!found.current) throw redirect(`/a/${agency.slug}/p/${params.listing}${url.search}`, { status: 301, headers: NO_STORE })
  const appUrl = getEnv().APP_URL
  const home = `/a/${agency.slug}`
  const propertyId = params.listing.slice(0, 36)
  const page = isUuid(propertyId) && (params.listing.length === 36 || params.listing[36] === '-') ? await loadWebsiteListing(agency, propertyId) : null
  // Shared caches may keep a cookie-less visitor's page only (Vary: Cookie), as for share pages.
  const cacheable = { 'Cache-Control': request.headers.get('Cookie') ? NO_STORE['Cache-Control'] : WEBSITE_CACHE_CONTROL, Vary: 'Cookie' }
  if (!page) {
    const missing = await loadWebsiteMissing(agency)
    return data({ kind: 'missing' as const, identity: missing.identity, similar: missing.similar, home, appUrl }, { status: 404, headers: NO_STORE })
  }
  context.set(websiteWatchContext, page.watch)
  if (!page.open) {
    return data({ kind: 'gone' as const, identity: page.identity, similar: page.similar, title: page.title, home, appUrl }, { status: 410, headers: cacheable })
  }
  const path = websiteListingPath(agency.slug, page.property)
  if (url.pathname !== path) throw redirect(`${path}${url.search}`, { status: 301, headers: NO_STORE })
  const canonical = `${appUrl}${path}`
  const identity = page.identity
  const jsonLd = listingJsonLd({
    property: page.property,
    url: canonical,
    appUrl,
    agency: { name: identity.name, url: `${appUrl}${home}`, telephone: identity.phone, email: identity.email, logoUrl: identity.logoUrl },
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  })
  const cover = page.property.photos[0]
  return data(
    {
      kind: 'open' as const,
      identity,
      property: page.property,
      agent: page.agent,
      home,
      path,
      appUrl,
      canonical,
      jsonLd: jsonForScript(jsonLd),
      image: cover ? `${appUrl}${photoUrl(cover, 'large')}` : null,
    },
    { headers: cacheable },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? NO_STORE['Cache-Control'],
  Vary: 'Cookie',
})

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]
  const name = loaderData.identity.name
  if (loaderData.kind !== 'open') {
    const title = loaderData.kind === 'gone' ? `${loaderData.title} is no longer available · ${name}` : `Listing not found · ${name}`
    return [{ title }, { name: 'robots', content: 'noindex, follow' }]
  }
  const p = loaderData.property
  return websiteMeta({
    title: `${p.title} · ${name}`,
    description: [priceText(p), [p.area, p.city].filter(Boolean).join(', '), p.description.slice(0, 160)].filter(Boolean).join(' · '),
    canonical: loaderData.canonical,
    image: loaderData.image,
    siteName: name,
    index: true,
  })
}

export default function WebsiteListing({ loaderData }: Route.ComponentProps) {
  const { identity } = loaderData
  const listingHref = (item: { id: string; title: string }) => websiteListingPath(identity.slug, item)
  if (loaderData.kind !== 'open') {
    return (
      <WebsiteFrame identity={identity}>
        <header>
          <h1 className="text-2xl font-semibold">
            {loaderData.kind === 'gone' ? `${loaderData.title} is no longer available` : 'We could not find this listing'}
          </h1>
          <p className="text-muted">
            {loaderData.kind === 'gone'
              ? 'It has been sold, let or taken off the market. These are like it:'
              : 'The address may be mistyped, or the listing is gone. Here are our newest properties:'}
          </p>
        </header>
        {loaderData.similar.length ? <ListingCards items={loaderData.similar} hrefOf={listingHref} eagerFirst /> : <p>There are no other properties at the moment.</p>}
        <p>
          <a href={loaderData.home}>{`See all properties of ${identity.name}`}</a>
        </p>
        <EnquiryForm action={`${loaderData.home}/enquiry`} who={identity.name} heading={`Write to ${identity.name}`} />
      </WebsiteFrame>
    )
  }
  const { property, agent, home, jsonLd } = loaderData
  return (
    <WebsiteFrame identity={identity}>
      {/* Data for search engines (schema.org RealEstateListing with its Offer): not a script that runs. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="text-sm">
        <a href={home}>{`← All properties of ${identity.name}`}</a>
      </p>
      <SharedPropertyView property={property} heading="h1" eagerCover />
      {agent ? (
        <section aria-labelledby="agent-heading" className="flex flex-col gap-2">
          <h2 id="agent-heading" className="text-lg font-semibold">
            Your agent for this property
          </h2>
          <AgentCard agent={agent} />
        </section>
      ) : null}
      <EnquiryForm action={`${home}/p/${property.id}/enquiry`} who={identity.name} heading="Ask about this property" defaultMessage={`I would like to know more about ${property.title}.`} />
    </WebsiteFrame>
  )
}
