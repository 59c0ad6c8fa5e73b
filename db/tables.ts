/*
 * The table registry: for every table of db/schema.ts, the module that owns it, the column that
 * says whose row it is, whether "Export my data" includes it (or why not), and whether share
 * pages show it (then its changes must raise the owner's share content version, migration 0015).
 * tests/integration/table-registry.test.ts checks it against the schema, the export, the
 * database's triggers, eslint.config.js's TABLE_OWNERS and the raw SQL of every module.
 */

export type TableEntry = {
  /** The one module under app/modules that reads and writes it. */
  module: string
  /**
   * The column naming whose data a row is (row-level security keeps it to its agency: migration
   * 0022); `none` for rows of nobody (with why).
   */
  tenancy: string | { none: string }
  /**
   * The member a record is assigned to (or who wrote it), and what removing that member does:
   * records go to the colleague the admin chooses, authorship stays as written, and the member's
   * personal rows in the agency (feeds with secret addresses, exports, imports) and what
   * colleagues shared with them go.
   */
  member?: { column: string; onRemoval: 'reassign' | 'keep' | 'delete' }
  /** In the data export, or why not. */
  exported: true | { no: string }
  /** Shown on share pages: its changes must drop the kept pages (triggers of migration 0015). */
  onSharePages: boolean
}

