import { getAgencyIdentities, type AgencyIdentityWithLogo } from '#app/modules/agencies/agency.server.ts'
import { listAgencyMemberIds, listWebsiteSlugs, type WebsiteAgency } from '#app/modules/agencies/website-address.server.ts'
import { logoUrl } from '#app/modules/media/logo.ts'
import type { PropertyFilters } from '#app/modules/properties/filters.ts'
import {
  agenciesWithOpenListings,
  findWebsiteListing,
  listSitemapListings,
  listWebsiteListings,
  similarWebsiteListings,
  type WebsiteListingCard,
} from '#app/modules/properties/website-listings.server.ts'
import { loadBrokerContacts, contactKey } from '#app/modules/sharing/client-contact.server.ts'
import { loadSharedProperties } from '#app/modules/sharing/share-page.server.ts'
import type { SharedProperty } from '#app/modules/sharing/share-view.ts'
import type { WebsiteAgent, WebsiteIdentity } from './site-view.ts'

export type { WebsiteAgent, WebsiteIdentity } from './site-view.ts'

/*
 * What an agency's public website shows (docs/decisions/036-enquiries-and-website.md): the
 * agency, its agents' cards, its open listings (public and active, as /public-properties
 * decides) and each listing's page. Read outside any scope; each page also says whose changes
 * it shows (`watch`: the agency and its members), so the page cache drops exactly it.
 */

type Watched = { watch: string[] }

function identityOf(agency: WebsiteAgency, identity: AgencyIdentityWithLogo | undefined, agents: WebsiteAgent[]): WebsiteIdentity {
  // An agency not named yet shows what its share pages show: the owner's profile agency name, else their name.
  const owner = agents[0]
  const name = identity?.name.trim() || owner?.agencyName || owner?.fullName || agency.slug
  return {
    slug: agency.slug,
    name,
    logoUrl: identity?.logoId ? logoUrl(identity.logoId, 96) : null,
    licenceNumber: identity?.licenceNumber ?? null,
    address: identity?.address ?? null,
    phone: identity?.phone ?? null,
    email: identity?.email ?? null,
    website: identity?.website ?? null,
  }
}

async function agencyAndAgents(agency: WebsiteAgency) {
  const memberIds = await listAgencyMemberIds(agency.id)
  const [identities, contacts] = await Promise.all([
    getAgencyIdentities([agency.id]),
    // Each agent's own card: no agency block (the page is the agency's).
    loadBrokerContacts(memberIds.map((memberId) => ({ memberId, agencyId: null }))),
  ])
  const agents = memberIds.flatMap((id) => {
    const contact = contacts.get(contactKey({ memberId: id, agencyId: null }))
    return contact ? [{ ...contact, id }] : []
  })
  return { identity: identityOf(agency, identities.get(agency.id), agents), agents, watch: [agency.id, ...memberIds] }
}

export type WebsiteHome = Watched & {
  identity: WebsiteIdentity
  agents: WebsiteAgent[]
  listings: { total: number; totalCapped: boolean; items: WebsiteListingCard[] }
}

/** The agency's page: who they are, its listings matching the filters, its agents. */
export async function loadWebsiteHome(agency: WebsiteAgency, filters: PropertyFilters): Promise<WebsiteHome> {
  const [frame, listings] = await Promise.all([agencyAndAgents(agency), listWebsiteListings(agency.id, filters)])
  return { ...frame, listings }
}

export type WebsiteListingPage = Watched &
  (
    | { open: true; identity: WebsiteIdentity; property: SharedProperty; agent: WebsiteAgent | null; createdAt: Date; updatedAt: Date }
    | { open: false; identity: WebsiteIdentity; title: string; similar: WebsiteListingCard[] }
  )

/**
 * One listing's page: open, with its facts, photos and agent; or closed (sold, withdrawn, no
 * longer public) with similar open listings of the agency. Null for an id that was never the
 * agency's: its page is a 404, with the agency's newest listings.
 */
export async function loadWebsiteListing(agency: WebsiteAgency, propertyId: string): Promise<WebsiteListingPage | null> {
  const [frame, state] = await Promise.all([agencyAndAgents(agency), findWebsiteListing(agency.id, propertyId)])
  if (!state) return null
  if (!state.open) {
    const similar = await similarWebsiteListings(agency.id, state)
    return { open: false, identity: frame.identity, title: state.title, similar, watch: frame.watch }
  }
  const [property] = await loadSharedProperties(state.ownerId, [state.id])
  if (!property) {
    return { open: false, identity: frame.identity, title: state.title, similar: await similarWebsiteListings(agency.id, { id: state.id }), watch: frame.watch }
  }
  // Documents are shared with clients through links, not with the public.
  const shown: SharedProperty = { ...property, documents: [], note: '' }
  return {
    open: true,
    identity: frame.identity,
    property: shown,
    agent: frame.agents.find((agent) => agent.id === state.ownerId) ?? null,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    watch: frame.watch,
  }
}

/** The frame and the newest listings, for a listing address that was never the agency's (404). */
export async function loadWebsiteMissing(agency: WebsiteAgency) {
  const [frame, similar] = await Promise.all([agencyAndAgents(agency), similarWebsiteListings(agency.id)])
  return { identity: frame.identity, similar, watch: frame.watch }
}

/** The agency as its website names it (the enquiry page's heading and consent say the same). */
export async function loadWebsiteIdentity(agency: WebsiteAgency): Promise<WebsiteIdentity> {
  return (await agencyAndAgents(agency)).identity
}

/** Every open listing of the agency, for its sitemap. */
export const loadSitemapListings = (agencyId: string) => listSitemapListings(agencyId)

/** Sitemap index entries: the websites with at least one open listing (at most 50,000). */
export async function loadWebsiteSlugs(): Promise<string[]> {
  return listWebsiteSlugs(await agenciesWithOpenListings(50_000))
}
