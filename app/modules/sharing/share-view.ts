import type { PhotoForImage } from '#app/modules/media/variants.ts'
import type { PropertyFactsData } from '#app/modules/properties/facts.ts'

/** A property as a client sees it: public facts, photos, shared documents, the broker's note. */
export type SharedProperty = PropertyFactsData & {
  id: string
  title: string
  description: string
  type: string
  purpose: string
  rentPeriod: string | null
  status: string
  price: number | null
  currency: string
  note: string
  photos: PhotoForImage[]
  documents: { id: string; title: string }[]
}

/**
 * The agency's own lines on a client's page: what it says beyond its agent's card (a logo, its
 * address, a licence, phone or e-mail other than the agent's, its website).
 */
export type AgencyContact = {
  name: string
  /** The 96 px-high logo (/logos/{id}/96), or null. */
  logoUrl: string | null
  licenceNumber: string | null
  address: string | null
  phone: string | null
  email: string | null
  website: string | null
}

/**
 * Who speaks to the client on their pages and mails: the agent assigned to what they were sent,
 * with the agency's identity (issue 26; client-contact.ts says how the two are merged).
 */
export type BrokerContact = {
  fullName: string
  /** The 256 px square (/avatars/{id}/256), or null: initials show instead. */
  avatarUrl: string | null
  /** The agency's name, else the agent's profile's; the pages' titles sign off with it. */
  agencyName: string | null
  /** The agent's own licence (their profile's). */
  licenceNumber: string | null
  phone: string | null
  email: string
  /** Null when the agency says nothing the agent's card does not (an agency of one as before). */
  agency: AgencyContact | null
}
