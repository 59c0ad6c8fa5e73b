import type { PhotoForImage } from '#app/modules/media/variants.ts'
import type { BrokerContact } from '#app/modules/sharing/share-view.ts'

/** What an agency website's pages show of the agency (docs/decisions/036-enquiries-and-website.md). */
export type WebsiteIdentity = {
  slug: string
  name: string
  logoUrl: string | null
  licenceNumber: string | null
  address: string | null
  phone: string | null
  email: string | null
  website: string | null
}

/** A member's contact card on the website. */
export type WebsiteAgent = BrokerContact & { id: string }

/** A listing in the website's lists: the facts of a card and its cover. */
export type WebsiteCard = {
  id: string
  title: string
  type: string
  price: number | null
  currency: string
  purpose: string
  rentPeriod: string | null
  city: string | null
  area: string | null
  bedrooms: number | null
  builtArea: number | null
  landArea: number | null
  areaUnit: string
  cover: PhotoForImage | null
}
