/**
 * Reference data: the one list of each kind of value (docs/product.md §4). The database enums are
 * built from these lists and the app imports them from here, so a value can never exist in
 * one place and not the other. Plain constants only: the browser bundle imports this file too.
 * Labels and other presentation live in the modules' catalogs.
 */

// Accounts and plans
export const PLANS = ['free_trial', 'starter', 'advanced', 'professional'] as const
export type Plan = (typeof PLANS)[number]

// Properties
export const CATEGORIES = ['residential', 'commercial', 'land'] as const
export type Category = (typeof CATEGORIES)[number]

export const TYPES_BY_CATEGORY = {
  residential: ['apartment', 'house', 'villa', 'townhouse', 'studio', 'penthouse'],
  commercial: ['office', 'retail', 'warehouse', 'industrial', 'hotel'],
  land: ['plot', 'farm_land'],
} as const satisfies Record<Category, readonly string[]>
export const PROPERTY_TYPES = [
  ...TYPES_BY_CATEGORY.residential,
  ...TYPES_BY_CATEGORY.commercial,
  ...TYPES_BY_CATEGORY.land,
] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

export const PURPOSES = ['sale', 'rent'] as const
export type Purpose = (typeof PURPOSES)[number]
export const RENT_PERIODS = ['monthly', 'weekly', 'daily', 'yearly'] as const
/** The deal status of a listing. */
export const STATUSES = ['draft', 'active', 'under_offer', 'sold', 'rented', 'off_market'] as const
export type PropertyStatus = (typeof STATUSES)[number]
export const VISIBILITIES = ['private', 'public'] as const
export const AREA_UNITS = ['sqm', 'sqft'] as const

// Clients and deals
export const CLIENT_KINDS = ['buyer', 'seller', 'tenant', 'landlord', 'investor'] as const
export const CLIENT_STAGES = ['new', 'contacted', 'viewing', 'negotiating', 'won', 'lost'] as const
export type ClientStage = (typeof CLIENT_STAGES)[number]

export const DEAL_STAGES = ['lead', 'viewing', 'offer', 'under_contract', 'closed_won', 'closed_lost'] as const
export type DealStage = (typeof DEAL_STAGES)[number]

// Sharing, feedback and comments
/** `client_alert`: the link of a client's property alerts (docs/decisions/022-client-alerts-and-share-tools.md). */
export const SHARE_KINDS = ['property', 'client_listing', 'client_alert'] as const
export type ShareKind = (typeof SHARE_KINDS)[number]
export const FEEDBACK_REACTIONS = ['interested', 'not_for_me'] as const
export type FeedbackReaction = (typeof FEEDBACK_REACTIONS)[number]
/** Why a property was put in a client's alert: newly listed, or its price went down. */
export const ALERT_REASONS = ['new', 'price_drop'] as const
export type AlertReason = (typeof ALERT_REASONS)[number]

/** How a broker hears about clients' feedback: batched as it happens, a daily digest at 08:00, or not at all. */
export const NOTICE_MODES = ['batched', 'daily', 'off'] as const
export type NoticeMode = (typeof NOTICE_MODES)[number]
/**
 * How a broker's dates, times and numbers read: day or month first (with a 24- or 12-hour clock),
 * and which marks group thousands and separate decimals (app/modules/profile/format-styles.ts).
 */
export const FORMAT_STYLES = ['day_month', 'month_day', 'day_month_comma', 'day_month_space'] as const
export type FormatStyle = (typeof FORMAT_STYLES)[number]
export type AreaUnit = (typeof AREA_UNITS)[number]
export const COMMENT_SUBJECTS = ['property', 'client', 'deal'] as const
export type CommentSubject = (typeof COMMENT_SUBJECTS)[number]

// The activity log
export const ACTIVITY_KINDS = [
  'property_created',
  'property_updated',
  'property_status_changed',
  'property_deleted',
  'photos_added',
  'photo_deleted',
  'document_added',
  'document_deleted',
  'client_created',
  'client_updated',
  'client_stage_changed',
  'listing_updated',
  'listing_shared',
  'share_revoked',
  'share_viewed',
  'client_feedback',
  'deal_created',
  'deal_moved',
  'comment_added',
  'viewing_scheduled',
  'viewing_feedback',
  // Trash (migration 0024): a deleted property, client, photo or document can come back for 30 days.
  'property_restored',
  'client_deleted',
  'client_restored',
  'photo_restored',
  'document_restored',
  // Assignment and sharing inside an agency (migration 0026).
  'record_assigned',
  'record_shared',
  'record_unshared',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

// Notifications in the app (docs/decisions/033-notifications-drag-and-profile-sections.md)
export const NOTIFICATION_KINDS = ['client_feedback', 'viewing_feedback', 'alert_sent', 'export_ready', 'new_lead'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

// Viewings (docs/decisions/021-viewings-and-tasks.md)
export const VIEWING_STATUSES = ['scheduled', 'done', 'canceled', 'no_show'] as const
export type ViewingStatus = (typeof VIEWING_STATUSES)[number]
/** How a task repeats (null: once); the next occurrence keeps the local time in the broker's zone. */
export const TASK_REPEATS = ['daily', 'weekly', 'monthly'] as const
export type TaskRepeat = (typeof TASK_REPEATS)[number]

// Data exports
export const DATA_EXPORT_STATUSES = ['pending', 'ready'] as const
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number]

// Imports (CSV, vCard)
export const IMPORT_KINDS = ['properties', 'clients'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

// Leads (issue 27; docs/decisions/035-leads-inbound-mail.md)
/** Where a lead came in: a share or alert page's form, the agency's website, an open house, the inbound address, by hand. */
export const LEAD_SOURCES = ['enquiry_form', 'website', 'open_house', 'email', 'manual'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]
export const LEAD_STATUSES = ['new', 'claimed', 'converted', 'discarded'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
