import { z } from 'zod'
import { isCurrency } from '#app/lib/currencies.ts'
import { commaListField, tagsField } from '#app/modules/properties/schemas.ts'
import { CATEGORIES, PROPERTY_TYPES, PURPOSES, CLIENT_KINDS, CLIENT_STAGES } from '#db/reference.ts'

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional()
const amount = (label: string) =>
  z.number({ error: `${label} must be a number` }).min(0, `${label} cannot be negative`).max(1_000_000_000_000, `${label} is too large`).optional()

/** A place's identity for duplicates: "São João" and "sao joao" are one place. */
export const placeKey = (place: string) => place.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * "Lisbon, Alfama ,lisbon" → ["Lisbon", "Alfama"]: kept as typed (the first spelling wins), because
 * a broker reads them back; matching folds case and accents in SQL (fold_text).
 */
export function parsePlaces(value: string | undefined): string[] {
  const byKey = new Map<string, string>()
  for (const typed of (value ?? '').split(',')) {
    const place = typed.trim().replace(/\s+/g, ' ')
    if (place && !byKey.has(placeKey(place))) byKey.set(placeKey(place), place)
  }
  return [...byKey.values()]
}

const placesField = commaListField(parsePlaces, { maxChars: 600, maxItems: 20, maxItemChars: 120, what: 'Cities and areas', whatEach: 'place' })

export const ClientFormSchema = z
  .object({
    fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(120, 'Full name must be at most 120 characters'),
    email: z.string().trim().max(254, 'Email is too long').pipe(z.email('Enter a valid email address')).optional(),
    phone: optionalText(40, 'Phone').refine((v) => !v || /^\+?[0-9 ()./-]{5,40}$/.test(v), 'Enter a phone number using digits, spaces, +, -, ( and )'),
    kind: z.enum(CLIENT_KINDS, { error: 'Choose a kind of client' }),
    stage: z.enum(CLIENT_STAGES, { error: 'Choose a stage' }).default('new'),
    source: optionalText(120, 'Source'),
    tags: tagsField(),
    notes: optionalText(10_000, 'Notes'),
    wantedPurpose: z.enum(PURPOSES).optional(),
    wantedCategories: z.array(z.enum(CATEGORIES)).default([]),
    wantedTypes: z.array(z.enum(PROPERTY_TYPES)).default([]),
    budgetMin: amount('Minimum budget'),
    budgetMax: amount('Maximum budget'),
    budgetCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCurrency, 'Use a three-letter ISO currency code, such as USD or EUR')
      // Left out: a new client's budget is in the broker's default currency, a stored one keeps its own.
      .optional(),
    wantedPlaces: placesField,
    minBedrooms: z.number({ error: 'Bedrooms must be a whole number' }).int('Bedrooms must be a whole number').min(0, 'Bedrooms cannot be negative').max(100, 'Bedrooms must be at most 100').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.budgetMin !== undefined && v.budgetMax !== undefined && v.budgetMin > v.budgetMax) {
      ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: 'Maximum budget must be at least the minimum' })
    }
  })
export type ClientFormValue = z.infer<typeof ClientFormSchema>

export const ClientStageSchema = z.object({ stage: z.enum(CLIENT_STAGES, { error: 'Choose a stage' }) })
