import { data, redirect } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { notFound } from '#app/lib/http.ts'
import { clearTrialExpiredFlag } from '#app/http/nav-state.server.ts'
import { websitePageCacheMiddleware, websiteWatchContext, WEBSITE_CACHE_CONTROL } from '#app/http/website-cache.server.ts'
import { findAgencyBySlug } from '#app/modules/agencies/website-address.server.ts'
import { websiteListingPath } from '#app/modules/agencies/website-slug.ts'
import { photoUrl } from '#app/modules/media/variants.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { loadWebsiteHome } from '#app/modules/website/website.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import shareCss from '#app/share.css?inline'
import { EnquiryForm } from '#app/ui/enquiry-form.tsx'
import { AgentCards, ListingCards, WebsiteFrame, WebsitePager, WebsiteSearch } from '#app/ui/website-page.tsx'
import { countOf } from '#app/lib/format.ts'
import type { Route } from './+types/agency'
import { NO_STORE, websiteMeta } from './website-meta.ts'

/*
 * An agency's public website, /a/{slug} (docs/decisions/036-enquiries-and-website.md): its open
 * listings with search and filters in the address (a GET form), its agents and the enquiry form.
 * No script; kept in memory and dropped exactly when something it shows changes
 * (app/http/website-cache.server.ts).
 */
export const handle: RouteHandle = { hydrate: false, inlineCss: shareCss }
export const middleware: Route.MiddlewareFunction[] = [clearTrialExpiredFlag, websitePageCacheMiddleware]

const WEBSITE_PAGE_SIZE = 24
const FILTER_NAMES = ['q', 'type', 'purpose', 'minPrice', 'maxPrice', 'minBedrooms', 'sort'] as const

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findAgencyBySlug(params.slug)
  if (!found) notFound()
  const url = new URL(request.url)
  // A former address: the same page at the current one, for people and search engines alike.
  if (!found.current) throw redirect(`/a/${found.agency.slug}${url.search}`, { status: 301, headers: NO_STORE })
  const { filters, errors } = parsePropertyFilters(url.searchParams)
  const wanted = { ...filters, pageSize: WEBSITE_PAGE_SIZE, tags: [] }
  const home = await loadWebsiteHome(found.agency, wanted)
  context.set(websiteWatchContext, home.watch)
  const appUrl = getEnv().APP_URL
  const searched = FILTER_NAMES.some((name) => {
    const value = url.searchParams.get(name)
    return value && !(name === 'sort' && value === 'newest')
  })
  const base = `/a/${found.agency.slug}`
  const canonical = `${appUrl}${base}${!searched && wanted.page > 1 ? `?page=${wanted.page}` : ''}`
  const query = Object.fromEntries(FILTER_NAMES.flatMap((name) => (url.searchParams.get(name) ? [[name, url.searchParams.get(name)!]] : [])))
  const { watch: _watch, ...shown } = home
  const cover = home.listings.items.find((item) => item.cover)?.cover
  return data(
    {
      ...shown,
      base,
      appUrl,
      canonical,
      searched,
      query,
      page: wanted.page,
      values: { q: wanted.q, type: wanted.type, purpose: wanted.purpose, minPrice: wanted.minPrice, maxPrice: wanted.maxPrice, minBedrooms: wanted.minBedrooms, sort: wanted.sort },
      errors: errors as Record<string, string>,
      image: cover ? `${appUrl}${photoUrl(cover, 'large')}` : null,
    },
    { headers: { 'Cache-Control': request.headers.get('Cookie') ? NO_STORE['Cache-Control'] : WEBSITE_CACHE_CONTROL, Vary: 'Cookie' } },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? NO_STORE['Cache-Control'],
  Vary: 'Cookie',
})

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]
  const { identity, listings } = loaderData
  const places = [identity.address].filter(Boolean).join(' · ')
  return websiteMeta({
    title: `${identity.name} · Properties for sale and to rent`,
    description: [`${countOf(listings.total, 'property', 'properties')}${listings.totalCapped ? '+' : ''} from ${identity.name}`, places].filter(Boolean).join(' · '),
    canonical: loaderData.canonical,
    image: loaderData.image,
    siteName: identity.name,
    // A search is a page for people; the agency's own listing pages are what search engines index.
    index: !loaderData.searched,
  })
}

export default function AgencyWebsite({ loaderData }: Route.ComponentProps) {
  const { identity, listings, agents, base, values, errors, page, query } = loaderData
  const hrefOfPage = (n: number) => `${base}?${new URLSearchParams({ ...query, ...(n > 1 ? { page: String(n) } : {}) }).toString()}`.replace(/\?$/, '')
  return (
    <WebsiteFrame identity={identity}>
      <header>
        <h1 className="text-2xl font-semibold">{identity.name}</h1>
        <p className="text-muted">{`${countOf(listings.total, 'property', 'properties')}${listings.totalCapped ? '+' : ''} for sale and to rent`}</p>
      </header>
      <WebsiteSearch action={base} values={values} errors={errors} />
      {listings.items.length ? (
        <ListingCards items={listings.items} hrefOf={(item) => websiteListingPath(identity.slug, item)} eagerFirst />
      ) : (
        <p>No properties match this search. Try fewer filters.</p>
      )}
      <WebsitePager page={page} hasNext={page * WEBSITE_PAGE_SIZE < listings.total} hrefOf={hrefOfPage} />
      <AgentCards agents={agents} />
      <EnquiryForm action={`${base}/enquiry`} who={identity.name} heading={`Write to ${identity.name}`} />
    </WebsiteFrame>
  )
}
