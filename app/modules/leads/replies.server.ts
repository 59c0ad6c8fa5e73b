import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leadMessages, leads } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { logger } from '#app/lib/logger.server.ts'
import { getAgencyPeople } from '#app/modules/agencies/mail-context.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { recordNotifications } from '#app/modules/notifications/notifications.server.ts'
import { getAgencyPropertyLabels } from '#app/modules/properties/agency-lookup.server.ts'
import { singleLine } from './contact.ts'
import { replyAddressOf } from './inboxes.server.ts'
import { leadsVisibleTo } from './leads.server.ts'
import type { ReadMail } from './mail-reader.server.ts'
import { firstNameOf, type TemplateValues } from './templates.ts'

/*
 * Replying to a lead from the app, and the answers that come back
 * (docs/decisions/037-lead-routing-and-replies.md). A reply is sent by the mailer (the job queue)
 * from MAIL_FROM with Reply-To set to the agency's inbound address and a Message-ID of ours kept
 * with it; an answer to the inbound address whose In-Reply-To or References names one of our
 * Message-IDs joins that lead's conversation instead of becoming a new lead. Everything is plain
 * text: the conversation is never rendered as HTML.
 */

/** A kept message body: at most this many characters. */
const MAX_BODY_CHARS = 100_000

/** The values a template's placeholders take for this lead and this member. */
export async function templateValuesFor(scope: Scope, lead: { contactName: string | null; propertyId: string | null }): Promise<TemplateValues> {
  const [people, properties] = await Promise.all([getAgencyPeople(scope.agencyId), getAgencyPropertyLabels(scope.agencyId, [lead.propertyId])])
  const me = people.find((person) => person.userId === scope.memberId)
  const property = lead.propertyId ? properties.get(lead.propertyId) : undefined
  return {
    name: lead.contactName ?? '',
    first_name: firstNameOf(lead.contactName),
    property: property ? property.title : 'the property you asked about',
    agent: me?.name ?? '',
    agent_phone: me?.phone ?? '',
    agency: me?.agencyName ?? '',
  }
}

export type ReplyResult = { status: 'sent'; messageId: string } | { status: 'not_found' } | { status: 'no_email' } | { status: 'closed' } | { status: 'taken' }

/** The domain our Message-IDs name: the inbound domain, else the app's host. */
function messageIdDomain(): string {
  const env = getEnv()
  if (env.INBOUND_MAIL_DOMAIN) return env.INBOUND_MAIL_DOMAIN
  try {
    return new URL(env.APP_URL).hostname || 'brokervault.invalid'
  } catch {
    return 'brokervault.invalid'
  }
}

/**
 * Sends a reply to the lead's e-mail address. A new lead is claimed by the reply (the same
 * atomic claim as the button: a lead a colleague claimed meanwhile answers `taken`). The first
 * reply's time is the lead's speed to lead.
 */
export async function sendLeadReply(scope: Scope, leadId: unknown, reply: { subject: string; body: string }, now = new Date()): Promise<ReplyResult> {
  if (!isUuid(leadId)) return { status: 'not_found' }
  const [people, replyTo] = await Promise.all([getAgencyPeople(scope.agencyId), replyAddressOf(scope.agencyId)])
  const me = people.find((person) => person.userId === scope.memberId)
  const messageId = `<reply.${randomUUID()}@${messageIdDomain()}>`
  const result = await getDb().transaction(async (tx) => {
    const [lead] = await tx
      .select({ status: leads.status, email: leads.contactEmail, mailMessageId: leads.mailMessageId })
      .from(leads)
      .where(and(eq(leads.id, leadId), leadsVisibleTo(scope)))
      .for('update')
    if (!lead) return { status: 'not_found' as const }
    if (!lead.email) return { status: 'no_email' as const }
    if (lead.status === 'discarded') return { status: 'closed' as const }
    if (lead.status === 'new') {
      await tx
        .update(leads)
        .set({ status: 'claimed', ownerId: scope.memberId, claimedAt: now, escalateAt: null })
        .where(and(eq(leads.id, leadId), eq(leads.status, 'new')))
    }
    const [previous] = await tx
      .select({ messageId: leadMessages.messageId })
      .from(leadMessages)
      .where(and(eq(leadMessages.leadId, leadId), sql`${leadMessages.messageId} is not null`))
      .orderBy(sql`${leadMessages.createdAt} desc`)
      .limit(1)
    await tx.insert(leadMessages).values({
      agencyId: scope.agencyId,
      leadId,
      direction: 'out',
      authorId: scope.memberId,
      fromAddress: me?.email ?? null,
      toAddress: lead.email,
      subject: reply.subject,
      body: reply.body.slice(0, MAX_BODY_CHARS),
      messageId,
      createdAt: now,
    })
    await tx.update(leads).set({ firstReplyAt: sql`coalesce(${leads.firstReplyAt}, ${now.toISOString()}::timestamptz)` }).where(eq(leads.id, leadId))
    return { status: 'sent' as const, to: lead.email, inReplyTo: previous?.messageId ?? lead.mailMessageId }
  })
  if (result.status !== 'sent') return result
  const threadId = result.inReplyTo && /^<[^<>\s]+>$/.test(result.inReplyTo) ? result.inReplyTo : null
  await sendMail({
    to: result.to,
    subject: reply.subject,
    paragraphs: reply.body.split(/\n{2,}/),
    headers: {
      'Message-ID': messageId,
      'Reply-To': replyTo ?? me?.email ?? getEnv().MAIL_FROM,
      ...(threadId ? { 'In-Reply-To': threadId, References: threadId } : {}),
    },
  }).catch((error: unknown) => logger.error({ leadId, reason: error instanceof Error ? error.message : String(error) }, 'Lead reply could not be queued'))
  logger.info({ leadId, threaded: Boolean(threadId), replyToInbound: Boolean(replyTo) }, 'Lead reply sent')
  return { status: 'sent', messageId }
}

