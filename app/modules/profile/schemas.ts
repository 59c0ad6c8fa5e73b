import { z } from 'zod'

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null))

export const ProfileSchema = z.object({
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
})
export type ProfileInput = z.infer<typeof ProfileSchema>
