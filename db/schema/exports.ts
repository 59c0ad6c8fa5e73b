import { index, pgEnum, pgTable, text, timestamp, uuid, bigint } from 'drizzle-orm/pg-core'
import { agencyColumn } from './agencies.ts'
import { users } from './accounts.ts'
import { DATA_EXPORT_STATUSES } from '../reference.ts'

export const dataExportStatus = pgEnum('data_export_status', DATA_EXPORT_STATUSES)

/**
 * A data export made by a background job (accounts too large to zip during the request,
 * docs/decisions/015-data-export.md). The zip is stored at `storage_key`
 * (exports/{ownerId}/{random}.zip) until `expires_at`; a scheduled job deletes it after.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus('status').notNull().default('pending'),
    storageKey: text('storage_key').notNull().unique(),
    bytes: bigint('bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_owner_idx').on(t.ownerId, t.createdAt.desc()), index('data_exports_expires_idx').on(t.expiresAt)],
)
