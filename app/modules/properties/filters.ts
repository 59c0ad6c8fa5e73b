import { z } from 'zod'
import { parseQueryFields } from '#app/lib/query-fields.ts'
import { MAX_PAGE_SIZE, PROPERTIES_PAGE_SIZE } from './catalog.ts'
import { parseTags } from './schemas.ts'
import { PROPERTY_TYPES, PURPOSES, STATUSES } from '#db/reference.ts'

export const SORTS = ['newest', 'price_asc', 'price_desc'] as const

const optionalNumber = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).min(0, `${label} cannot be negative`).optional()

const FILTER_FIELDS = {
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional(),
  city: z.string().trim().max(120, 'City or area must be at most 120 characters').optional(),
  tags: z.string().max(600).optional().transform(parseTags),
  status: z.enum(STATUSES, { error: 'Unknown status' }).optional(),
  type: z.enum(PROPERTY_TYPES, { error: 'Unknown type' }).optional(),
  purpose: z.enum(PURPOSES, { error: 'Unknown purpose' }).optional(),
  minPrice: optionalNumber('Minimum price'),
  maxPrice: optionalNumber('Maximum price'),
  minBedrooms: z.coerce.number({ error: 'Bedrooms must be a number' }).int('Bedrooms must be a whole number').min(0).max(100).optional(),
  sort: z.enum(SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  // Not a form field: a larger size is clamped rather than reported.
  pageSize: z.coerce.number().int().min(1).default(PROPERTIES_PAGE_SIZE).transform((n) => Math.min(n, MAX_PAGE_SIZE)),
}

export type PropertyFilters = { [K in keyof typeof FILTER_FIELDS]: z.output<(typeof FILTER_FIELDS)[K]> } & {
  /** Only these properties (a bulk export of ticked rows); not a list filter of its own. */
  ids?: readonly string[]
  /** Only those assigned to this member ("Mine", or a member an owner or admin picks); the route reads it. */
  assignedTo?: string
}

/** Reads the filters from the query string (see parseQueryFields); min > max is reported too. */
export function parsePropertyFilters(params: URLSearchParams) {
  const { values, errors } = parseQueryFields(FILTER_FIELDS, params)
  const result = values as PropertyFilters
  if (result.minPrice !== undefined && result.maxPrice !== undefined && result.minPrice > result.maxPrice) {
    errors.maxPrice = 'Maximum price must be at least the minimum price'
    result.maxPrice = undefined
  }
  return { filters: result, errors }
}

/** The words of a search box (at most 8): only letters and digits survive. */
export function searchWords(text: string | undefined): string[] {
  return ((text ?? '').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
}
