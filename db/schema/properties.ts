import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { agencyColumn } from './agencies.ts'
import { areaUnit, users } from './accounts.ts'
import { ACTIVITY_KINDS, CATEGORIES, PROPERTY_TYPES, PURPOSES, RENT_PERIODS, STATUSES, VISIBILITIES } from '../reference.ts'

// Indexes on created_at say DESC NULLS FIRST to match ORDER BY created_at DESC (Postgres's default),
// or the planner cannot walk them for the newest-first lists.
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const propertyCategory = pgEnum('property_category', CATEGORIES)
export const propertyType = pgEnum('property_type', PROPERTY_TYPES)
export const propertyPurpose = pgEnum('property_purpose', PURPOSES)
export const rentPeriod = pgEnum('rent_period', RENT_PERIODS)
export const propertyStatus = pgEnum('property_status', STATUSES)
export const propertyVisibility = pgEnum('property_visibility', VISIBILITIES)

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: propertyCategory('category').notNull(),
    type: propertyType('type').notNull(),
    purpose: propertyPurpose('purpose').notNull(),
    rentPeriod: rentPeriod('rent_period'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    referenceCode: text('reference_code'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    /** The price before the last change and when it changed: set by a trigger (migration 0015), read by client alerts. */
    previousPrice: numeric('previous_price', { precision: 14, scale: 2, mode: 'number' }),
    priceChangedAt: timestamp('price_changed_at', { withTimezone: true }),
    currency: text('currency').notNull().default('USD'),
    street: text('street'),
    area: text('area'),
    city: text('city'),
    region: text('region'),
    /**
     * City and area folded as search and matching compare them (fold_text: lower case, no
     * accents), stored so a client's places and the city filter meet an index instead of
     * folding every row they read (migration 0020).
     */
    cityFolded: text('city_folded').generatedAlwaysAs((): SQL => sql`fold_text(${properties.city})`),
    areaFolded: text('area_folded').generatedAlwaysAs((): SQL => sql`fold_text(${properties.area})`),
    postalCode: text('postal_code'),
    country: text('country'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    builtArea: numeric('built_area', { precision: 12, scale: 2, mode: 'number' }),
    areaUnit: areaUnit('area_unit').notNull().default('sqm'),
    landArea: numeric('land_area', { precision: 14, scale: 2, mode: 'number' }),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    parking: integer('parking'),
    floor: integer('floor'),
    yearBuilt: integer('year_built'),
    furnished: boolean('furnished'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: propertyStatus('status').notNull().default('draft'),
    visibility: propertyVisibility('visibility').notNull().default('private'),
    privateNotes: text('private_notes').notNull().default(''),
    // Full-text search over title, reference, address and description ('simple': no stemming,
    // so names of streets and places match as typed), folded by fold_text (migration 0006) so
    // "Remedios" finds "Remédios": queries fold their words the same way.
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`to_tsvector('simple'::regconfig, fold_text(
          coalesce(${properties.title}, '') || ' ' || coalesce(${properties.referenceCode}, '') || ' ' ||
          coalesce(${properties.street}, '') || ' ' || coalesce(${properties.area}, '') || ' ' ||
          coalesce(${properties.city}, '') || ' ' || coalesce(${properties.region}, '') || ' ' ||
          coalesce(${properties.postalCode}, '') || ' ' || coalesce(${properties.description}, '')))`,
      ),
    ...timestamps,
    /** In the trash since (null: live); removed for good 30 days later (migration 0024). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The trash page and the purge job read trashed rows only.
    index('properties_trash_idx').on(t.ownerId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // The list's default order, newest first with the id as tie-break: an import gives a whole
    // batch one created_at, and without the id the first page would sort that whole batch.
    index('properties_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // By status, newest first: the status counts (index-only), a status filter's first page, and
    // the walk of a broker's active listings that client matching stops after a dozen fits.
    index('properties_owner_status_idx').on(t.ownerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('properties_owner_price_idx').on(t.ownerId, t.price),
    // The deal form's property picker, by title: 500 index entries, not a sort of the portfolio
    // (a 100,000-row broker's picker was a parallel scan of the whole table, migration 0021).
    index('properties_owner_title_idx').on(t.ownerId, t.title, t.id),
    index('properties_owner_city_idx').on(t.ownerId, sql`lower(${t.city})`),
    // A broker's search: every word of the vector tagged with its owner (owner_search, migration
    // 0020), so a prefix such as "waterf" reads that broker's matches only, never those of every
    // broker (docs/decisions/029-a-brokers-cost-is-their-own.md).
    index('properties_owner_search_idx').using('gin', sql`owner_search(${t.ownerId}, ${t.search})`),
    index('properties_agency_search_idx').using('gin', sql`owner_search(${t.agencyId}, ${t.search})`),
    index('properties_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Public listings are searched across brokers: the plain vector, of public active rows only.
    index('properties_public_search_idx')
      .using('gin', t.search)
      .where(sql`${t.visibility} = 'public' and ${t.status} = 'active'`),
    // Client matching by place, among a broker's active listings.
    index('properties_active_city_idx').on(t.ownerId, t.cityFolded).where(sql`${t.status} = 'active'`),
    index('properties_active_area_idx').on(t.ownerId, t.areaFolded).where(sql`${t.status} = 'active'`),
    index('properties_tags_idx').using('gin', t.tags),
    index('properties_public_idx').on(t.visibility, t.status, t.createdAt.desc().nullsFirst()),
  ],
)

export type VariantKeys = Record<string, string>

export const propertyPhotos = pgTable(
  'property_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 is the cover. */
    position: integer('position').notNull(),
    caption: text('caption').notNull().default(''),
    originalKey: text('original_key').notNull(),
    /** Width in px → storage key of the WebP variant. */
    variantKeys: jsonb('variant_keys').$type<VariantKeys>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the trash since (null: live); its files stay until the purge removes the row. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('property_photos_property_idx').on(t.propertyId, t.position),
    index('property_photos_trash_idx').on(t.ownerId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
)

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    sharedWithClients: boolean('shared_with_clients').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the trash since (null: live); its file stays until the purge removes the row. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('property_documents_property_idx').on(t.propertyId, t.createdAt),
    index('property_documents_trash_idx').on(t.ownerId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
)

export const activityKind = pgEnum('activity_kind', ACTIVITY_KINDS)

/** Append-only log per broker; the feed itself is shown by the clients/activity issue. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The member who acted: filled by the database from the request's scope, as agency_id is
     * (migration 0026); null for what a client, a visitor or a job did.
     */
    actorId: uuid('actor_id')
      .default(sql`bv_scope_member()`)
      .references(() => users.id, { onDelete: 'set null' }),
    kind: activityKind('kind').notNull(),
    // No foreign key: the record of a deleted property stays in the log.
    propertyId: uuid('property_id'),
    clientId: uuid('client_id'),
    dealId: uuid('deal_id'),
    shareId: text('share_id'),
    summary: text('summary').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    index('activities_property_idx').on(t.propertyId, t.createdAt.desc().nullsFirst()),
    index('activities_client_idx').on(t.clientId, t.createdAt.desc().nullsFirst()),
    index('activities_deal_idx').on(t.dealId, t.createdAt.desc().nullsFirst()),
    index('activities_agency_created_idx').on(t.agencyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)
