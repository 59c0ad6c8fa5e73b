import { z } from 'zod'

/*
 * Reply templates (docs/decisions/037-lead-routing-and-replies.md): plain text with placeholders,
 * filled in when a broker replies to a lead by e-mail or opens WhatsApp with the text. The
 * standard ones are offered to every agency; owners and admins add their own. A plain module:
 * the pages import it.
 */

export const PLACEHOLDERS = {
  name: "the person's name",
  first_name: "the person's first name",
  property: 'the property they asked about',
  agent: 'your name',
  agent_phone: 'your phone',
  agency: "the agency's name",
} as const
export type Placeholder = keyof typeof PLACEHOLDERS
export type TemplateValues = Record<Placeholder, string>

/** The text with each {{placeholder}} filled in; an unknown one stays as written. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) => (key in values ? values[key as Placeholder] : whole))
}

export type ReplyTemplate = { id: string; name: string; subject: string; body: string; standard: boolean }

export const STANDARD_TEMPLATES: readonly ReplyTemplate[] = [
  {
    id: 'standard-thanks',
    name: 'Thank you for your enquiry',
    subject: 'Your enquiry about {{property}}',
    body: 'Hello {{first_name}},\n\nThank you for your enquiry about {{property}}. I would be glad to tell you more and to show it to you.\n\nWhen would suit you for a call or a viewing?\n\nKind regards,\n{{agent}}\n{{agency}}\n{{agent_phone}}',
    standard: true,
  },
  {
    id: 'standard-viewing',
    name: 'Offer a viewing',
    subject: 'A viewing of {{property}}',
    body: 'Hello {{first_name}},\n\nThank you for your interest in {{property}}. I can show it to you this week: please tell me two or three times that suit you and I will confirm one.\n\nKind regards,\n{{agent}}\n{{agent_phone}}',
    standard: true,
  },
  {
    id: 'standard-call',
    name: 'Ask for a call',
    subject: 'Your enquiry',
    body: 'Hello {{first_name}},\n\nThank you for getting in touch. Could we speak by phone? Tell me a good time and the best number to reach you, or call me on {{agent_phone}}.\n\nKind regards,\n{{agent}}\n{{agency}}',
    standard: true,
  },
]

export const STANDARD_TEMPLATE_IDS: ReadonlySet<string> = new Set(STANDARD_TEMPLATES.map((template) => template.id))

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label}: at most ${max} characters.`)
    .refine((value) => !/[\r\n]/.test(value), `${label} is one line.`)

const bodyText = z
  .string({ error: 'Write the message.' })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1, 'Write the message.').max(5000, 'The message: at most 5,000 characters.'))

export const TemplateFormSchema = z.object({
  name: singleLine('A name', 100),
  subject: singleLine('The subject', 200),
  body: bodyText,
})

export const ReplyFormSchema = z.object({
  intent: z.literal('reply'),
  subject: singleLine('The subject', 200),
  body: bodyText,
})

/** The first name of a full name ("Ana Maria Silva" → "Ana"), or the whole when it has no space. */
export function firstNameOf(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? ''
}
