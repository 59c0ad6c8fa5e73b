import { and, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm'
import { getDb, queryRows } from '#db/client.server.ts'
import { leads } from '#db/schema.ts'
import { seesWholeAgency, type Scope } from '#db/tenancy.server.ts'
import { getAgencyPeople } from '#app/modules/agencies/mail-context.server.ts'

/*
 * Speed to lead (docs/decisions/037-lead-routing-and-replies.md): for each lead, the time from its
 * arrival to the first reply sent from the app or its first change of stage (claimed, converted),
 * whichever came first. /leads shows the median of this week's leads per member: the owner and
 * admins every member's, an agent their own. Leads discarded as spam do not count; a lead not
 * answered yet counts as waiting, not in the median.
 */

export type SpeedRow = { memberId: string; name: string; leads: number; answered: number; medianSeconds: number | null }

/** Monday 00:00 of `now`'s week in `timeZone`, and the next Monday's. */
export async function weekOf(timeZone: string, now: Date): Promise<{ start: Date; end: Date }> {
  const at = now.toISOString()
  const [row] = await queryRows<{ week_start: number | string; week_end: number | string }>(
    sql`select extract(epoch from date_trunc('week', ${at}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})::float8 as week_start,
      extract(epoch from (date_trunc('week', ${at}::timestamptz at time zone ${timeZone}) + interval '7 days') at time zone ${timeZone})::float8 as week_end`,
  )
  if (!row) throw new Error('no week')
  return { start: new Date(Number(row.week_start) * 1000), end: new Date(Number(row.week_end) * 1000) }
}

export async function speedToLeadThisWeek(scope: Scope, timeZone: string, now = new Date()): Promise<SpeedRow[]> {
  const { start, end } = await weekOf(timeZone, now)
  const firstResponse = sql`least(${leads.firstReplyAt}, ${leads.firstStageChangeAt})`
  const rows = await getDb()
    .select({
      memberId: leads.ownerId,
      leads: sql<number>`count(*)::int`.mapWith(Number),
      answered: sql<number>`count(${firstResponse})::int`.mapWith(Number),
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${firstResponse} - ${leads.arrivedAt}))`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
    })
    .from(leads)
    .where(
      and(
        eq(leads.agencyId, scope.agencyId),
        isNotNull(leads.ownerId),
        ne(leads.status, 'discarded'),
        gte(leads.arrivedAt, start),
        lt(leads.arrivedAt, end),
        seesWholeAgency(scope) || scope.solo ? undefined : eq(leads.ownerId, scope.memberId),
      ),
    )
    .groupBy(leads.ownerId)
  if (rows.length === 0) return []
  const names = new Map((await getAgencyPeople(scope.agencyId)).map((person) => [person.userId, person.name]))
  return rows
    .map((row) => ({ memberId: row.memberId ?? '', name: names.get(row.memberId ?? '') ?? 'A former member', leads: row.leads, answered: row.answered, medianSeconds: row.medianSeconds }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
