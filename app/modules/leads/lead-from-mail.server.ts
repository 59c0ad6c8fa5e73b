import { isUuid } from '#app/lib/ids.ts'
import { readCards, splitValue, unescapeText } from '#app/modules/formats/vcard.ts'
import { cleanName, findEmail, normaliseEmail, normalisePhone, singleLine, splitNameAndAddress, type Phone } from './contact.ts'
import { readLabelledLines } from './labelled-lines.ts'
import { linksOf, type ReadMail } from './mail-reader.server.ts'
import { MACHINE_SENDER, REFERENCE_CODE, REFERENCE_IN_TEXT, SHARE_LINK_PATH, UUID_IN_TEXT, type LeadField } from './mail-rules.ts'

/*
 * What a mail says about the person and the property (docs/decisions/035-leads-inbound-mail.md).
 * The person, best source first: labelled lines in the text, an attached vCard, the "From:" of a
 * forwarded message, Reply-To, From. A sender that is a machine (no-reply@…) or the agency's own
 * member (who forwarded it) is never the person. The property: a share link, a link to the app
 * or the agency's website, a reference code; the caller looks them up in the agency.
 */

export const MAX_MESSAGE_CHARS = 5000
export const MAX_VIEWING_TIMES_CHARS = 1000
const MAX_HINTS = 20

export type MailLeadOptions = {
  /** Calling code for phone numbers written without one (the agency's country: "351"). */
  defaultCallingCode?: string
  /** Addresses that are never the person enquiring (lower case): the agency's members, the inbound address. */
  ignoredAddresses?: ReadonlySet<string>
  /** Hosts whose links name a property by id or reference (the app's, the agency's website), lower case. */
  propertyLinkHosts?: ReadonlySet<string>
}

export type PropertyHints = {
  shareIds: string[]
  propertyIds: string[]
  /** Codes a label or a word announced ("Ref. AB-12"): looked up first. */
  referenceCodes: string[]
  /** Codes that may be one (pieces of a website link, words with a digit of the subject or a "Property:" line). */
  candidateCodes: string[]
}

export type MailLead = {
  name: string | null
  email: string | null
  phone: Phone | null
  message: string
  viewingTimes: string | null
  hints: PropertyHints
}

type Person = { name: string | null; email: string | null }

export function leadFromMail(read: ReadMail, options: MailLeadOptions = {}): MailLead {
  const { fields, rest } = readLabelledLines(read.text)
  const ignored = options.ignoredAddresses ?? new Set<string>()
  const isPerson = (email: string | null | undefined): email is string => Boolean(email && !ignored.has(email) && !MACHINE_SENDER.test(email))
  const card = firstCard(read.vcards, read.text)
  const forwarded = fields.forwardedFrom ? splitNameAndAddress(fields.forwardedFrom) : null
  const senders: Person[] = [
    ...(forwarded && isPerson(forwarded.email) ? [forwarded] : []),
    ...[read.replyTo, read.from].flatMap((who) => {
      const email = normaliseEmail(who?.address)
      return isPerson(email) ? [{ name: cleanName(who?.name), email }] : []
    }),
  ]
  const email = findEmail(fields.email) ?? card?.email ?? senders[0]?.email ?? null
  // A sender's name only goes with that sender's address: a portal's own name is not the person's.
  const senderName = senders.find((sender) => sender.email === email && sender.name)?.name ?? null
  const name = composeName(fields.name, fields.firstName, fields.lastName) ?? card?.name ?? senderName
  const phone = normalisePhone(fields.phone, options.defaultCallingCode) ?? normalisePhone(card?.phone, options.defaultCallingCode)
  const message = clip(fields.message?.trim() ? fields.message : rest, MAX_MESSAGE_CHARS)
  const viewingTimes = fields.viewingTimes?.trim() ? clip(fields.viewingTimes.trim(), MAX_VIEWING_TIMES_CHARS) : null
  return { name, email, phone, message, viewingTimes, hints: propertyHints(read, fields, options.propertyLinkHosts ?? new Set()) }
}

