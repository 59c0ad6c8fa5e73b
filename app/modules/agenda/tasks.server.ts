import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { tasks } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { instantFromWallClock } from '#app/lib/zoned-time.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { findOwnedDeal } from '#app/modules/deals/deals.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import type { TaskRepeat } from '#db/reference.ts'
import type { TaskForm, TaskSubject } from './schemas.ts'
import { taskSubjectIsLive } from './live.server.ts'
import { nextOccurrence } from './repeat.ts'
import type { FieldErrors } from './viewings.server.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type TaskResult = { ok: true; id: string } | { ok: false; fieldErrors: FieldErrors } | null

const SUBJECT_COLUMN = { property: 'propertyId', client: 'clientId', deal: 'dealId' } as const

/** The subject row, key-share locked in `tx`, or null when it is not the broker's. */
function findSubject(scope: Scope, subject: TaskSubject, id: string, tx: Transaction) {
  if (subject === 'property') return findOwnedProperty(scope, id, tx)
  if (subject === 'client') return findOwnedClient(scope, id, tx)
  return findOwnedDeal(scope, id, tx)
}

/**
 * A task of the broker, due at a wall-clock time in their zone: about their property, client or
 * deal, or about nothing. Null: the subject is not theirs.
 */
export async function createTask(scope: Scope, input: TaskForm, timeZone: string): Promise<TaskResult> {
  const dueAt = instantFromWallClock(input.dueDate, input.dueTime, timeZone)
  if (!dueAt) return { ok: false, fieldErrors: { dueDate: ['Enter a real date.'] } }
  return getDb().transaction(async (tx) => {
    const about = input.subject && input.subjectId ? { [SUBJECT_COLUMN[input.subject]]: input.subjectId } : {}
    if (input.subject && input.subjectId && !(await findSubject(scope, input.subject, input.subjectId, tx))) return null
    const [row] = await tx
      .insert(tasks)
      .values({ ownerId: scope.memberId, title: input.title, dueAt, repeat: input.repeat ?? null, ...about })
      .returning({ id: tasks.id })
    return { ok: true as const, id: row!.id }
  })
}

export type TaskDone = { id: string; title: string; next: Date | null }

/**
 * Marks the broker's task done (or open again); null for a foreign or unknown id. Completing a
 * repeating task creates its next occurrence in the same transaction, once: the task remembers
 * it, so reopening and completing again creates no second one.
 */
export async function setTaskDone(scope: Scope, taskId: unknown, done: boolean, timeZone = 'UTC', now = new Date()): Promise<TaskDone | null> {
  if (!isUuid(taskId)) return null
  return getDb().transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, taskId), visibleTo(tasks, scope)))
      .for('update')
    if (!task) return null
    await tx.update(tasks).set({ doneAt: done ? now : null }).where(eq(tasks.id, task.id))
    if (!done || !task.repeat || task.nextTaskId) return { id: task.id, title: task.title, next: null }
    const dueAt = nextOccurrence(task.dueAt, task.repeat, timeZone, now)
    const [next] = await tx
      .insert(tasks)
      .values({ ownerId: scope.memberId, title: task.title, dueAt, repeat: task.repeat, propertyId: task.propertyId, clientId: task.clientId, dealId: task.dealId })
      .returning({ id: tasks.id })
    await tx.update(tasks).set({ nextTaskId: next!.id }).where(eq(tasks.id, task.id))
    return { id: task.id, title: task.title, next: dueAt }
  })
}

export async function deleteTask(scope: Scope, taskId: unknown) {
  if (!isUuid(taskId)) return null
  const [row] = await getDb()
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), visibleTo(tasks, scope)))
    .returning({ id: tasks.id, title: tasks.title })
  return row ?? null
}

export type TaskItem = { id: string; title: string; dueAt: Date; doneAt: Date | null; repeat: TaskRepeat | null }

/** The tasks of one property, client or deal: open ones by due date, then done ones. */
export async function listTasksOf(scope: Scope, subject: TaskSubject, subjectId: string): Promise<TaskItem[]> {
  if (!isUuid(subjectId)) return []
  const column = tasks[SUBJECT_COLUMN[subject]]
  const rows = await getDb()
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, doneAt: tasks.doneAt, repeat: tasks.repeat })
    .from(tasks)
    .where(and(visibleTo(tasks, scope), eq(column, subjectId)))
    .orderBy(asc(tasks.dueAt))
    .limit(200)
  return [...rows.filter((t) => !t.doneAt), ...rows.filter((t) => t.doneAt)]
}

/** How many open tasks are past due, and the first few of them, for /home. */
export async function listOverdueTasks(scope: Scope, now = new Date(), limit = 5) {
  const rows = await getDb()
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, propertyId: tasks.propertyId, clientId: tasks.clientId, dealId: tasks.dealId })
    .from(tasks)
    .where(and(visibleTo(tasks, scope), isNull(tasks.doneAt), lt(tasks.dueAt, now), taskSubjectIsLive))
    .orderBy(asc(tasks.dueAt))
    .limit(limit)
  return rows
}
