import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'

/**
 * Agencies: every account is one (migration 0022, docs/decisions/034-agencies-and-tenancy.md).
 * A broker who signs up alone owns an agency of one; tenant rows carry `agency_id`, and row-level
 * security keeps each agency's rows to itself.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Empty until named: pages then show the member's profile agency name. */
    name: text('name').notNull().default(''),
    licenceNumber: text('licence_number'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    /** One line, as clients read it on share pages, brochures and mails (migration 0027). */
    address: text('address'),
    /** The current logo's random id (files `logos/{agencyId}/{logoId}-{size}.webp`); null: none. */
    logoId: text('logo_id'),
    /**
     * The website's address, /a/{slug} (migration 0030): from the name, unique, changed only by an
     * owner or admin; old ones redirect (agency_slug_redirects). The database fills it on insert.
     */
    slug: text('slug').notNull().default(sql`null`),
    /** Seats bought beyond the plan's (a quantity on the Stripe subscription). */
    extraSeats: integer('extra_seats').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agencies_logo_idx').on(t.logoId).where(sql`${t.logoId} is not null`), uniqueIndex('agencies_slug_idx').on(t.slug)],
)

/** Website addresses an agency had before: /a/{slug} answers 301 to the current one (migration 0030). */
export const agencySlugRedirects = pgTable(
  'agency_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    agencyId: uuid('agency_id')
      .notNull()
      .default(sql`bv_scope_agency()`)
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_slug_redirects_agency_idx').on(t.agencyId)],
)

export const agencyMembers = pgTable(
  'agency_members',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'agent'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId] }),
    uniqueIndex('agency_members_one_owner_idx').on(t.agencyId).where(sql`${t.role} = 'owner'`),
    index('agency_members_user_idx').on(t.userId, t.joinedAt),
  ],
)

export const agencyInvitations = pgTable(
  'agency_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'agent'] }).notNull(),
    /** SHA-256 of the one-time token the mail carries; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_invitations_open_idx')
      .on(t.agencyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
)

/** Who created, changed, shared, exported or deleted what, and when; kept one year. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_agency_created_idx').on(t.agencyId, t.createdAt.desc()),
    index('audit_log_created_idx').on(t.createdAt),
    // /agency/audit's filters (migration 0028): by member, by kind.
    index('audit_log_agency_actor_created_idx').on(t.agencyId, t.actorId, t.createdAt.desc()),
    index('audit_log_agency_type_created_idx').on(t.agencyId, t.objectType, t.createdAt.desc()),
  ],
)

/**
 * The tenancy column of every tenant table: whose data the row is. Written by the database
 * (the scope's agency, else the assigned member's first agency: migration 0022's fill trigger),
 * so inserts need not name it.
 */
export const agencyColumn = () =>
  uuid('agency_id')
    .notNull()
    .default(sql`bv_scope_agency()`)
    .references(() => agencies.id, { onDelete: 'cascade' })