export type ConversationMessage = {
  id: string
  leadId: string
  direction: 'out' | 'in'
  authorId: string | null
  fromAddress: string | null
  toAddress: string | null
  subject: string
  body: string
  createdAt: Date
}

const MESSAGE_COLUMNS = {
  id: leadMessages.id,
  leadId: leadMessages.leadId,
  direction: leadMessages.direction,
  authorId: leadMessages.authorId,
  fromAddress: leadMessages.fromAddress,
  toAddress: leadMessages.toAddress,
  subject: leadMessages.subject,
  body: leadMessages.body,
  createdAt: leadMessages.createdAt,
}

/** A lead's conversation, oldest first (the caller has found the lead visible to the scope). */
export async function listLeadConversation(scope: Scope, leadId: string): Promise<ConversationMessage[]> {
  return getDb()
    .select(MESSAGE_COLUMNS)
    .from(leadMessages)
    .where(and(eq(leadMessages.leadId, leadId), eq(leadMessages.agencyId, scope.agencyId)))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id))
    .limit(500)
}

/**
 * The conversations of every lead that became this client, oldest first, with those leads (the
 * caller has found the client visible to the scope: its leads' messages are the client's).
 */
export async function listClientConversation(scope: Scope, clientId: string) {
  const clientLeads = await getDb()
    .select({ id: leads.id, source: leads.source, arrivedAt: leads.arrivedAt, message: leads.message })
    .from(leads)
    .where(and(eq(leads.clientId, clientId), eq(leads.agencyId, scope.agencyId)))
    .orderBy(asc(leads.arrivedAt))
    .limit(50)
  if (clientLeads.length === 0) return { leads: clientLeads, messages: [] as ConversationMessage[] }
  const messages = await getDb()
    .select(MESSAGE_COLUMNS)
    .from(leadMessages)
    .where(and(inArray(leadMessages.leadId, clientLeads.map((lead) => lead.id)), eq(leadMessages.agencyId, scope.agencyId)))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id))
    .limit(500)
  return { leads: clientLeads, messages }
}

/** The Message-IDs a mail answers (In-Reply-To, then References, newest last), at most 20. */
export function threadIdsOf(read: Pick<ReadMail, 'inReplyTo' | 'references'>): string[] {
  const ids = [...read.references, ...(read.inReplyTo ? [read.inReplyTo] : [])]
  return [...new Set(ids.filter((id) => /^<[^<>\s]{1,990}>$/.test(id)))].slice(-20)
}

export type ThreadedOutcome = { status: 'threaded'; leadId: string } | { status: 'duplicate'; leadId: string }

/**
 * An answer to one of our replies, for the agency: joins the conversation of the lead the reply
 * was about (once per message, by its SHA-256) and tells the lead's member. Null when the mail
 * names no reply of ours: it is a new lead then.
 */
export async function threadInboundReply(agencyId: string, read: ReadMail, digest: string): Promise<ThreadedOutcome | null> {
  const ids = threadIdsOf(read)
  if (ids.length === 0) return null
  const [sent] = await getDb()
    .select({ leadId: leadMessages.leadId })
    .from(leadMessages)
    .where(and(eq(leadMessages.agencyId, agencyId), eq(leadMessages.direction, 'out'), inArray(leadMessages.messageId, ids)))
    .orderBy(sql`${leadMessages.createdAt} desc`)
    .limit(1)
  if (!sent) return null
  const [lead] = await getDb().select({ ownerId: leads.ownerId, name: leads.contactName, email: leads.contactEmail }).from(leads).where(eq(leads.id, sent.leadId))
  const inserted = await getDb().transaction(async (tx) => {
    const rows = await tx
      .insert(leadMessages)
      .values({
        agencyId,
        leadId: sent.leadId,
        direction: 'in',
        fromAddress: read.fromLine,
        toAddress: read.recipients[0] ?? null,
        subject: read.subject ?? '',
        body: read.text.slice(0, MAX_BODY_CHARS),
        messageId: read.messageId ? singleLine(read.messageId, 998) : null,
        mailDigest: digest,
      })
      .onConflictDoNothing({ target: [leadMessages.leadId, leadMessages.mailDigest], where: sql`mail_digest is not null` })
      .returning({ id: leadMessages.id })
    if (rows.length && lead?.ownerId) {
      const who = lead.name ?? lead.email ?? 'A lead'
      await recordNotifications(tx, [{ ownerId: lead.ownerId, kind: 'new_lead', summary: `${who} answered your reply`, href: `/lead/${sent.leadId}`, detail: read.text }])
    }
    return rows.length > 0
  })
  logger.info({ agencyId, leadId: sent.leadId, duplicate: !inserted }, 'Answer to a lead reply received')
  return inserted ? { status: 'threaded', leadId: sent.leadId } : { status: 'duplicate', leadId: sent.leadId }
}
