import { findAgencyBySlug } from '#app/modules/agencies/website-address.server.ts'
import { websiteListingPath, websitePath } from '#app/modules/agencies/website-slug.ts'
import { loadAlertPage, resolveAlertShare } from '#app/modules/alerts/alert-page.server.ts'
import type { EnquiryTarget } from '#app/modules/leads/form-leads.server.ts'
import { enquiryWhoOf } from '#app/modules/leads/enquiry-fields.ts'
import { findWebsiteListing } from '#app/modules/properties/website-listings.server.ts'
import { loadSharePage } from '#app/modules/sharing/share-page.server.ts'
import { sharePath } from '#app/modules/sharing/share-links.ts'
import { isShareId, resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import type { BrokerContact } from '#app/modules/sharing/share-view.ts'
import { loadWebsiteIdentity } from './website.server.ts'

/*
 * The pages an enquiry form sits on, and where each sends its lead (docs/decisions/036-enquiries-and-website.md):
 * a property's share link (that property), a shortlist's link and an alert link (no one
 * property: the client asks about what the broker sent), an agency's website (no property) and
 * one of its listings (that property). Every target is the agency the page speaks for.
 */

export type EnquiryDoor =
  | { kind: 'property-share'; shareId: string }
  | { kind: 'shortlist-share'; shareId: string }
  | { kind: 'alert'; shareId: string }
  | { kind: 'website'; slug: string; listing?: string }

export type EnquiryPage = {
  target: EnquiryTarget
  /** What the form is about, as its heading says it ("Ask about Sea view flat"). */
  heading: string
  /** The page the form belongs to, and its name for the link back. */
  backPath: string
  backLabel: string
  /** Where this form posts (the canonical address of the enquiry). */
  enquiryPath: string
  /** Whom the page speaks for (the agency, else the broker): the consent names them. */
  who: string
}

export type EnquiryResolution = { page: EnquiryPage } | { moved: string } | { gone: { backPath: string; backLabel: string; who: string } } | null

const signOff = (broker: BrokerContact) => enquiryWhoOf(broker)

/** The enquiry's page for a door: its target, or where it moved, or gone (a closed listing), or null (404). */
export async function resolveEnquiryDoor(door: EnquiryDoor): Promise<EnquiryResolution> {
  if (door.kind === 'website') return resolveWebsiteDoor(door.slug, door.listing)
  if (!isShareId(door.shareId)) return null
  if (door.kind === 'alert') {
    const share = await resolveAlertShare(door.shareId)
    const page = share ? await loadAlertPage(share) : null
    if (!share || !page) return null
    const who = signOff(page.broker)
    const backPath = sharePath('client_alert', share.id)
    return {
      page: {
        target: { agencyId: share.agencyId, propertyId: null, source: 'enquiry_form', consentWho: who, limitKey: `share:${share.id}` },
        heading: `Write to ${who}`,
        backPath,
        backLabel: 'Back to your new properties',
        enquiryPath: `${backPath}/enquiry`,
        who,
      },
    }
  }
  const share = await resolveLiveShare(door.shareId)
  const kind = door.kind === 'property-share' ? 'property' : 'client_listing'
  if (!share || share.kind !== kind) return null
  const page = await loadSharePage(share)
  if (!page) return null
  const who = signOff(page.broker)
  const property = kind === 'property' ? page.properties[0] : undefined
  const backPath = sharePath(share.kind, share.id)
  return {
    page: {
      target: { agencyId: share.agencyId, propertyId: property?.id ?? null, source: 'enquiry_form', consentWho: who, limitKey: `share:${share.id}` },
      heading: property ? `Ask about ${property.title}` : `Write to ${who}`,
      backPath,
      backLabel: property ? `Back to ${property.title}` : 'Back to your shortlist',
      enquiryPath: `${backPath}/enquiry`,
      who,
    },
  }
}

async function resolveWebsiteDoor(slug: string, listing: string | undefined): Promise<EnquiryResolution> {
  const found = await findAgencyBySlug(slug)
  if (!found) return null
  const { agency } = found
  const propertyId = listing?.slice(0, 36)
  if (!found.current) return { moved: propertyId ? `/a/${agency.slug}/p/${propertyId}/enquiry` : `/a/${agency.slug}/enquiry` }
  const who = (await loadWebsiteIdentity(agency)).name
  const home = websitePath(agency.slug)
  const target = { agencyId: agency.id, source: 'website', consentWho: who, limitKey: `website:${agency.id}` } as const
  if (!propertyId) {
    return {
      page: { target: { ...target, propertyId: null }, heading: `Write to ${who}`, backPath: home, backLabel: `Back to ${who}`, enquiryPath: `${home}/enquiry`, who },
    }
  }
  const state = await findWebsiteListing(agency.id, propertyId)
  if (!state) return null
  if (!state.open) return { gone: { backPath: home, backLabel: `See the listings of ${who}`, who } }
  const listingPath = websiteListingPath(agency.slug, state)
  return {
    page: {
      target: { ...target, propertyId: state.id },
      heading: `Ask about ${state.title}`,
      backPath: listingPath,
      backLabel: `Back to ${state.title}`,
      enquiryPath: `${home}/p/${state.id}/enquiry`,
      who,
    },
  }
}
