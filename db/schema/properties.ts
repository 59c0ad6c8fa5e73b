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
import { users } from './accounts.ts'
import { ACTIVITY_KINDS, AREA_UNITS, CATEGORIES, PROPERTY_TYPES, PURPOSES, RENT_PERIODS, STATUSES, VISIBILITIES } from '../reference.ts'

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
export const areaUnit = pgEnum('area_unit', AREA_UNITS)

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
  },
  (t) => [
    // The list's default order, newest first with the id as tie-break: an import gives a whole
    // batch one created_at, and without the id the first page would sort that whole batch.
    index('properties_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('properties_owner_status_idx').on(t.ownerId, t.status),
    index('properties_owner_price_idx').on(t.ownerId, t.price),
    index('properties_owner_city_idx').on(t.ownerId, sql`lower(${t.city})`),
    index('properties_search_idx').using('gin', t.search),
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
  },
  (t) => [index('property_photos_property_idx').on(t.propertyId, t.position)],
)

export const propertyDocuments = pgTable(
  'property_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
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
  },
  (t) => [index('property_documents_property_idx').on(t.propertyId, t.createdAt)],
)

export const activityKind = pgEnum('activity_kind', ACTIVITY_KINDS)

/** Append-only log per broker; the feed itself is shown by the clients/activity issue. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  ],
)
