import { describeLocal } from '#app/modules/agenda/format.ts'
import type { TaskSubject } from '#app/modules/agenda/schemas.ts'
import { listTasksOf } from '#app/modules/agenda/tasks.server.ts'
import { listViewings } from '#app/modules/agenda/viewings.server.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Whose clock the rows are told in: the broker's zone and format style. */
type BrokerClock = { timeZone: string; formatStyle: string }

/** The Viewings card's rows of a property or client page, times in the broker's zone and style. */
export async function loadViewingRows(scope: Scope, about: { propertyId: string } | { clientId: string }, broker: BrokerClock) {
  const rows = await listViewings(scope, about)
  const { clock } = formatStyleParts(broker.formatStyle)
  return rows.map(({ startsAt, ...row }) => ({ ...row, when: describeLocal(startsAt, broker.timeZone, clock) }))
}

/** The Tasks card's rows of a property, client or deal page. */
export async function loadTaskRows(scope: Scope, subject: TaskSubject, subjectId: string, broker: BrokerClock, now = new Date()) {
  const rows = await listTasksOf(scope, subject, subjectId)
  const { clock } = formatStyleParts(broker.formatStyle)
  return rows.map((t) => ({ id: t.id, title: t.title, due: describeLocal(t.dueAt, broker.timeZone, clock), done: t.doneAt !== null, overdue: t.doneAt === null && t.dueAt < now, repeat: t.repeat }))
}
