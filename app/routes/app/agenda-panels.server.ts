import { describeLocal } from '#app/modules/agenda/format.ts'
import type { TaskSubject } from '#app/modules/agenda/schemas.ts'
import { listTasksOf } from '#app/modules/agenda/tasks.server.ts'
import { listViewings } from '#app/modules/agenda/viewings.server.ts'

/** The Viewings card's rows of a property or client page, times in the broker's zone. */
export async function loadViewingRows(brokerId: string, about: { propertyId: string } | { clientId: string }, timeZone: string) {
  const rows = await listViewings(brokerId, about)
  return rows.map(({ startsAt, ...row }) => ({ ...row, when: describeLocal(startsAt, timeZone) }))
}

/** The Tasks card's rows of a property, client or deal page. */
export async function loadTaskRows(brokerId: string, subject: TaskSubject, subjectId: string, timeZone: string, now = new Date()) {
  const rows = await listTasksOf(brokerId, subject, subjectId)
  return rows.map((t) => ({ id: t.id, title: t.title, due: describeLocal(t.dueAt, timeZone), done: t.doneAt !== null, overdue: t.doneAt === null && t.dueAt < now, repeat: t.repeat }))
}
