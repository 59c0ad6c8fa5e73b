import { z } from 'zod'

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => value || null)

export const AgencyIdentitySchema = z.object({
  intent: z.literal('identity'),
  name: z.string({ error: 'Agency name is required' }).trim().min(1, 'Agency name is required').max(120, 'Use at most 120 characters'),
  licenceNumber: optionalText(60),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || null)
    .pipe(z.email('Enter a valid email address').nullable()),
  website: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((value) => value || null)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' }).nullable()),
  // One line as clients read it under the agency's name ("Rua Augusta 100, 1100-053 Lisboa").
  address: optionalText(200),
})

export const InviteSchema = z.object({
  intent: z.literal('invite'),
  email: z.email('Enter a valid email address').trim().max(200),
  role: z.enum(['admin', 'agent'], { error: 'Choose a role' }),
})

const memberId = z.uuid('Choose a member')

export const TeamActionSchema = z.discriminatedUnion('intent', [
  AgencyIdentitySchema,
  InviteSchema,
  z.object({ intent: z.literal('revoke'), invitationId: z.uuid() }),
  z.object({ intent: z.literal('role'), userId: memberId, role: z.enum(['admin', 'agent'], { error: 'Choose a role' }) }),
  z.object({ intent: z.literal('remove'), userId: memberId, successorId: memberId }),
  z.object({ intent: z.literal('transfer'), userId: memberId }),
  z.object({ intent: z.literal('leave') }),
  z.object({ intent: z.literal('switch'), agencyId: z.uuid() }),
  z.object({ intent: z.literal('remove-logo') }),
])

export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', agent: 'Agent' } as const
