import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { AREA_UNITS, FORMAT_STYLES, NOTICE_MODES, PLANS } from '../reference.ts'
import { agencies } from './agencies.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  // E-mail is unique case-insensitively: Ana@x.com and ana@x.com are one account.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
)

export const noticeMode = pgEnum('notice_mode', NOTICE_MODES)
/** Square metres or square feet: a property's areas, and the unit a broker's new listings start from. */
export const areaUnit = pgEnum('area_unit', AREA_UNITS)
export const formatStyle = pgEnum('format_style', FORMAT_STYLES)

export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  /**
   * The current avatar's random id (32 hex), or null. Its files are
   * avatars/{userId}/{avatarId}-{256|64}.webp and its URL /avatars/{avatarId}/{size}: a new
   * avatar is a new id, so the URL is versioned and cached for good.
   */
  avatarId: text('avatar_id').unique(),
  phone: text('phone'),
  agencyName: text('agency_name'),
  licenceNumber: text('licence_number'),
  /** IANA time zone (Intl.supportedValuesOf('timeZone') or UTC), for the 08:00 local digest. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** How feedback from share pages reaches the broker (docs/decisions/016-notices.md). */
  noticeMode: noticeMode('notice_mode').notNull().default('batched'),
  /** The local date (in time_zone) of the last daily digest run for this broker: once a day. */
  lastDigestOn: date('last_digest_on'),
  /** The local date of the last 08:00 agenda mail (the day's tasks and viewings): once a day. */
  lastAgendaMailOn: date('last_agenda_mail_on'),
  /** ISO 4217: what new properties, client budgets and deals start in (migration 0023). */
  defaultCurrency: text('default_currency').notNull().default('USD'),
  /** What new properties' areas start in. */
  areaUnit: areaUnit('area_unit').notNull().default('sqm'),
  /** How dates, times and numbers read on the broker's pages (modules/profile/format-styles.ts). */
  formatStyle: formatStyle('format_style').notNull().default('day_month'),
  updatedAt: updatedAt(),
})

export type DeviceInfo = { userAgent: string; timestamp: string }

export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 (hex) of the cookie's random token: a leaked table cannot be replayed as cookies.
    sessionId: text('session_id').notNull().unique(),
    deviceInfo: jsonb('device_info').$type<DeviceInfo>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The agency this device works in (a member of several switches); null: their first. */
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
  },
  (t) => [index('user_sessions_user_id_idx').on(t.userId)],
)

export const subscriptionPlan = pgEnum('subscription_plan', PLANS)

export const userSubscriptions = pgTable('user_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: subscriptionPlan('plan').notNull().default('free_trial'),
  trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
  provider: text('provider').notNull().default('manual'),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** The provider's subscription status (Stripe: active, past_due, canceled, unpaid, …); null for manual and trials. */
  status: text('status'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When the status became past_due: the 7-day grace runs from here (docs/decisions/018-stripe-billing.md). */
  pastDueSince: timestamp('past_due_since', { withTimezone: true }),
  /** The `created` time of the newest provider event applied: an older event never overwrites newer state. */
  providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('user_subscriptions_provider_customer_id_idx').on(t.providerCustomerId)])

/**
 * Ids of the Stripe webhook events already applied: a replayed delivery is acknowledged and
 * changes nothing. Holds no account data (an event id and its type), so account deletion leaves it.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Fixed-window counters shared by every app server (sign-in, sign-up, later feedback). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
})

/**
 * One-time password-reset links. Only the SHA-256 of the token is kept, so a leaked table
 * opens no account; a row is spent (used_at) on first use and worthless after expires_at.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
)

/**
 * The mail circuit breaker's state, shared by every process that sends or shows mail screens:
 * the worker that trips the breaker may not be the app server that answers the broker.
 */
export const mailCircuit = pgTable('mail_circuit', {
  id: integer('id').primaryKey().default(1),
  openUntil: timestamp('open_until', { withTimezone: true }),
  updatedAt: updatedAt(),
})

/**
 * A broker's TOTP authenticator (docs/decisions/017-two-factor.md). The secret is stored
 * encrypted (AES-256-GCM, key derived from SESSION_SECRET). `enabled_at` null = setup started
 * but not yet confirmed with a code: such a row never asks for a code at sign-in.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted TOTP time step: a code is accepted only for a later step (no replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Recovery codes waiting to be shown once (encrypted like the secret), cleared when shown. */
  codesToShowEncrypted: text('codes_to_show_encrypted'),
  createdAt: createdAt(),
})

/** One-time recovery codes: only their SHA-256 is kept; a code is spent (used_at) on first use. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
)

/**
 * Half-signed-in: the password was right, the second factor is still due. The browser holds a
 * random token in a short-lived cookie; this row holds its SHA-256, expiry and wrong tries.
 * It grants no access to the app: only /auth/two-factor reads it.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId)],
)
