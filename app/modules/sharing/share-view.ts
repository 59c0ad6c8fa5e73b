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

export type BrokerContact = {
  fullName: string
  /** The 256 px square (/avatars/{id}/256), or null: initials show instead. */
  avatarUrl: string | null
  agencyName: string | null
  licenceNumber: string | null
  phone: string | null
  email: string
}
