import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { agencyColumn } from './agencies.ts'
import { users } from './accounts.ts'
import { IMPORT_KINDS } from '../reference.ts'

export const importKind = pgEnum('import_kind', IMPORT_KINDS)

/**
 * An uploaded file read and checked, waiting for the broker to confirm it
 * (docs/decisions/019-formats.md): the rows that will be written, and the preview (row errors,
 * duplicates, counts). Kept until `expires_at`, deleted when confirmed or cancelled.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: importKind('kind').notNull(),
    fileName: text('file_name').notNull(),
    /** The accepted rows, as the columns they will be written with. */
    rows: jsonb('rows').$type<Record<string, unknown>[]>().notNull(),
    /** What the preview shows: counts, row errors, duplicates, notes. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('imports_owner_idx').on(t.ownerId, t.createdAt.desc())],
)

/**
 * A broker's portal feed (/feeds/{token}/kyero.xml): one per broker, the token a random
 * 128-bit id. Revoking deletes the row; regenerating replaces the token.
 */
export const portalFeeds = pgTable('portal_feeds', {
  agencyId: agencyColumn(),
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
