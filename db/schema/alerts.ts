import { sql } from 'drizzle-orm'
import { index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { agencyColumn } from './agencies.ts'
import { users } from './accounts.ts'
import { clients, shares } from './clients.ts'
import { properties } from './properties.ts'
import { ALERT_REASONS } from '../reference.ts'

export const alertReason = pgEnum('alert_reason', ALERT_REASONS)

/**
 * A client's property alerts (docs/decisions/022-client-alerts-and-share-tools.md): on while
 * consented, not stopped by the broker and not unsubscribed by the client. One row per client.
 */
export const clientAlerts = pgTable('client_alerts', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  agencyId: agencyColumn(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The page the mails link to: a share of kind client_alert, so feedback lands with the shortlist's. */
  shareId: text('share_id')
    .notNull()
    .references(() => shares.id, { onDelete: 'cascade' }),
  /** 32 random bytes, base64url: the one-click unsubscribe link (RFC 8058) needs no session. */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  /** The broker confirmed the client agreed: when and who (the signed-in user). */
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  consentedBy: uuid('consented_by').references(() => users.id, { onDelete: 'set null' }),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
})

/**
 * A property put in a client's alert, once per reason: `reason_key` is 'new' or 'drop:<price>',
 * so a property is never mailed twice to a client for the same reason (a second, deeper drop
 * is a new reason). `mailed_at` null: found, waiting for the client's next mail.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reason: alertReason('reason').notNull(),
    reasonKey: text('reason_key').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    previousPrice: numeric('previous_price', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_matches_client_property_reason_idx').on(t.clientId, t.propertyId, t.reasonKey),
    index('alert_matches_unmailed_idx').on(t.clientId).where(sql`${t.mailedAt} is null`),
    index('alert_matches_client_mailed_idx').on(t.clientId, t.mailedAt.desc().nullsFirst()),
  ],
)
