import type { SharedProperty } from '#app/modules/sharing/share-view.ts'
import { photoUrl, type PhotoForImage } from '#app/modules/media/variants.ts'

/*
 * A listing for search engines, as schema.org JSON-LD (docs/decisions/036-enquiries-and-website.md):
 * a RealEstateListing (the page) whose `offers` is the Offer (price, currency, sale or rent, the
 * agency offering it) and whose `about` is the place itself (an Apartment, a House, or a Place for
 * commercial property and land) with its address, rooms and floor size. Only the public facts of
 * the listing; tests/integration/website.test.ts checks every property against its schema.org type.
 */

const RESIDENCE_TYPE: Record<string, string> = {
  apartment: 'Apartment',
  studio: 'Apartment',
  penthouse: 'Apartment',
  house: 'House',
  villa: 'House',
  townhouse: 'House',
}

/** The UN/CEFACT codes schema.org uses for square metres and square feet. */
const AREA_UNIT_CODE: Record<string, string> = { sqm: 'MTK', sqft: 'FTK' }

/** Drops absent values, so the JSON says only what is known. */
function present<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== '')) as T
}

export type ListingJsonLdInput = {
  property: SharedProperty
  url: string
  appUrl: string
  agency: { name: string; url: string; telephone: string | null; email: string | null; logoUrl: string | null }
  createdAt: Date
  updatedAt: Date
}

export function listingJsonLd({ property: p, url, appUrl, agency, createdAt, updatedAt }: ListingJsonLdInput) {
  const residence = RESIDENCE_TYPE[p.type]
  const address = present({
    '@type': 'PostalAddress',
    streetAddress: p.street,
    addressLocality: [p.area, p.city].filter(Boolean).join(', ') || null,
    addressRegion: p.region,
    postalCode: p.postalCode,
    addressCountry: p.country,
  })
  const place = present({
    '@type': residence ?? 'Place',
    name: p.title,
    address: Object.keys(address).length > 1 ? address : null,
    ...(residence
      ? {
          numberOfBedrooms: p.bedrooms,
          numberOfBathroomsTotal: p.bathrooms,
          floorSize: p.builtArea === null ? null : { '@type': 'QuantitativeValue', value: p.builtArea, unitCode: AREA_UNIT_CODE[p.areaUnit] ?? 'MTK' },
          yearBuilt: p.yearBuilt,
        }
      : {}),
  })
  const offeredBy = present({
    '@type': 'RealEstateAgent',
    name: agency.name,
    url: agency.url,
    telephone: agency.telephone,
    email: agency.email,
    logo: agency.logoUrl ? `${appUrl}${agency.logoUrl}` : null,
  })
  return present({
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    url,
    name: p.title,
    description: p.description ? p.description.slice(0, 5000) : null,
    identifier: p.referenceCode,
    datePosted: createdAt.toISOString(),
    dateModified: updatedAt.toISOString(),
    image: p.photos.length ? p.photos.slice(0, 10).map((photo: PhotoForImage) => `${appUrl}${photoUrl(photo, 'large')}`) : null,
    about: place,
    offers: present({
      '@type': 'Offer',
      url,
      price: p.price,
      priceCurrency: p.price === null ? null : p.currency,
      availability: 'https://schema.org/InStock',
      // GoodRelations' business functions, as schema.org's Offer names them: for sale, or to let.
      businessFunction: p.purpose === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      offeredBy,
    }),
  })
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the element. */
export function jsonForScript(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
