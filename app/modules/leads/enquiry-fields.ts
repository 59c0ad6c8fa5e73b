/*
 * The enquiry form of share pages, alert pages and agency websites (docs/decisions/036-enquiries-and-website.md):
 * what the page renders and the server checks. Plain data: the UI imports it.
 */

export const ENQUIRY_NAME_MAX = 200
export const ENQUIRY_EMAIL_MAX = 254
export const ENQUIRY_PHONE_MAX = 50
export const ENQUIRY_MESSAGE_MAX = 5000
export const ENQUIRY_VIEWING_TIMES_MAX = 500

export const ENQUIRY_FIELDS = ['name', 'email', 'phone', 'message', 'viewingTimes', 'consent'] as const
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number]

export type EnquiryValues = { name: string; email: string; phone: string; message: string; viewingTimes: string }
export type EnquiryFormState = {
  values: EnquiryValues
  errors: Partial<Record<EnquiryField | 'form', string>>
}

/**
 * The words of the consent box, kept on the lead exactly as shown (`consent_text`), with the
 * time it was ticked: who may contact the person, what for, and where the privacy notice is.
 */
export function consentWording(who: string) {
  return `I agree that ${who || 'the agency'} may contact me about this enquiry by e-mail or phone, and keep my details for that purpose. I can ask for them to be deleted at any time.`
}

/** Whom a client's page speaks for, as the consent names it: the agency, else the broker. */
export const enquiryWhoOf = (broker: { agencyName: string | null; fullName: string }) => broker.agencyName || broker.fullName || 'your broker'

export const EMPTY_ENQUIRY: EnquiryValues = { name: '', email: '', phone: '', message: '', viewingTimes: '' }
