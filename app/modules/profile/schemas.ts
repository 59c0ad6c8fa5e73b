import { z } from 'zod'
import { isSupportedTimeZone } from './time-zones.ts'
import { isCurrency } from '#app/lib/currencies.ts'
import { AREA_UNITS, FORMAT_STYLES, NOTICE_MODES } from '#db/reference.ts'

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null))

/** The profile form as the browser checks it; the time zone is checked on the server only. */
export const ProfileFieldsSchema = z.object({
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(120, 'Full name must be at most 120 characters'),
  phone: optionalText(40, 'Phone').refine((v) => v === null || /^\+?[0-9 ()./-]{5,40}$/.test(v), {
    message: 'Enter a phone number using digits, spaces, +, -, ( and )',
  }),
  agencyName: optionalText(120, 'Agency name'),
  licenceNumber: optionalText(60, 'Licence number'),
  // Optional: a form without the field (an older page) keeps the broker's zone.
  timeZone: z.string().trim().min(1, 'Choose a time zone').max(64, 'Choose a time zone from the list').optional(),
  // Optional likewise: a form without it keeps the broker's choice.
  noticeMode: z.enum(NOTICE_MODES, { error: 'Choose how to hear about feedback' }).optional(),
  // The broker's defaults (issue 25, defect 3); each optional likewise.
  defaultCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrency, 'Choose a currency from the list')
    .optional(),
  areaUnit: z.enum(AREA_UNITS, { error: 'Choose m² or ft²' }).optional(),
  formatStyle: z.enum(FORMAT_STYLES, { error: 'Choose how dates and numbers read' }).optional(),
})

/** The server's check: the time zone must be one the page offers (time-zones.ts). */
export const ProfileSchema = ProfileFieldsSchema.extend({
  timeZone: ProfileFieldsSchema.shape.timeZone.refine((zone) => zone === undefined || isSupportedTimeZone(zone), {
    message: 'Choose a time zone from the list',
  }),
})
export type ProfileInput = z.infer<typeof ProfileSchema>
