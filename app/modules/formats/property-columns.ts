import type { PropertyRow } from '#app/modules/properties/bulk.server.ts'
import { AREA_UNITS_RESO, RESO_SUBTYPE, resoPropertyType, STANDARD_STATUS } from './reso.ts'

/**
 * The property CSV: one column per field, RESO Data Dictionary names where RESO has one, our
 * own names (camelCase, as in the app) where it does not (docs/reso-mapping.md). `aliases` are
 * the other headers an import accepts for the same field (compared by headerKey).
 */
export type Column<Row> = { header: string; cell: (row: Row) => unknown; aliases?: string[] }

const list = (items: readonly string[]) => items.join(', ')

export const PROPERTY_COLUMNS: Column<PropertyRow>[] = [
  // RESO's ListingId identifies the listing, so it is never empty: the broker's reference, else
  // our id. The reference as typed (empty too) travels in referenceCode, which an import of our
  // own file reads instead (export → import stays lossless).
  { header: 'ListingId', cell: (p) => p.referenceCode || p.id, aliases: ['reference', 'ref', 'ref code'] },
  { header: 'referenceCode', cell: (p) => p.referenceCode },
  { header: 'title', cell: (p) => p.title, aliases: ['name', 'headline'] },
  { header: 'category', cell: (p) => p.category },
  { header: 'type', cell: (p) => p.type, aliases: ['property type ours'] },
  { header: 'purpose', cell: (p) => p.purpose, aliases: ['transaction', 'listing purpose'] },
  { header: 'rentPeriod', cell: (p) => p.rentPeriod, aliases: ['rent period', 'price_freq'] },
  { header: 'PropertyType', cell: (p) => resoPropertyType(p.category, p.type, p.purpose) },
  { header: 'PropertySubType', cell: (p) => RESO_SUBTYPE[p.type] },
  { header: 'ListPrice', cell: (p) => p.price, aliases: ['price'] },
  { header: 'currency', cell: (p) => p.currency, aliases: ['CurrencyCode', 'ListPriceCurrency'] },
  { header: 'StandardStatus', cell: (p) => STANDARD_STATUS[p.status] },
  { header: 'status', cell: (p) => p.status, aliases: ['MlsStatus', 'deal status'] },
  { header: 'visibility', cell: (p) => p.visibility },
  { header: 'BedroomsTotal', cell: (p) => p.bedrooms, aliases: ['bedrooms', 'beds'] },
  { header: 'BathroomsTotalInteger', cell: (p) => p.bathrooms, aliases: ['bathrooms', 'baths', 'BathroomsFull'] },
  { header: 'ParkingTotal', cell: (p) => p.parking, aliases: ['parking'] },
  { header: 'floor', cell: (p) => p.floor, aliases: ['level'] },
  { header: 'LivingArea', cell: (p) => p.builtArea, aliases: ['builtArea', 'built area', 'surface'] },
  { header: 'LivingAreaUnits', cell: (p) => AREA_UNITS_RESO[p.areaUnit], aliases: ['areaUnit', 'area unit', 'LotSizeUnits'] },
  { header: 'LotSizeArea', cell: (p) => p.landArea, aliases: ['landArea', 'land area', 'plot size'] },
  { header: 'YearBuilt', cell: (p) => p.yearBuilt, aliases: ['year built'] },
  { header: 'Furnished', cell: (p) => (p.furnished === null ? null : p.furnished ? 'Furnished' : 'Unfurnished') },
  { header: 'UnparsedAddress', cell: (p) => p.street, aliases: ['street', 'address', 'StreetAddress'] },
  { header: 'area', cell: (p) => p.area, aliases: ['neighbourhood', 'neighborhood', 'SubdivisionName', 'district'] },
  { header: 'City', cell: (p) => p.city, aliases: ['town'] },
  { header: 'StateOrProvince', cell: (p) => p.region, aliases: ['region', 'province', 'state'] },
  { header: 'PostalCode', cell: (p) => p.postalCode, aliases: ['postcode', 'zip', 'zip code', 'postal code'] },
  { header: 'Country', cell: (p) => p.country },
  { header: 'Latitude', cell: (p) => p.latitude, aliases: ['lat'] },
  { header: 'Longitude', cell: (p) => p.longitude, aliases: ['lng', 'lon', 'long'] },
  { header: 'PublicRemarks', cell: (p) => p.description, aliases: ['description', 'desc', 'remarks'] },
  { header: 'PrivateRemarks', cell: (p) => p.privateNotes, aliases: ['privateNotes', 'private notes'] },
  { header: 'features', cell: (p) => list(p.features), aliases: ['amenities'] },
  { header: 'tags', cell: (p) => list(p.tags) },
  { header: 'OriginalEntryTimestamp', cell: (p) => p.createdAt, aliases: ['createdAt', 'created', 'ListingContractDate', 'listed on'] },
  { header: 'ModificationTimestamp', cell: (p) => p.updatedAt, aliases: ['updatedAt'] },
]