/** "Ana Silva", or "Ana" and "Silva" from two lines; a French "Nom" is the family name when a "Prénom" is given. */
function composeName(name: string | undefined, first: string | undefined, last: string | undefined): string | null {
  const given = cleanName(first)
  const family = cleanName(last)
  const full = cleanName(name)
  if (full && given && !full.includes(' ') && !full.toLowerCase().includes(given.toLowerCase())) return cleanName(`${given} ${full}`)
  if (full) return full
  return cleanName([given, family].filter(Boolean).join(' '))
}

/** The first contact card: attached, or pasted into the text. */
function firstCard(attached: string[], text: string): { name: string | null; email: string | null; phone: string | null } | null {
  const pasted = text.match(/BEGIN:VCARD[\s\S]{0,65536}?END:VCARD/gi) ?? []
  for (const source of [...attached, ...pasted.slice(0, 3)]) {
    const [card] = readCards(source)
    if (!card) continue
    const value = (name: string) => card.find((property) => property.name === name)?.value
    const structured = value('N')
    const fromParts = structured ? splitValue(structured, ';').slice(0, 2).reverse().join(' ') : undefined
    const found = {
      name: cleanName(unescapeText(value('FN') ?? '')) ?? cleanName(fromParts),
      email: normaliseEmail(unescapeText(value('EMAIL') ?? '')),
      phone: singleLine(unescapeText(value('TEL') ?? ''), 50),
    }
    if (found.name || found.email || found.phone) return found
  }
  return null
}

const hasDigit = (code: string) => /\d/.test(code)
const trimCode = (code: string) => code.replace(/[./_-]+$/, '')
const unique = (items: string[]) => [...new Set(items)].slice(0, MAX_HINTS)

function propertyHints(read: ReadMail, fields: Partial<Record<LeadField, string>>, linkHosts: ReadonlySet<string>): PropertyHints {
  const shareIds: string[] = []
  const propertyIds: string[] = []
  const fromLinks: string[] = []
  for (const link of linksOf(read)) {
    const shareId = SHARE_LINK_PATH.exec(link)?.[1]
    if (shareId) shareIds.push(shareId)
    let url: URL
    try {
      url = new URL(link)
    } catch {
      continue
    }
    if (!linkHosts.has(url.hostname.toLowerCase().replace(/^www\./, ''))) continue
    const place = decodeSafely(url.pathname + url.search)
    propertyIds.push(...(place.match(UUID_IN_TEXT) ?? []).map((id) => id.toLowerCase()))
    const pieces = [...place.split(/[/?&=#]+/), ...url.searchParams.values()].map(trimCode)
    fromLinks.push(...pieces.filter((piece) => piece.length >= 3 && hasDigit(piece) && REFERENCE_CODE.test(piece) && !isUuid(piece)))
  }
  const labelled = (fields.reference ?? '').split(/[\s,;]+/).map(trimCode).filter((code) => REFERENCE_CODE.test(code))
  const announced = [read.subject ?? '', read.text.slice(0, 20_000)].flatMap((source) =>
    [...source.matchAll(REFERENCE_IN_TEXT)].map((match) => trimCode(match[1] ?? '')).filter((code) => hasDigit(code) && REFERENCE_CODE.test(code)),
  )
  const subjectWords = [read.subject ?? '', fields.property ?? '']
    .join(' ')
    .split(/[\s,;:()[\]{}"'«»<>|]+/)
    .map(trimCode)
    .filter((word) => word.length >= 3 && hasDigit(word) && REFERENCE_CODE.test(word))
  const referenceCodes = unique([...labelled.slice(0, 1), ...announced])
  return {
    shareIds: unique(shareIds),
    propertyIds: unique(propertyIds),
    referenceCodes,
    candidateCodes: unique([...fromLinks, ...subjectWords].filter((code) => !referenceCodes.includes(code))),
  }
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function clip(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed
}
