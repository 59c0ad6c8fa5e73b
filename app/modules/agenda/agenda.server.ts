import { and, asc, gte, isNull, lt, ne } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { tasks, viewings } from '#db/schema.ts'
import type { TaskRepeat, ViewingStatus } from '#db/reference.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { instantFromWallClock, wallClock } from '#app/lib/zoned-time.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { getDealTitles } from '#app/modules/deals/deals.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import { taskSubjectIsLive, viewingIsLive } from './live.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** How far ahead /agenda looks, and how many of each kind it lists at most. */
export const AGENDA_DAYS = 60
export const AGENDA_MAX_ROWS = 500

export type AgendaViewing = {
  kind: 'viewing'
  id: string
  at: Date
  time: string
  durationMinutes: number
  place: string
  status: ViewingStatus
  propertyId: string
  propertyTitle: string
  clientId: string
  clientName: string
}
export type AgendaTask = {
  kind: 'task'
  id: string
  at: Date
  time: string
  title: string
  overdue: boolean
  repeat: TaskRepeat | null
  /** Null: a task of the broker's own, about no record. */
  subject: { kind: 'property' | 'client' | 'deal'; id: string; label: string } | null
}
export type AgendaItem = AgendaViewing | AgendaTask
/** One local day of the agenda, "overdue" first when there are open tasks past due. */
export type AgendaDay = { date: string | 'overdue'; items: AgendaItem[] }

/** The start of the broker's local day that holds `now`, as an instant. */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  return instantFromWallClock(wallClock(now, timeZone).date, '00:00', timeZone) ?? now
}

/**
 * Viewings (not canceled) and open tasks from the start of the broker's local today to
 * `days` ahead, plus open tasks already overdue, grouped by local day. A fixed number of
 * queries whatever the rows: two selects and one name lookup per kind (properties, clients,
 * deals).
 */
export async function listAgenda(scope: Scope, timeZone: string, now = new Date(), days = AGENDA_DAYS): Promise<AgendaDay[]> {
  const from = startOfLocalDay(now, timeZone)
  const until = new Date(from.getTime() + days * DAY_MS)
  const db = getDb()
  const [viewingRows, taskRows] = await Promise.all([
    db
      .select({
        id: viewings.id,
        at: viewings.startsAt,
        durationMinutes: viewings.durationMinutes,
        place: viewings.place,
        status: viewings.status,
        propertyId: viewings.propertyId,
        clientId: viewings.clientId,
      })
      .from(viewings)
      .where(and(visibleTo(viewings, scope), gte(viewings.startsAt, from), lt(viewings.startsAt, until), ne(viewings.status, 'canceled'), viewingIsLive))
      .orderBy(asc(viewings.startsAt))
      .limit(AGENDA_MAX_ROWS),
    db
      .select({ id: tasks.id, at: tasks.dueAt, title: tasks.title, repeat: tasks.repeat, propertyId: tasks.propertyId, clientId: tasks.clientId, dealId: tasks.dealId })
      .from(tasks)
      .where(and(visibleTo(tasks, scope), isNull(tasks.doneAt), lt(tasks.dueAt, until), taskSubjectIsLive))
      .orderBy(asc(tasks.dueAt))
      .limit(AGENDA_MAX_ROWS),
  ])
  const [titles, names, deals] = await Promise.all([
    getPropertyTitles(scope, [...viewingRows.map((v) => v.propertyId), ...taskRows.map((t) => t.propertyId)]),
    getClientNames(scope, [...viewingRows.map((v) => v.clientId), ...taskRows.map((t) => t.clientId)]),
    getDealTitles(scope, taskRows.map((t) => t.dealId)),
  ])
  const items: AgendaItem[] = [
    ...viewingRows.map((v): AgendaViewing => ({
      kind: 'viewing',
      ...v,
      time: wallClock(v.at, timeZone).time,
      propertyTitle: titles.get(v.propertyId) ?? 'A property',
      clientName: names.get(v.clientId) ?? 'A client',
    })),
    ...taskRows.map((t): AgendaTask => ({
      kind: 'task',
      id: t.id,
      at: t.at,
      time: wallClock(t.at, timeZone).time,
      title: t.title,
      overdue: t.at < now,
      repeat: t.repeat,
      subject: t.propertyId
        ? { kind: 'property', id: t.propertyId, label: titles.get(t.propertyId) ?? 'A property' }
        : t.clientId
          ? { kind: 'client', id: t.clientId, label: names.get(t.clientId) ?? 'A client' }
          : t.dealId
            ? { kind: 'deal', id: t.dealId, label: deals.get(t.dealId) ?? 'A deal' }
            : null,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime())
  const byDay = new Map<string, AgendaItem[]>()
  for (const item of items) {
    const key = item.kind === 'task' && item.at < from ? 'overdue' : wallClock(item.at, timeZone).date
    byDay.set(key, [...(byDay.get(key) ?? []), item])
  }
  return [...byDay].map(([date, dayItems]) => ({ date, items: dayItems }))
}
