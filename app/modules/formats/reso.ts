/**
 * The RESO Data Dictionary values we write and read (docs/reso-mapping.md). Our own values
 * travel in their own columns too (status, type, category, purpose), so a round trip is exact;
 * these are for portals and spreadsheets that speak RESO.
 */
import type { Category, PropertyStatus, PropertyType, Purpose } from '#db/reference.ts'

export const STANDARD_STATUS: Record<PropertyStatus, string> = {
  draft: 'Incomplete',
  active: 'Active',
  under_offer: 'ActiveUnderContract',
  sold: 'Closed',
  rented: 'Closed',
  off_market: 'Withdrawn',
}

/** RESO StandardStatus → ours; Closed is sold or rented by the purpose. Other RESO values read as the nearest. */
export function statusFromStandardStatus(value: string, purpose: Purpose): PropertyStatus | null {
  switch (value.replace(/[\s_-]/g, '').toLowerCase()) {
    case 'incomplete':
    case 'comingsoon':
      return 'draft'
    case 'active':
      return 'active'
    case 'activeundercontract':
    case 'pending':
      return 'under_offer'
    case 'closed':
      return purpose === 'rent' ? 'rented' : 'sold'
    case 'withdrawn':
    case 'canceled':
    case 'cancelled':
    case 'expired':
    case 'hold':
      return 'off_market'
    default:
      return null
  }
}

/** RESO PropertyType (the resource's class) from our category and purpose. */
export function resoPropertyType(category: Category, type: PropertyType, purpose: Purpose): string {
  if (category === 'land') return type === 'farm_land' ? 'Farm' : 'Land'
  if (category === 'commercial') return purpose === 'rent' ? 'Commercial Lease' : 'Commercial Sale'
  return purpose === 'rent' ? 'Residential Lease' : 'Residential'
}

/** RESO PropertyType → our category and purpose (null: not one we know). */
export function categoryFromResoPropertyType(value: string): { category: Category; purpose?: Purpose } | null {
  switch (value.replace(/[\s_-]/g, '').toLowerCase()) {
    case 'residential':
      return { category: 'residential', purpose: 'sale' }
    case 'residentiallease':
      return { category: 'residential', purpose: 'rent' }
    case 'commercialsale':
      return { category: 'commercial', purpose: 'sale' }
    case 'commerciallease':
      return { category: 'commercial', purpose: 'rent' }
    case 'land':
    case 'farm':
      return { category: 'land' }
    default:
      return null
  }
}

export const RESO_SUBTYPE: Record<PropertyType, string> = {
  apartment: 'Apartment',
  house: 'Single Family Residence',
  villa: 'Single Family Residence',
  townhouse: 'Townhouse',
  studio: 'Apartment',
  penthouse: 'Condominium',
  office: 'Office',
  retail: 'Retail',
  warehouse: 'Warehouse',
  industrial: 'Industrial',
  hotel: 'Hotel/Motel',
  plot: 'Unimproved Land',
  farm_land: 'Agriculture',
}

/** RESO PropertySubType → our type, for files without our own `type` column (first match wins). */
export const TYPE_FROM_RESO_SUBTYPE: Record<string, PropertyType> = {
  apartment: 'apartment',
  condominium: 'apartment',
  singlefamilyresidence: 'house',
  townhouse: 'townhouse',
  office: 'office',
  retail: 'retail',
  warehouse: 'warehouse',
  industrial: 'industrial',
  hotelmotel: 'hotel',
  unimprovedland: 'plot',
  agriculture: 'farm_land',
  farm: 'farm_land',
}

export const AREA_UNITS_RESO = { sqm: 'Square Meters', sqft: 'Square Feet' } as const

export function areaUnitFromReso(value: string): 'sqm' | 'sqft' | null {
  const v = value.replace(/[\s_.²-]/g, '').toLowerCase()
  if (['squaremeters', 'squaremetres', 'sqm', 'm2', 'm'].includes(v)) return 'sqm'
  if (['squarefeet', 'sqft', 'ft2', 'ft'].includes(v)) return 'sqft'
  return null
}