export const TABLES = {
  users: { module: 'auth', tenancy: 'id', exported: true, onSharePages: true },
  passwordResetTokens: { module: 'auth', tenancy: 'user_id', exported: { no: 'one-time secrets, hashed, gone within an hour' }, onSharePages: false },
  twoFactorSecrets: { module: 'two-factor', tenancy: 'user_id', exported: { no: 'a secret: exporting it would hand out the second factor' }, onSharePages: false },
  twoFactorRecoveryCodes: { module: 'two-factor', tenancy: 'user_id', exported: { no: 'secrets (hashed)' }, onSharePages: false },
  twoFactorChallenges: { module: 'two-factor', tenancy: 'user_id', exported: { no: 'a half-finished sign-in, five minutes long' }, onSharePages: false },
  mailCircuit: { module: 'mail', tenancy: { none: "the mail server's circuit breaker, one row per server" }, exported: { no: 'no broker data' }, onSharePages: false },
  profiles: { module: 'profile', tenancy: 'id', exported: true, onSharePages: true },
  userSessions: { module: 'session', tenancy: 'user_id', exported: { no: 'session secrets (hashed); devices are listed on the profile' }, onSharePages: false },
  userSubscriptions: { module: 'billing', tenancy: 'user_id', exported: true, onSharePages: false },
  stripeEvents: { module: 'billing', tenancy: { none: "Stripe's webhook deliveries, kept for idempotency" }, exported: { no: "Stripe's own records" }, onSharePages: false },
  rateLimits: { module: 'security', tenancy: { none: 'counters per address or e-mail, expiring within the hour' }, exported: { no: 'no broker data' }, onSharePages: false },
  properties: { module: 'properties', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: true },
  propertyPhotos: { module: 'media', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: true },
  propertyDocuments: { module: 'media', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: true },
  activities: { module: 'activity', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'keep' }, exported: true, onSharePages: false },
  clients: { module: 'clients', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  clientListingItems: { module: 'listings', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: true },
  shares: { module: 'sharing', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: true },
  shareViews: { module: 'sharing', tenancy: { none: "rows of a share (share_id): the share's owner" }, exported: { no: 'anonymous visitor hashes; the counts are on shares' }, onSharePages: false },
  shareContentVersions: { module: 'sharing', tenancy: 'owner_id', exported: { no: 'a cache counter' }, onSharePages: false },
  clientFeedback: { module: 'sharing', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: true },
  deals: { module: 'deals', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  comments: { module: 'comments', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'keep' }, exported: true, onSharePages: false },
  dataExports: { module: 'exports', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'delete' }, exported: { no: 'the exports themselves' }, onSharePages: false },
  imports: { module: 'formats', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'delete' }, exported: { no: 'a CSV import waiting for confirmation, gone within a day' }, onSharePages: false },
  portalFeeds: { module: 'formats', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'delete' }, exported: { no: "the feed's secret address" }, onSharePages: false },
  viewings: { module: 'agenda', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  tasks: { module: 'agenda', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  calendarFeeds: { module: 'agenda', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'delete' }, exported: true, onSharePages: false },
  clientAlerts: { module: 'alerts', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  alertMatches: { module: 'alerts', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  // Its identity (name, logo, licence, contact) is on every share page of the agency (migration 0027).
  agencies: { module: 'agencies', tenancy: 'id', exported: true, onSharePages: true },
  // Old website addresses of the agency, redirecting to the current one (migration 0030).
  agencySlugRedirects: { module: 'agencies', tenancy: 'agency_id', exported: { no: "the website's former addresses: redirects, no broker data" }, onSharePages: false },
  agencyMembers: { module: 'agencies', tenancy: 'agency_id', exported: true, onSharePages: false },
  agencyInvitations: { module: 'agencies', tenancy: 'agency_id', exported: { no: 'one-time secrets (hashed), gone within 7 days' }, onSharePages: false },
  auditLog: { module: 'agencies', tenancy: 'agency_id', exported: true, onSharePages: false },
  colleagueShares: {
    module: 'assignment',
    tenancy: 'agency_id',
    member: { column: 'member_id', onRemoval: 'delete' },
    exported: { no: "who inside the agency a record is shown to: access, not the broker's data (the records themselves are exported)" },
    onSharePages: false,
  },
  notifications: { module: 'notifications', tenancy: 'owner_id', exported: { no: 'notices of what the export already carries (feedback, viewings, alert matches) with read marks' }, onSharePages: false },
  leads: { module: 'leads', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  leadRouting: { module: 'leads', tenancy: 'agency_id', exported: { no: "the agency's routing setting (shown on /leads)" }, onSharePages: false },
  leadTakers: { module: 'leads', tenancy: 'agency_id', member: { column: 'user_id', onRemoval: 'delete' }, exported: { no: 'a switch per member (shown on /leads)' }, onSharePages: false },
  leadReplyTemplates: { module: 'leads', tenancy: 'agency_id', exported: { no: "the agency's reply wording (shown on /leads/templates)" }, onSharePages: false },
  leadMessages: { module: 'leads', tenancy: 'agency_id', member: { column: 'author_id', onRemoval: 'keep' }, exported: true, onSharePages: false },
  leadInboxes: { module: 'leads', tenancy: 'agency_id', exported: { no: "the inbound address's secret token (shown and rotated on /leads)" }, onSharePages: false },
  // Open houses and who signed in at them (docs/decisions/038-open-house-sign-in.md).
  openHouses: { module: 'open-houses', tenancy: 'agency_id', member: { column: 'owner_id', onRemoval: 'reassign' }, exported: true, onSharePages: false },
  openHouseSignIns: { module: 'open-houses', tenancy: 'agency_id', exported: true, onSharePages: false },
} satisfies Record<string, TableEntry>

export type TableName = keyof typeof TABLES

/**
 * Raw SQL in a module that names another module's table: each with why it cannot go through
 * the owner's functions. The registry test fails on any other.
 */
export const RAW_SQL_CROSSINGS: readonly { file: string; table: string; why: string }[] = [
  ...['clients', 'properties', 'profiles'].map((table) => ({
    file: 'app/modules/alerts/run.server.ts',
    table,
    why: 'the alert run matches every client against every new listing in one set-based statement (docs/decisions/022); through the owners it would load both tables into memory',
  })),
  {
    file: 'app/modules/properties/queries.server.ts',
    table: 'user_subscriptions',
    why: "the usage line reads the count and the plan's limit in one statement, with the same SQL functions the insert trigger enforces (plan_property_limit, subscription_is_usable)",
  },
]
