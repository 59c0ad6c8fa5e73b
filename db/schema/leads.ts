import { sql } from 'drizzle-orm'
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
  ],
)
