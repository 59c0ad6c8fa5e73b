import { z } from 'zod'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import { logger } from '#app/lib/logger.server.ts'
import { consumeRateLimit, describeRetryAfter } from '#app/modules/security/rate-limit.server.ts'
import { getAgencyMailContext } from '#app/modules/agencies/mail-context.server.ts'
import { callingCodeOf, normaliseEmail, normalisePhone, singleLine } from './contact.ts'
import {
  consentWording,
  ENQUIRY_EMAIL_MAX,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_NAME_MAX,
  ENQUIRY_PHONE_MAX,
  ENQUIRY_VIEWING_TIMES_MAX,
  type EnquiryFormState,
  type EnquiryValues,
} from './enquiry-fields.ts'

/*
 * Enquiries from the public (docs/decisions/036-enquiries-and-website.md): the form of a share
 * page, an alert page or an agency's website becomes a row in `leads` (source `enquiry_form` or
 * `website`), in the agency the page speaks for, with the property when the page is about one.
 * It runs outside any member's scope (the visitor has none) and writes the agency's id itself.
 * Routing picks up every new lead on its own; nothing is sent from here.
 */

/** Where an enquiry goes: the agency, the property (if any), the door, and what limits it. */
export type EnquiryTarget = {
  agencyId: string
  propertyId: string | null
  source: 'enquiry_form' | 'website'
  /** Whom the consent names ("Costa Homes"): the agency, else the broker. */
  consentWho: string
  /** The rate limit of the page's door: a share link, an alert link, an agency's website. */
  limitKey: string
}

/** Per address (IP): a person enquires a few times; a script many. Per share or website: a flood through one door. */
export const ENQUIRY_LIMIT_PER_IP = 10
export const ENQUIRY_IP_WINDOW_SECONDS = 15 * 60
export const ENQUIRY_LIMIT_PER_DOOR = 30
export const ENQUIRY_DOOR_WINDOW_SECONDS = 60 * 60

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

const EnquirySchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(ENQUIRY_NAME_MAX, `Keep the name to ${ENQUIRY_NAME_MAX} characters or fewer.`),
  email: z
    .string()
    .trim()
    .max(ENQUIRY_EMAIL_MAX, 'That e-mail address is too long.')
    .refine((value) => value === '' || normaliseEmail(value) !== null, 'Enter an e-mail address like name@example.com.'),
  phone: z
    .string()
    .trim()
    .max(ENQUIRY_PHONE_MAX, 'That phone number is too long.')
    .refine((value) => value === '' || normalisePhone(value) !== null, 'Enter a phone number with at least five digits.'),
  message: z.string().trim().min(1, 'Write a message.').max(ENQUIRY_MESSAGE_MAX, `Keep the message to ${ENQUIRY_MESSAGE_MAX} characters or fewer.`),
  viewingTimes: z.string().trim().max(ENQUIRY_VIEWING_TIMES_MAX, `Keep the viewing times to ${ENQUIRY_VIEWING_TIMES_MAX} characters or fewer.`),
  consent: z.literal('yes', {
    error: 'Tick the box so we may contact you about your enquiry.',
  }),
})
// Checked beside the fields (zod's object refinements wait for every field to pass first).
const NO_WAY_TO_ANSWER = 'Give an e-mail address or a phone number, so we can answer you.'

export type EnquiryResult =
  | { ok: true; leadId: string | null }
  | {
      ok: false
      status: 400 | 429
      state: EnquiryFormState
      retryAfterSeconds?: number
    }

/** The visitor's typed values, kept for the form shown again (never the honeypot). */
export function enquiryValuesOf(form: FormData): EnquiryValues {
  return {
    name: text(form.get('name')).slice(0, 2 * ENQUIRY_NAME_MAX),
    email: text(form.get('email')).slice(0, 2 * ENQUIRY_EMAIL_MAX),
    phone: text(form.get('phone')).slice(0, 2 * ENQUIRY_PHONE_MAX),
    message: text(form.get('message')).slice(0, 2 * ENQUIRY_MESSAGE_MAX),
    viewingTimes: text(form.get('viewingTimes')).slice(0, 2 * ENQUIRY_VIEWING_TIMES_MAX),
  }
}

/**
 * Takes an enquiry. A filled honeypot (`website`) is accepted and dropped, so a bot learns
 * nothing. Bad input is a 400 with a message per field, checked before the rate limits, so a
 * typo does not use up a try. Past a limit (per IP, then per door) a 429 and nothing written.
 */
export async function submitEnquiry(target: EnquiryTarget, clientAddress: string, form: FormData): Promise<EnquiryResult> {
  const values = enquiryValuesOf(form)
  if (text(form.get('website')) !== '') {
    logger.info({ agencyId: target.agencyId, source: target.source }, 'Enquiry dropped: the honeypot was filled')
    return { ok: true, leadId: null }
  }
  const parsed = EnquirySchema.safeParse({
    ...values,
    consent: text(form.get('consent')),
  })
  const errors: EnquiryFormState['errors'] = {}
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form') as keyof EnquiryFormState['errors']
    errors[field] ??= issue.message
  }
  if (!values.email.trim() && !values.phone.trim()) errors.email ??= NO_WAY_TO_ANSWER
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, status: 400, state: { values, errors } }

  const refusal = await consumeEnquiryAllowance(target, clientAddress)
  if (refusal) {
    const message = `Too many enquiries from here at once. Please wait ${describeRetryAfter(refusal)} and send it again, or call the agency.`
    return {
      ok: false,
      status: 429,
      state: { values, errors: { form: message } },
      retryAfterSeconds: refusal,
    }
  }

  const input = parsed.data
  const context = await getAgencyMailContext(target.agencyId)
  const email = input.email ? normaliseEmail(input.email) : null
  const phone = input.phone ? normalisePhone(input.phone, callingCodeOf(context?.phone)) : null
  const [row] = await getDb()
    .insert(leads)
    .values({
      agencyId: target.agencyId,
      source: target.source,
      propertyId: target.propertyId,
      contactName: singleLine(input.name, ENQUIRY_NAME_MAX),
      contactEmail: email,
      contactPhone: phone?.display ?? null,
      emailNormalized: email,
      phoneE164: phone?.e164 ?? null,
      message: input.message,
      viewingTimes: input.viewingTimes || null,
      consentText: consentWording(target.consentWho),
      consentedAt: new Date(),
    })
    .returning({ id: leads.id })
  logger.info(
    {
      agencyId: target.agencyId,
      leadId: row?.id,
      source: target.source,
      withProperty: Boolean(target.propertyId),
    },
    'Lead received by enquiry form',
  )
  return { ok: true, leadId: row?.id ?? null }
}

/**
 * The address's allowance first: a post it refuses does not eat into the door's, so one noisy
 * address cannot close a share page or a website to everybody else.
 */
async function consumeEnquiryAllowance(target: EnquiryTarget, clientAddress: string): Promise<number | null> {
  const perIp = await consumeRateLimit(`enquiry:ip:${clientAddress}`, ENQUIRY_LIMIT_PER_IP, ENQUIRY_IP_WINDOW_SECONDS)
  if (!perIp.allowed) return perIp.retryAfterSeconds
  const perDoor = await consumeRateLimit(`enquiry:${target.limitKey}`, ENQUIRY_LIMIT_PER_DOOR, ENQUIRY_DOOR_WINDOW_SECONDS)
  return perDoor.allowed ? null : perDoor.retryAfterSeconds
}
