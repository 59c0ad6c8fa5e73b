import { z } from 'zod'
import { isCurrency } from '#app/lib/currencies.ts'
import { FEATURES } from './catalog.ts'
import { AREA_UNITS, CATEGORIES, PURPOSES, RENT_PERIODS, STATUSES, TYPES_BY_CATEGORY, VISIBILITIES, type Category } from '#db/reference.ts'

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`)
const optionalText = (max: number, label: string) => text(max, label).optional()
const count = (label: string, max: number) =>
  z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(max, `${label} must be at most ${max}`).optional()
const amount = (label: string, max: number) =>
  z.number({ error: `${label} must be a number` }).min(0, `${label} cannot be negative`).max(max, `${label} is too large`).optional()


/** "Sea view, renovated ,  sea view" → ["sea view", "renovated"] */
export function parseTags(value: string | undefined): string[] {
  if (!value) return []
  const tags = value.split(',').map((t) => t.trim().toLowerCase().replace(/\s+/g, ' ')).filter(Boolean)
  return [...new Set(tags)]
}

/**
 * A comma-separated text input read as a list ("sea view, renovated"). The field's schema is
 * "optional string, then transform", with the list checks as refinements of that transform:
 * getZodConstraint describes a pipe by its output unless the output is a transform, so piping
 * into z.array() would render the text input as `required multiple`, and JavaScript-off
 * browsers would refuse the form until the optional field is filled. Refinements also report
 * at the field itself, where the form shows them (an array item's error would go to `tags[0]`).
 */
export function commaListField(
  split: (value: string | undefined) => string[],
  limits: { maxChars: number; maxItems: number; maxItemChars: number; what: string; whatEach: string },
) {
  return z
    .string()
    .max(limits.maxChars, `${limits.what} must be at most ${limits.maxChars} characters`)
    .optional()
    .transform(split)
    .refine((items) => items.length <= limits.maxItems, `Use at most ${limits.maxItems} ${limits.whatEach}s`)
    .refine(
      (items) => items.every((item) => item.length <= limits.maxItemChars),
      `Each ${limits.whatEach} must be at most ${limits.maxItemChars} characters`,
    )
}

export const tagsField = () =>
  commaListField(parseTags, { maxChars: 600, maxItems: 20, maxItemChars: 40, what: 'Tags', whatEach: 'tag' })

/**
 * The property form for one category: only that category's types, and only the facts that fit
 * it (land has no bedrooms). One schema validates in the browser and on the server.
 */
export function propertyFormSchema(category: Category) {
  const types = TYPES_BY_CATEGORY[category] as unknown as [string, ...string[]]
  const thisYear = new Date().getFullYear()
  return z
    .object({
      // Conform sends an empty field as undefined, so "required" is the type error's message.
      title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(160, 'Title must be at most 160 characters'),
      type: z.enum(types, { error: 'Choose a type' }),
      purpose: z.enum(PURPOSES, { error: 'Choose sale or rent' }),
      rentPeriod: z.enum(RENT_PERIODS, { error: 'Choose a rent period' }).optional(),
      price: amount('Price', 1_000_000_000_000),
      currency: z
        .string({ error: 'Currency is required' })
        .trim()
        .toUpperCase()
        .refine(isCurrency, 'Use a three-letter ISO currency code, such as USD or EUR'),
      referenceCode: optionalText(60, 'Reference code'),
      street: optionalText(200, 'Street'),
      area: optionalText(120, 'Area'),
      city: optionalText(120, 'City'),
      region: optionalText(120, 'Region'),
      postalCode: optionalText(20, 'Postal code'),
      country: optionalText(120, 'Country'),
      latitude: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90').optional(),
      longitude: z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude is between -180 and 180').max(180, 'Longitude is between -180 and 180').optional(),
      builtArea: amount('Built area', 10_000_000),
      areaUnit: z.enum(AREA_UNITS).default('sqm'),
      landArea: amount('Land area', 1_000_000_000),
      bedrooms: count('Bedrooms', 100),
      bathrooms: count('Bathrooms', 100),
      parking: count('Parking', 10_000),
      floor: z.number({ error: 'Floor must be a whole number' }).int('Floor must be a whole number').min(-10, 'Floor is between -10 and 300').max(300, 'Floor is between -10 and 300').optional(),
      yearBuilt: z.number({ error: 'Year built must be a year' }).int('Year built must be a year').min(1500, 'Year built must be after 1500').max(thisYear + 5, `Year built must be ${thisYear + 5} or earlier`).optional(),
      furnished: z.enum(['yes', 'no']).optional(),
      features: z.array(z.enum(FEATURES)).max(FEATURES.length).default([]),
      tags: tagsField(),
      description: optionalText(10_000, 'Description'),
      status: z.enum(STATUSES).default('draft'),
      visibility: z.enum(VISIBILITIES).default('private'),
      privateNotes: optionalText(10_000, 'Private notes'),
    })
    .superRefine((value, ctx) => {
      if (value.purpose === 'rent' && !value.rentPeriod) {
        ctx.addIssue({ code: 'custom', path: ['rentPeriod'], message: 'Choose a rent period' })
      }
      if ((value.latitude === undefined) !== (value.longitude === undefined)) {
        const path = value.latitude === undefined ? 'latitude' : 'longitude'
        ctx.addIssue({ code: 'custom', path: [path], message: 'Give both latitude and longitude, or neither' })
      }
    })
}

export type PropertyFormValue = z.infer<ReturnType<typeof propertyFormSchema>>

export const CategorySchema = z.enum(CATEGORIES)
export const StatusChangeSchema = z.object({ status: z.enum(STATUSES, { error: 'Choose a status' }) })
export const PrivateNotesSchema = z.object({ privateNotes: optionalText(10_000, 'Private notes') })
