import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { agencies, agencyColumn } from './agencies.ts'
import { clients } from './clients.ts'
import { properties } from './properties.ts'
import { LEAD_SOURCES, LEAD_STATUSES } from '../reference.ts'

export const leadSource = pgEnum('lead_source', LEAD_SOURCES)
export const leadStatus = pgEnum('lead_status', LEAD_STATUSES)

/**
 * The agency's inbound address, leads+TOKEN@INBOUND_MAIL_DOMAIN (migration 0029,
 * docs/decisions/035-leads-inbound-mail.md): the token is the address's only secret.
 */
export const leadInboxes = pgTable('lead_inboxes', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .default(sql`bv_scope_agency()`)
    .references(() => agencies.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
})

/**
 * An enquiry that came in by itself. The lengths, the single-line headers, the E.164 phone and
 * the status rules are checked by the database (migration 0029); mail text is kept as plain
 * text and never rendered as HTML.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    /** The member it is assigned to; null while nobody has it. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    source: leadSource('source').notNull(),
    status: leadStatus('status').notNull().default('new'),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    emailNormalized: text('email_normalized'),
    phoneE164: text('phone_e164'),
    message: text('message').notNull().default(''),
    viewingTimes: text('viewing_times'),
    consentText: text('consent_text'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    mailSubject: text('mail_subject'),
    mailFrom: text('mail_from'),
    mailMessageId: text('mail_message_id'),
    mailDigest: text('mail_digest'),
    originalText: text('original_text'),
    rawMessage: text('raw_message'),
    rawTruncated: boolean('raw_truncated').notNull().default(false),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    firstStageChangeAt: timestamp('first_stage_change_at', { withTimezone: true }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
    discardedBy: uuid('discarded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Routing (migration 0031): null until the sweep has routed it, whatever code inserted it. */
    routedAt: timestamp('routed_at', { withTimezone: true }),
    /** When the member in `owner_id` was offered it (a new lead), or everyone was told. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** When the current offer runs out unclaimed; null: no timer. */
    escalateAt: timestamp('escalate_at', { withTimezone: true }),
    /** When it went to the owner and admins, nobody having claimed it. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** How many members it has been offered to. */
    offers: integer('offers').notNull().default(0),
  },
  (t) => [
    uniqueIndex('leads_agency_mail_digest_idx').on(t.agencyId, t.mailDigest).where(sql`${t.mailDigest} is not null`),
    index('leads_agency_arrived_idx').on(t.agencyId, t.arrivedAt.desc(), t.id.desc()),
    index('leads_agency_status_arrived_idx').on(t.agencyId, t.status, t.arrivedAt.desc(), t.id.desc()),
    index('leads_agency_email_idx').on(t.agencyId, t.emailNormalized).where(sql`${t.emailNormalized} is not null`),
    index('leads_agency_phone_idx').on(t.agencyId, t.phoneE164).where(sql`${t.phoneE164} is not null`),
    index('leads_owner_idx').on(t.ownerId).where(sql`${t.ownerId} is not null`),
    index('leads_property_idx').on(t.propertyId).where(sql`${t.propertyId} is not null`),
    index('leads_client_idx').on(t.clientId).where(sql`${t.clientId} is not null`),
    index('leads_unrouted_idx').on(t.arrivedAt).where(sql`${t.routedAt} is null`),
    index('leads_escalate_idx').on(t.escalateAt).where(sql`${t.escalateAt} is not null`),
    index('leads_agency_owner_arrived_idx').on(t.agencyId, t.ownerId, t.arrivedAt),
  ],
)

/** How the agency's new leads find a member (migration 0031); no row: the defaults. */
export const leadRouting = pgTable('lead_routing', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .default(sql`bv_scope_agency()`)
    .references(() => agencies.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['round_robin', 'first_to_claim', 'listing_agent'] }).notNull().default('round_robin'),
  claimMinutes: integer('claim_minutes').notNull().default(15),
  escalation: text('escalation', { enum: ['next_member', 'admins'] }).notNull().default('next_member'),
  /** The round-robin's place: the next lead goes to the taker after this member. */
  lastMemberId: uuid('last_member_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A member's "takes leads" switch; no row: takes leads. */
export const leadTakers = pgTable(
  'lead_takers',
  {
    agencyId: agencyColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takesLeads: boolean('takes_leads').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId] })],
)

/** The agency's reply wording, with placeholders; plain text. */
export const leadReplyTemplates = pgTable(
  'lead_reply_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_reply_templates_agency_idx').on(t.agencyId, t.name)],
)

/** A lead's conversation: replies sent from the app and the answers that threaded back. Plain text. */
export const leadMessages = pgTable(
  'lead_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    messageId: text('message_id'),
    mailDigest: text('mail_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_messages_lead_idx').on(t.leadId, t.createdAt, t.id),
    uniqueIndex('lead_messages_sent_id_idx').on(t.agencyId, t.messageId).where(sql`${t.direction} = 'out'`),
    uniqueIndex('lead_messages_digest_idx').on(t.leadId, t.mailDigest).where(sql`${t.mailDigest} is not null`),
    index('lead_messages_author_idx').on(t.authorId).where(sql`${t.authorId} is not null`),
  ],
)
