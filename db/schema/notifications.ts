import { sql } from 'drizzle-orm'
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { NOTIFICATION_KINDS } from '../reference.ts'

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS)

/**
 * What happened for the broker while they were elsewhere (clients' reactions and comments,
 * viewing feedback, alert mails sent, exports ready), unread until the broker's
 * /notifications page shows it (docs/decisions/033-notifications-drag-and-profile-sections.md).
 * Written in the transaction of the event itself, next to its activity line or its job.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    summary: text('summary').notNull(),
    /** A quoted comment, when the event carries one. */
    detail: text('detail').notNull().default(''),
    /** The app page about it (a same-site path). */
    href: text('href').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    // The unread count rides on the session query: a few index entries per broker.
    index('notifications_owner_unread_idx').on(t.ownerId).where(sql`${t.readAt} is null`),
  ],
)
