/** The facts a listing shows (owner's page, share pages). */
export type PropertyFactsData = {
  referenceCode: string | null
  street: string | null
  area: string | null
  city: string | null
  region: string | null
  postalCode: string | null
  country: string | null
  bedrooms: number | null
  bathrooms: number | null
  parking: number | null
  floor: number | null
  yearBuilt: number | null
  furnished: boolean | null
  builtArea: number | null
  landArea: number | null
  areaUnit: string
  features: string[]
  tags: string[]
}
