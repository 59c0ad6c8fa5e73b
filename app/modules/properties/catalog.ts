/** Reference data for listings (PRODUCT.md §4). The database enums are built from these lists. */

export const CATEGORIES = ['residential', 'commercial', 'land'] as const
export type Category = (typeof CATEGORIES)[number]

export const TYPES_BY_CATEGORY = {
  residential: ['apartment', 'house', 'villa', 'townhouse', 'studio', 'penthouse'],
  commercial: ['office', 'retail', 'warehouse', 'industrial', 'hotel'],
  land: ['plot', 'farm_land'],
} as const satisfies Record<Category, readonly string[]>
export const PROPERTY_TYPES = [
  ...TYPES_BY_CATEGORY.residential,
  ...TYPES_BY_CATEGORY.commercial,
  ...TYPES_BY_CATEGORY.land,
] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

export const PURPOSES = ['sale', 'rent'] as const
export const RENT_PERIODS = ['monthly', 'weekly', 'daily', 'yearly'] as const
/** The deal status of a listing. */
export const STATUSES = ['draft', 'active', 'under_offer', 'sold', 'rented', 'off_market'] as const
export type PropertyStatus = (typeof STATUSES)[number]
export const VISIBILITIES = ['private', 'public'] as const
export const AREA_UNITS = ['sqm', 'sqft'] as const

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

export const MAX_PHOTOS_PER_PROPERTY = 40
export const MAX_DOCUMENTS_PER_PROPERTY = 40
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024
export const PROPERTIES_PAGE_SIZE = 24
export const MAX_PAGE_SIZE = 100
