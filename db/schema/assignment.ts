import { sql } from 'drizzle-orm'
import { check, foreignKey, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { agencyColumn, agencyMembers } from './agencies.ts'
import { tasks, viewings } from './agenda.ts'
import { clients, deals } from './clients.ts'

/**
 * Which named colleagues a client (with its shortlist), deal, viewing or task is shared with
 * (migration 0026, docs/decisions/034-agencies-and-tenancy.md): exactly one record per row. The
 * member is one of the agency's (a foreign key to the membership, so removing the member removes
 * their shares); db/visibility.server.ts lets them see the record.
 */
export const colleagueShares = pgTable(
  'colleague_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: agencyColumn(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    viewingId: uuid('viewing_id').references(() => viewings.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('colleague_shares_client_idx').on(t.clientId, t.memberId).where(sql`${t.clientId} is not null`),
    uniqueIndex('colleague_shares_deal_idx').on(t.dealId, t.memberId).where(sql`${t.dealId} is not null`),
    uniqueIndex('colleague_shares_viewing_idx').on(t.viewingId, t.memberId).where(sql`${t.viewingId} is not null`),
    uniqueIndex('colleague_shares_task_idx').on(t.taskId, t.memberId).where(sql`${t.taskId} is not null`),
    index('colleague_shares_member_idx').on(t.memberId, t.agencyId),
    check('colleague_shares_one_record_check', sql`num_nonnulls(${t.clientId}, ${t.dealId}, ${t.viewingId}, ${t.taskId}) = 1`),
    foreignKey({ name: 'colleague_shares_member_fk', columns: [t.agencyId, t.memberId], foreignColumns: [agencyMembers.agencyId, agencyMembers.userId] }).onDelete('cascade'),
  ],
)
