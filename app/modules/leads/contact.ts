import parsePhoneNumber from 'libphonenumber-js'
import { removeControlCharacters } from '#app/lib/untrusted-text.ts'

/*
 * A lead's contact as it arrives (any text, from anyone) made safe to keep and comparable: one
 * line each, bounded, the e-mail lower-cased and the phone in E.164 when it can be read
 * (libphonenumber-js), so the same person is found again whichever way they typed it.
 */

export const MAX_NAME_LENGTH = 200
export const MAX_EMAIL_LENGTH = 254
export const MAX_PHONE_LENGTH = 50

/** Text as one line: no control characters, no line breaks, spaces collapsed, at most `max` characters. */
export function singleLine(text: string | null | undefined, max: number): string | null {
  if (!text) return null
  const line = removeControlCharacters(text.replace(/[\r\n\t\u2028\u2029]+/g, ' ')).replace(/\s+/g, ' ').trim()
  if (!line) return null
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

const LOCAL = "[\\p{L}\\p{N}.!#$%&'*+/=?^_`{|}~-]+"
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?'
const EMAIL_SOURCE = `${LOCAL}@${LABEL}(?:\\.${LABEL})+`
const EMAIL_ANYWHERE = new RegExp(EMAIL_SOURCE, 'u')
const EMAIL_ONLY = new RegExp(`^${EMAIL_SOURCE}$`, 'u')

/** The address lower-cased, or null when it is not one (or too long to be one). */
export function normaliseEmail(address: string | null | undefined): string | null {
  const trimmed = address?.trim().replace(/^mailto:/i, '').toLowerCase()
  if (!trimmed || trimmed.length > MAX_EMAIL_LENGTH || !EMAIL_ONLY.test(trimmed)) return null
  // A top-level domain has a letter: "ana@10.0.0.1" is no address anyone enquires from.
  return /\.[\p{L}][\p{L}\p{N}-]*$/u.test(trimmed) ? trimmed : null
}

/** The first e-mail address in a piece of text ("Ana <ana@x.pt>", "mailto:ana@x.pt"), lower-cased. */
export function findEmail(text: string | null | undefined): string | null {
  if (!text) return null
  const found = EMAIL_ANYWHERE.exec(text.slice(0, 2000))
  return found ? normaliseEmail(found[0]) : null
}

/**
 * "Ana Silva <ana@x.pt>", "\"Silva, Ana\" <ana@x.pt>", "Ana Silva [mailto:ana@x.pt]" or a bare
 * address: the name (without quotes) and the address.
 */
export function splitNameAndAddress(text: string | null | undefined): { name: string | null; email: string | null } {
  const email = findEmail(text)
  if (!text || !email) return { name: singleLine(text, MAX_NAME_LENGTH), email: null }
  const name = text
    .replace(/<[^>]*>|\[mailto:[^\]]*\]|\(mailto:[^)]*\)/gi, ' ')
    .replace(new RegExp(EMAIL_SOURCE, 'gu'), ' ')
    .replace(/["'“”‘’]/g, ' ')
  return { name: cleanName(name), email }
}

/** A person's name: one line, no quotes or stray punctuation around it, never an address. */
export function cleanName(text: string | null | undefined): string | null {
  const line = singleLine(text, MAX_NAME_LENGTH)?.replace(/^[\s"'“”‘’,;:.|*-]+|[\s"'“”‘’,;:|*-]+$/g, '')
  if (!line || EMAIL_ANYWHERE.test(line) || !/\p{L}/u.test(line)) return null
  return line
}

export type Phone = { display: string; e164: string | null }

/**
 * A phone number as typed (kept, bounded) and in E.164 when it reads as a valid number: with its
 * own country code ("+351 912…", "00351 912…"), or else in the agency's country (its calling code,
 * `defaultCallingCode`, from the agency's own phone).
 */
export function normalisePhone(text: string | null | undefined, defaultCallingCode?: string): Phone | null {
  const display = singleLine(text?.replace(/^tel:/i, ''), MAX_PHONE_LENGTH)
  // Fewer than five digits is no phone number ("Tel: ask me", "Phone: n/a").
  if (!display || (display.match(/\d/g)?.length ?? 0) < 5) return null
  const dialled = display
    .replace(/\(0\)/g, '')
    .replace(/^\s*00(?=[1-9])/, '+')
    .replace(/[^\d+]/g, '')
  let e164: string | null = null
  try {
    const parsed = parsePhoneNumber(dialled, defaultCallingCode && !dialled.startsWith('+') ? { defaultCallingCode } : undefined)
    if (parsed?.isValid()) e164 = parsed.number
  } catch {
    // A text libphonenumber cannot read at all: kept as typed, with no E.164 form.
  }
  return { display, e164: e164 && /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null }
}

/** The calling code of an international number ("+351 21 000 0000" → "351"), for reading local ones. */
export function callingCodeOf(phone: string | null | undefined): string | undefined {
  if (!phone) return undefined
  try {
    const parsed = parsePhoneNumber(phone.replace(/^\s*00(?=[1-9])/, '+'))
    return parsed?.isValid() ? parsed.countryCallingCode : undefined
  } catch {
    return undefined
  }
}
