import { sql } from 'drizzle-orm'
import { boolean, foreignKey, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { agencyColumn } from './agencies.ts'
import { leads } from './leads.ts'
import { shares } from './clients.ts'
import { properties } from './properties.ts'

/**
 * An open house of a listing (migration 0032, docs/decisions/038-open-house-sign-in.md): its
 * times, the token of its sign-in page, and when the visitors are thanked.
 */
export const openHouses = pgTable(
  'open_houses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    /** The member who runs it: their card is on the sign-in page and the thank-you mails. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    thanksDueAt: timestamp('thanks_due_at', { withTimezone: true }).notNull(),
    thanksSentAt: timestamp('thanks_sent_at', { withTimezone: true }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('open_houses_id_agency').on(t.id, t.agencyId),
    index('open_houses_property_starts_idx').on(t.propertyId, t.startsAt.desc()),
    index('open_houses_owner_idx').on(t.ownerId),
    index('open_houses_agency_idx').on(t.agencyId),
    index('open_houses_thanks_due_idx').on(t.thanksDueAt).where(sql`${t.thanksSentAt} is null`),
  ],
)

/** A visitor's sign-in at an open house; the same person signing in again is the same row. */
export const openHouseSignIns = pgTable(
  'open_house_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    openHouseId: uuid('open_house_id').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    emailNormalized: text('email_normalized'),
    phoneKey: text('phone_key'),
    withAgent: boolean('with_agent').notNull(),
    agentName: text('agent_name'),
    consentText: text('consent_text'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'open_house_sign_ins_open_house', columns: [t.openHouseId, t.agencyId], foreignColumns: [openHouses.id, openHouses.agencyId] }).onDelete('cascade'),
    index('open_house_sign_ins_open_house_idx').on(t.openHouseId, t.signedInAt),
    uniqueIndex('open_house_sign_ins_email_idx').on(t.openHouseId, t.emailNormalized).where(sql`${t.emailNormalized} is not null`),
    index('open_house_sign_ins_phone_idx').on(t.openHouseId, t.phoneKey).where(sql`${t.phoneKey} is not null`),
    index('open_house_sign_ins_agency_idx').on(t.agencyId),
    index('open_house_sign_ins_lead_idx').on(t.leadId).where(sql`${t.leadId} is not null`),
  ],
)
