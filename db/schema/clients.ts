import { sql, type SQL } from 'drizzle-orm'
import { bigint, check, customType, date, index, integer, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { agencyColumn } from './agencies.ts'
import { users } from './accounts.ts'
import { properties, propertyCategory, propertyPurpose, propertyType } from './properties.ts'
import { CLIENT_KINDS, CLIENT_STAGES, COMMENT_SUBJECTS, DEAL_STAGES, FEEDBACK_REACTIONS, SHARE_KINDS } from '../reference.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const clientKind = pgEnum('client_kind', CLIENT_KINDS)
export const clientStage = pgEnum('client_stage', CLIENT_STAGES)
export const dealStage = pgEnum('deal_stage', DEAL_STAGES)
export const feedbackReaction = pgEnum('feedback_reaction', FEEDBACK_REACTIONS)
export const shareKind = pgEnum('share_kind', SHARE_KINDS)
export const commentSubject = pgEnum('comment_subject', COMMENT_SUBJECTS)

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    kind: clientKind('kind').notNull().default('buyer'),
    stage: clientStage('stage').notNull().default('new'),
    source: text('source'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    // Requirements: drive the "Matching properties" section.
    wantedPurpose: propertyPurpose('wanted_purpose'),
    wantedCategories: propertyCategory('wanted_categories').array().notNull().default(sql`'{}'`),
    wantedTypes: propertyType('wanted_types').array().notNull().default(sql`'{}'`),
    budgetMin: numeric('budget_min', { precision: 14, scale: 2, mode: 'number' }),
    budgetMax: numeric('budget_max', { precision: 14, scale: 2, mode: 'number' }),
    /** ISO 4217, like a property's price: a budget without its currency means little. */
    budgetCurrency: text('budget_currency').notNull().default('USD'),
    /** City or area names as the broker typed them; matching folds case and accents (fold_text). */
    wantedPlaces: text('wanted_places').array().notNull().default(sql`'{}'::text[]`),
    minBedrooms: integer('min_bedrooms'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        // Folded like the properties' search column (fold_text: lower case, no accents).
        (): SQL => sql`to_tsvector('simple'::regconfig, fold_text(
          coalesce(${clients.fullName}, '') || ' ' || coalesce(${clients.email}, '') || ' ' ||
          coalesce(${clients.phone}, '') || ' ' || coalesce(${clients.source}, '') || ' ' || coalesce(${clients.notes}, '')))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** In the trash since (null: live); removed for good 30 days later (migration 0024). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A client that was a lead keeps the consent the person gave: its wording and when (migration 0031). */
    consentText: text('consent_text'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
  },
  (t) => [
    index('clients_trash_idx').on(t.ownerId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('clients_owner_updated_idx').on(t.ownerId, t.updatedAt.desc().nullsFirst()),
    index('clients_owner_stage_idx').on(t.ownerId, t.stage),
    // The deal form's client picker, by name (migration 0021).
    index('clients_owner_name_idx').on(t.ownerId, t.fullName, t.id),
    index('clients_search_idx').using('gin', t.search),
    index('clients_tags_idx').using('gin', t.tags),
  ],
)

/** A client's shortlist: the broker's own properties, ordered, each with a note for the client. */
export const clientListingItems = pgTable(
  'client_listing_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_listing_items_client_property_idx').on(t.clientId, t.propertyId),
    index('client_listing_items_client_position_idx').on(t.clientId, t.position),
  ],
)

/** A view-only link: a random id of 128 bits (22 URL-safe characters). */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    kind: shareKind('kind').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (t) => [
    index('shares_property_idx').on(t.propertyId),
    index('shares_client_idx').on(t.clientId),
    check(
      'shares_target_matches_kind',
      // Compared as text: a new enum value cannot be used as a literal in the migration that adds it.
      sql`(${t.kind}::text = 'property' and ${t.propertyId} is not null and ${t.clientId} is null)
        or (${t.kind}::text in ('client_listing', 'client_alert') and ${t.clientId} is not null and ${t.propertyId} is null)`,
    ),
  ],
)

/**
 * A counter per broker that database triggers raise on every change a share page shows: the
 * broker's properties, photos, documents, shortlists, clients' feedback, profile and e-mail
 * (migration 0015). Share pages are cached by it, so a change shows on the very next request
 * from any server (docs/decisions/023-share-pages-at-framework-speed.md).
 */
export const shareContentVersions = pgTable('share_content_versions', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/** One row per share, visitor (a keyed hash, no personal data) and day: views count once a day. */
export const shareViews = pgTable(
  'share_views',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.visitorHash, t.day] })],
)

/** What a client said on a shared client listing, without signing in. */
export const clientFeedback = pgTable(
  'client_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reaction: feedbackReaction('reaction'),
    comment: text('comment').notNull().default(''),
    authorName: text('author_name').notNull().default(''),
    createdAt: createdAt(),
    /** When the broker was told (batched mail or daily digest); null: not yet (docs/decisions/016-notices.md). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('client_feedback_client_idx').on(t.clientId, t.createdAt.desc().nullsFirst()),
    index('client_feedback_unnotified_idx').on(t.ownerId, t.shareId).where(sql`${t.notifiedAt} is null`),
  ],
)

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    stage: dealStage('stage').notNull().default('lead'),
    value: numeric('value', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    /** The commission as an amount (same currency), or … */
    commission: numeric('commission', { precision: 14, scale: 2, mode: 'number' }),
    /** … as a percentage of the value: one or the other, never both. */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** The co-broker's share of the commission, in percent (the rest is the broker's). */
    coBrokerPercent: numeric('co_broker_percent', { precision: 5, scale: 2, mode: 'number' }),
    expectedCloseDate: date('expected_close_date'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deals_owner_stage_idx').on(t.ownerId, t.stage),
    index('deals_client_idx').on(t.clientId),
    check('deals_commission_one_form', sql`${t.commission} is null or ${t.commissionPercent} is null`),
    check('deals_commission_percent_range', sql`${t.commissionPercent} between 0 and 100`),
    check('deals_co_broker_percent_range', sql`${t.coBrokerPercent} between 0 and 100`),
    check('deals_commission_not_negative', sql`${t.commission} >= 0`),
  ],
)

/** Timestamped notes by the broker on a property, a client or a deal. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    subject: commentSubject('subject').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_property_idx').on(t.propertyId, t.createdAt),
    index('comments_client_idx').on(t.clientId, t.createdAt),
    index('comments_deal_idx').on(t.dealId, t.createdAt),
  ],
)
