/** Labels and presentation for listings (docs/product.md §4). The value lists themselves are in db/reference.ts. */
import type { Category, PropertyStatus, Purpose } from '#db/reference.ts'

export const FEATURES = [
  'air_conditioning',
  'balcony',
  'central_heating',
  'elevator',
  'fireplace',
  'garage',
  'garden',
  'gym',
  'pets_allowed',
  'security',
  'sea_view',
  'solar_panels',
  'storage',
  'swimming_pool',
  'terrace',
  'wheelchair_access',
] as const
export type Feature = (typeof FEATURES)[number]

export const LABELS: Record<string, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  land: 'Land',
  apartment: 'Apartment',
  house: 'House',
  villa: 'Villa',
  townhouse: 'Townhouse',
  studio: 'Studio',
  penthouse: 'Penthouse',
  office: 'Office',
  retail: 'Retail',
  warehouse: 'Warehouse',
  industrial: 'Industrial',
  hotel: 'Hotel',
  plot: 'Plot',
  farm_land: 'Farm land',
  sale: 'For sale',
  rent: 'For rent',
  monthly: 'per month',
  weekly: 'per week',
  daily: 'per day',
  yearly: 'per year',
  draft: 'Draft',
  active: 'Active',
  under_offer: 'Under offer',
  sold: 'Sold',
  rented: 'Rented',
  off_market: 'Off market',
  private: 'Private',
  public: 'Public',
  sqm: 'm²',
  sqft: 'ft²',
  air_conditioning: 'Air conditioning',
  balcony: 'Balcony',
  central_heating: 'Central heating',
  elevator: 'Elevator',
  fireplace: 'Fireplace',
  garage: 'Garage',
  garden: 'Garden',
  gym: 'Gym',
  pets_allowed: 'Pets allowed',
  security: 'Security',
  sea_view: 'Sea view',
  solar_panels: 'Solar panels',
  storage: 'Storage room',
  swimming_pool: 'Swimming pool',
  terrace: 'Terrace',
  wheelchair_access: 'Wheelchair access',
}

export const label = (value: string) => LABELS[value] ?? value

/** Which optional facts a category's form asks for. */
export const FIELDS_BY_CATEGORY = {
  residential: { bedrooms: true, bathrooms: true, parking: true, floor: true, yearBuilt: true, furnished: true, builtArea: true },
  commercial: { bedrooms: false, bathrooms: true, parking: true, floor: true, yearBuilt: true, furnished: true, builtArea: true },
  land: { bedrooms: false, bathrooms: false, parking: false, floor: false, yearBuilt: false, furnished: false, builtArea: false },
} as const satisfies Record<Category, Record<string, boolean>>

export const PROPERTIES_PAGE_SIZE = 24
export const MAX_PAGE_SIZE = 100

/** What a won deal makes of a listing: a sale is Sold, a rental Rented. */
export const closedStatusOf = (purpose: Purpose): 'sold' | 'rented' => (purpose === 'rent' ? 'rented' : 'sold')
/** Sold or rented: the listing's deal is done (it no longer matches clients, as only active ones do). */
export const isClosedStatus = (status: PropertyStatus) => status === 'sold' || status === 'rented'
