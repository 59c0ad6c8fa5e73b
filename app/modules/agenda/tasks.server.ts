import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { tasks } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { instantFromWallClock } from '#app/lib/zoned-time.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { findOwnedDeal } from '#app/modules/deals/deals.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import type { TaskForm, TaskSubject } from './schemas.ts'
import type { FieldErrors } from './viewings.server.ts'
import { visibleTo } from '#db/visibility.server.ts'

export type TaskResult = { ok: true; id: string } | { ok: false; fieldErrors: FieldErrors } | null

const SUBJECT_COLUMN = { property: 'propertyId', client: 'clientId', deal: 'dealId' } as const

/** The subject row, key-share locked in `tx`, or null when it is not the broker's. */
function findSubject(brokerId: string, subject: TaskSubject, id: string, tx: Transaction) {
  if (subject === 'property') return findOwnedProperty(brokerId, id, tx)
  if (subject === 'client') return findOwnedClient(brokerId, id, tx)
  return findOwnedDeal(brokerId, id, tx)
}

/** A task on the broker's property, client or deal, due at a wall-clock time in their zone. Null: subject not theirs. */
export async function createTask(brokerId: string, input: TaskForm, timeZone: string): Promise<TaskResult> {
  const dueAt = instantFromWallClock(input.dueDate, input.dueTime, timeZone)
  if (!dueAt) return { ok: false, fieldErrors: { dueDate: ['Enter a real date.'] } }
  return getDb().transaction(async (tx) => {
    if (!(await findSubject(brokerId, input.subject, input.subjectId, tx))) return null
    const [row] = await tx
      .insert(tasks)
      .values({ ownerId: brokerId, title: input.title, dueAt, [SUBJECT_COLUMN[input.subject]]: input.subjectId })
      .returning({ id: tasks.id })
    return { ok: true as const, id: row!.id }
  })
}

/** Marks the broker's task done (or open again); null for a foreign or unknown id. */
export async function setTaskDone(brokerId: string, taskId: unknown, done: boolean) {
  if (!isUuid(taskId)) return null
  const [row] = await getDb()
    .update(tasks)
    .set({ doneAt: done ? new Date() : null })
    .where(and(eq(tasks.id, taskId), visibleTo(tasks, brokerId)))
    .returning({ id: tasks.id, title: tasks.title })
  return row ?? null
}

export async function deleteTask(brokerId: string, taskId: unknown) {
  if (!isUuid(taskId)) return null
  const [row] = await getDb()
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), visibleTo(tasks, brokerId)))
    .returning({ id: tasks.id, title: tasks.title })
  return row ?? null
}

export type TaskItem = { id: string; title: string; dueAt: Date; doneAt: Date | null }

/** The tasks of one property, client or deal: open ones by due date, then done ones. */
export async function listTasksOf(brokerId: string, subject: TaskSubject, subjectId: string): Promise<TaskItem[]> {
  if (!isUuid(subjectId)) return []
  const column = tasks[SUBJECT_COLUMN[subject]]
  const rows = await getDb()
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, doneAt: tasks.doneAt })
    .from(tasks)
    .where(and(visibleTo(tasks, brokerId), eq(column, subjectId)))
    .orderBy(asc(tasks.dueAt))
    .limit(200)
  return [...rows.filter((t) => !t.doneAt), ...rows.filter((t) => t.doneAt)]
}

/** How many open tasks are past due, and the first few of them, for /home. */
export async function listOverdueTasks(brokerId: string, now = new Date(), limit = 5) {
  const rows = await getDb()
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, propertyId: tasks.propertyId, clientId: tasks.clientId, dealId: tasks.dealId })
    .from(tasks)
    .where(and(visibleTo(tasks, brokerId), isNull(tasks.doneAt), lt(tasks.dueAt, now)))
    .orderBy(asc(tasks.dueAt))
    .limit(limit)
  return rows
}
