import { and, isNull, or, type SQL } from 'drizzle-orm'
import { tasks, viewings } from '#db/schema.ts'
import { isLiveClientSql } from '#app/modules/clients/access.server.ts'
import { isLiveDealSql } from '#app/modules/deals/deals.server.ts'
import { isLivePropertySql } from '#app/modules/properties/access.server.ts'

/*
 * Viewings and tasks about a property or client in the trash are hidden with it (the agenda, the
 * 08:00 mail, the calendar feed), and come back when it is restored: deleting it for good would
 * have removed them (docs/decisions/032-trash-and-own-tasks.md).
 */

/** A viewing whose property and client are both live. */
export const viewingIsLive = and(isLivePropertySql(viewings.propertyId), isLiveClientSql(viewings.clientId)) as SQL

/** A task about nothing, or about a live property, client or deal (a deal lives while its client does). */
export const taskSubjectIsLive = and(
  or(isNull(tasks.propertyId), isLivePropertySql(tasks.propertyId)),
  or(isNull(tasks.clientId), isLiveClientSql(tasks.clientId)),
  or(isNull(tasks.dealId), isLiveDealSql(tasks.dealId)),
) as SQL
