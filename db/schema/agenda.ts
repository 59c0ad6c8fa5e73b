import { sql } from 'drizzle-orm'
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { agencyColumn } from './agencies.ts'
import { users } from './accounts.ts'
import { clients, deals } from './clients.ts'
import { properties } from './properties.ts'
import { TASK_REPEATS, VIEWING_STATUSES } from '../reference.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const viewingStatus = pgEnum('viewing_status', VIEWING_STATUSES)
export const taskRepeat = pgEnum('task_repeat', TASK_REPEATS)

/**
 * A viewing (showing) of a property with a client (docs/decisions/021-viewings-and-tasks.md).
 * `sequence` is the iCalendar SEQUENCE of the invitation: raised on every change the client is
 * told about, so calendars replace the event instead of adding one. The feedback token is made
 * when the viewing is marked done; the client's rating and comment live on the row.
 */
export const viewings = pgTable(
  'viewings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    place: text('place').notNull(),
    notes: text('notes').notNull().default(''),
    status: viewingStatus('status').notNull().default('scheduled'),
    sequence: integer('sequence').notNull().default(0),
    feedbackToken: text('feedback_token').unique(),
    rating: integer('rating'),
    feedbackComment: text('feedback_comment'),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('viewings_owner_starts_idx').on(t.ownerId, t.startsAt),
    index('viewings_property_idx').on(t.propertyId, t.startsAt),
    index('viewings_client_idx').on(t.clientId, t.startsAt),
    check('viewings_duration_check', sql`${t.durationMinutes} between 5 and 720`),
    check('viewings_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
)

/**
 * A to-do of the broker, due at an instant: about one property, client or deal, or about nothing
 * (a task of their own). A repeating one makes its next occurrence when done (next_task_id).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    ownerId: owner(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Null: once. Else the next occurrence is made when this one is done, at the same local time. */
    repeat: taskRepeat('repeat'),
    /** The occurrence made when this one was done: completing it again makes no second one. */
    nextTaskId: uuid('next_task_id').references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_owner_due_idx').on(t.ownerId, t.dueAt),
    check('tasks_at_most_one_subject_check', sql`num_nonnulls(${t.propertyId}, ${t.clientId}, ${t.dealId}) <= 1`),
  ],
)

/**
 * A broker's private calendar subscription (/calendar/{token}/agenda.ics): one per broker, the
 * token a random 128-bit id. Revoking deletes the row; regenerating replaces the token.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  agencyId: agencyColumn(),
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
})
