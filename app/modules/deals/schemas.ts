import { z } from 'zod'
import { isCurrency } from '#app/lib/currencies.ts'
import { DEAL_STAGES } from '#db/reference.ts'

/** numeric(14, 2): the largest whole amount the column holds. */
export const MAX_DEAL_AMOUNT = 999_999_999_999
export const MAX_DEAL_TITLE_CHARS = 160
export const MAX_DEAL_NOTES_CHARS = 4000


const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_DEAL_AMOUNT, `${label} is too large`)
    .optional()

/** A calendar day as `<input type="date">` sends it; years are kept sane so typos show up. */
const closeDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-06-30')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    const year = date.getUTCFullYear()
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && year >= 2000 && year <= 2100
  }, 'Use a real date between 2000 and 2100')
  .optional()

export const COMMISSION_TYPES = ['amount', 'percent'] as const
export type CommissionType = (typeof COMMISSION_TYPES)[number]

// Conform sends an empty field as undefined, so "required" is the type error's message.
const dealFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(MAX_DEAL_TITLE_CHARS, `Title must be at most ${MAX_DEAL_TITLE_CHARS} characters`),
  value: amount('Value'),
  currency: z
    .string({ error: 'Currency is required' })
    .trim()
    .toUpperCase()
    .refine(isCurrency, 'Use a three-letter ISO currency code, such as USD or EUR'),
  // The commission's form: an amount in the deal's currency, or a percentage of the value.
  commissionType: z.enum(COMMISSION_TYPES, { error: 'Choose an amount or a percentage' }).default('amount'),
  commission: amount('Commission'),
  coBrokerPercent: z
    .number({ error: 'Co-broker split must be a number' })
    .min(0, 'Co-broker split must be between 0 and 100')
    .max(100, 'Co-broker split must be between 0 and 100')
    .optional(),
  expectedCloseDate: closeDate,
  notes: z.string().trim().max(MAX_DEAL_NOTES_CHARS, `Notes must be at most ${MAX_DEAL_NOTES_CHARS} characters`).optional(),
}

function commissionWithinValue(deal: { value?: number; commission?: number; commissionType: CommissionType }, ctx: z.RefinementCtx) {
  if (deal.commissionType === 'percent') {
    if (deal.commission !== undefined && deal.commission > 100) {
      ctx.addIssue({ code: 'custom', path: ['commission'], message: 'A percentage must be between 0 and 100' })
    }
    return
  }
  if (deal.value !== undefined && deal.commission !== undefined && deal.commission > deal.value) {
    ctx.addIssue({ code: 'custom', path: ['commission'], message: 'Commission cannot be more than the deal value' })
  }
}

/** The "New deal" form: on /deals (client chosen in a select) and on a client page (fixed client). */
export const DealCreateSchema = z
  .object({
    // Ownership of both ids is checked by createDeal: a foreign or malformed id is a 404.
    clientId: z.string({ error: 'Choose a client' }),
    propertyId: z.string().optional(),
    ...dealFields,
    redirectTo: z.string().optional(),
  })
  .superRefine(commissionWithinValue)
export type DealCreateValue = z.infer<typeof DealCreateSchema>

/** The edit form on /deal/{id}. */
export const DealUpdateSchema = z.object(dealFields).superRefine(commissionWithinValue)
export type DealUpdateValue = z.infer<typeof DealUpdateSchema>

export const DealStageSchema = z.enum(DEAL_STAGES, { error: 'Choose one of the stages listed' })
