import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { HOUR_MS } from '#app/lib/time.ts'
import { logger } from '#app/lib/logger.server.ts'
import { getAgencyMailContext } from '#app/modules/agencies/mail-context.server.ts'
import { findAgencyPropertiesById, findAgencyPropertyByReference } from '#app/modules/properties/agency-lookup.server.ts'
import { consumeRateLimit } from '#app/modules/security/rate-limit.server.ts'
import { resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import { callingCodeOf } from './contact.ts'
import { agenciesOfAddresses } from './inboxes.server.ts'
import { leadFromMail, type PropertyHints } from './lead-from-mail.server.ts'
import { rawSourceToKeep, readMail, type ReadMail } from './mail-reader.server.ts'
import { threadInboundReply } from './replies.server.ts'

/*
 * A mail for the agencies' inbound addresses becomes a lead in each agency it is addressed to
 * (docs/decisions/035-leads-inbound-mail.md). Both doors use this: the signed HTTP endpoint,
 * which finds the agencies in the message's recipients, and the SMTP receiver, which knows them
 * from the envelope. It runs outside any member's scope (mail is for the agency) and writes the
 * agency's id itself. The same message delivered twice (a retry) stays one lead, by the SHA-256
 * of its bytes. An answer to a reply sent from the app (its In-Reply-To or References names one
 * of our Message-IDs) joins that lead's conversation instead. Every new lead is left for the
 * routing sweep (`routed_at` null). Nothing here sends anything or renders the mail.
 */

export type MailOutcome =
  | { status: 'created'; agencyId: string; leadId: string }
  | { status: 'duplicate'; agencyId: string; leadId: string }
  /** An answer to a reply sent from the app: it joined that lead's conversation (docs/decisions/037). */
  | { status: 'threaded'; agencyId: string; leadId: string }
  | { status: 'rate-limited'; agencyId: string; retryAfterSeconds: number }

export type ReceivedMail = { recipientKnown: boolean; outcomes: MailOutcome[] }

/** Reads the mail and files it for `agencyIds`, or for the agencies its recipients name. */
export async function receiveMail(raw: Buffer, agencyIds?: readonly string[]): Promise<ReceivedMail> {
  const read = await readMail(raw)
  const agencies = agencyIds ? [...new Set(agencyIds)] : await agenciesOfAddresses(read.recipients)
  if (agencies.length === 0) {
    logger.warn({ recipients: read.recipients.length, parsed: read.parsed }, 'Inbound mail for no known address; dropped')
    return { recipientKnown: false, outcomes: [] }
  }
  const digest = createHash('sha256').update(raw).digest('hex')
  const outcomes: MailOutcome[] = []
  for (const agencyId of agencies) outcomes.push(await fileForAgency(agencyId, raw, read, digest))
  return { recipientKnown: true, outcomes }
}

async function fileForAgency(agencyId: string, raw: Buffer, read: ReadMail, digest: string): Promise<MailOutcome> {
  const existing = await findMailLead(agencyId, digest)
  if (existing) return { status: 'duplicate', agencyId, leadId: existing }
  const limit = await consumeRateLimit(`inbound-mail:agency:${agencyId}`, getEnv().INBOUND_MAIL_PER_AGENCY_PER_HOUR, HOUR_MS / 1000)
  if (!limit.allowed) {
    logger.warn({ agencyId, retryAfterSeconds: limit.retryAfterSeconds }, 'Inbound mail refused: the agency address is over its hourly limit')
    return { status: 'rate-limited', agencyId, retryAfterSeconds: limit.retryAfterSeconds }
  }
  const answer = await threadInboundReply(agencyId, read, digest)
  if (answer) return { ...answer, agencyId }
  const context = await getAgencyMailContext(agencyId)
  const lead = leadFromMail(read, {
    defaultCallingCode: callingCodeOf(context?.phone),
    ignoredAddresses: new Set([...(context?.memberEmails ?? []), ...read.recipients.filter((address) => address.startsWith('leads+'))]),
    propertyLinkHosts: linkHostsOf(context?.website),
  })
  const propertyId = await findPropertyOfHints(agencyId, lead.hints)
  const source = rawSourceToKeep(raw)
  const [row] = await getDb()
    .insert(leads)
    .values({
      agencyId,
      source: 'email',
      propertyId,
      contactName: lead.name,
      contactEmail: lead.email,
      contactPhone: lead.phone?.display ?? null,
      emailNormalized: lead.email,
      phoneE164: lead.phone?.e164 ?? null,
      message: lead.message,
      viewingTimes: lead.viewingTimes,
      mailSubject: read.subject,
      mailFrom: read.fromLine,
      mailMessageId: read.messageId,
      mailDigest: digest,
      originalText: read.readable,
      rawMessage: source.text,
      rawTruncated: source.truncated,
    })
    .onConflictDoNothing({ target: [leads.agencyId, leads.mailDigest], where: sql`mail_digest is not null` })
    .returning({ id: leads.id })
  if (!row) {
    // The same message, filed by a delivery running at the same moment.
    const raced = await findMailLead(agencyId, digest)
    return { status: 'duplicate', agencyId, leadId: raced ?? '' }
  }
  logger.info({ agencyId, leadId: row.id, withProperty: Boolean(propertyId), parsed: read.parsed }, 'Lead received by mail')
  return { status: 'created', agencyId, leadId: row.id }
}

async function findMailLead(agencyId: string, digest: string): Promise<string | null> {
  const [row] = await getDb().select({ id: leads.id }).from(leads).where(and(eq(leads.agencyId, agencyId), eq(leads.mailDigest, digest))).limit(1)
  return row?.id ?? null
}

/** The app's own host and the agency's website's: their links name listings. */
function linkHostsOf(website: string | null | undefined): Set<string> {
  const hosts = new Set<string>()
  for (const address of [getEnv().APP_URL, website]) {
    if (!address) continue
    try {
      hosts.add(new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`).hostname.toLowerCase().replace(/^www\./, ''))
    } catch {
      // An agency's website as typed may be no address at all: its links then name nothing.
    }
  }
  return hosts
}

/** The first hint that names one of the agency's live properties: a share link, a link, a reference. */
async function findPropertyOfHints(agencyId: string, hints: PropertyHints): Promise<string | null> {
  const shared: string[] = []
  for (const shareId of hints.shareIds.slice(0, 5)) {
    const share = await resolveLiveShare(shareId)
    if (share?.propertyId) shared.push(share.propertyId)
  }
  const [byId] = await findAgencyPropertiesById(agencyId, [...shared, ...hints.propertyIds])
  if (byId) return byId.id
  const byReference = await findAgencyPropertyByReference(agencyId, hints.referenceCodes)
  if (byReference) return byReference.id
  return (await findAgencyPropertyByReference(agencyId, hints.candidateCodes))?.id ?? null
}
