import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { tasks } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { DAY_MS, HOUR_MS } from '#app/lib/time.ts'
import { instantFromWallClock, wallClock } from '#app/lib/zoned-time.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { findOwnedDeal } from '#app/modules/deals/deals.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import type { TaskRepeat } from '#db/reference.ts'
import type { TaskForm, TaskSubject } from './schemas.ts'
import { taskSubjectIsLive } from './live.server.ts'
import type { FieldErrors } from './viewings.server.ts'

export type TaskResult = { ok: true; id: string } | { ok: false; fieldErrors: FieldErrors } | null

const SUBJECT_COLUMN = { property: 'propertyId', client: 'clientId', deal: 'dealId' } as const

/** The subject row, key-share locked in `tx`, or null when it is not the broker's. */
function findSubject(brokerId: string, subject: TaskSubject, id: string, tx: Transaction) {
  if (subject === 'property') return findOwnedProperty(brokerId, id, tx)
  if (subject === 'client') return findOwnedClient(brokerId, id, tx)
  return findOwnedDeal(brokerId, id, tx)
}

/**
 * A task of the broker, due at a wall-clock time in their zone: about their property, client or
 * deal, or about nothing. Null: the subject is not theirs.
 */
export async function createTask(brokerId: string, input: TaskForm, timeZone: string): Promise<TaskResult> {
  const dueAt = instantFromWallClock(input.dueDate, input.dueTime, timeZone)
  if (!dueAt) return { ok: false, fieldErrors: { dueDate: ['Enter a real date.'] } }
  return getDb().transaction(async (tx) => {
    const about = input.subject && input.subjectId ? { [SUBJECT_COLUMN[input.subject]]: input.subjectId } : {}
    if (input.subject && input.subjectId && !(await findSubject(brokerId, input.subject, input.subjectId, tx))) return null
    const [row] = await tx
      .insert(tasks)
      .values({ ownerId: brokerId, title: input.title, dueAt, repeat: input.repeat ?? null, ...about })
      .returning({ id: tasks.id })
    return { ok: true as const, id: row!.id }
  })
}

/** `date` (YYYY-MM-DD) moved by whole days or months; a month too short for the day takes its last day (31 Jan → 28 Feb). */
function shiftDate(date: string, repeat: TaskRepeat, steps: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const shifted =
    repeat === 'monthly'
      ? new Date(Date.UTC(y, m - 1 + steps, Math.min(d, new Date(Date.UTC(y, m + steps, 0)).getUTCDate())))
      : new Date(Date.UTC(y, m - 1, d + steps * (repeat === 'weekly' ? 7 : 1)))
  return shifted.toISOString().slice(0, 10)
}

/**
 * The next occurrence of a repeating task due at `dueAt`: the same wall-clock time in the
 * broker's zone (09:00 stays 09:00 across a summer-time change) a day, week or month on, and
 * after `now`: occurrences missed while it was overdue are skipped, not piled up as overdue tasks.
 */
export function nextOccurrence(dueAt: Date, repeat: TaskRepeat, timeZone: string, now: Date): Date {
  const { date, time } = wallClock(dueAt, timeZone)
  // Jump close to now at once (a daily task a year overdue), then step. The longest a step can
  // be (a day of 25 hours, a month of 31 days) keeps the jump from passing the occurrence sought.
  const longestStep = (repeat === 'daily' ? 1 : repeat === 'weekly' ? 7 : 31) * DAY_MS + HOUR_MS
  let steps = Math.max(1, Math.floor((now.getTime() - dueAt.getTime()) / longestStep))
  for (;;) {
    const next = instantFromWallClock(shiftDate(date, repeat, steps), time, timeZone)
    if (next && next > now) return next
    steps += 1
  }
}

export type TaskDone = { id: string; title: string; next: Date | null }

/**
 * Marks the broker's task done (or open again); null for a foreign or unknown id. Completing a
 * repeating task creates its next occurrence in the same transaction, once: the task remembers
 * it, so reopening and completing again creates no second one.
 */
export async function setTaskDone(brokerId: string, taskId: unknown, done: boolean, timeZone = 'UTC', now = new Date()): Promise<TaskDone | null> {
  if (!isUuid(taskId)) return null
  return getDb().transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.ownerId, brokerId)))
      .for('update')
    if (!task) return null
    await tx.update(tasks).set({ doneAt: done ? now : null }).where(eq(tasks.id, task.id))
    if (!done || !task.repeat || task.nextTaskId) return { id: task.id, title: task.title, next: null }
    const dueAt = nextOccurrence(task.dueAt, task.repeat, timeZone, now)
    const [next] = await tx
      .insert(tasks)
      .values({ ownerId: brokerId, title: task.title, dueAt, repeat: task.repeat, propertyId: task.propertyId, clientId: task.clientId, dealId: task.dealId })
      .returning({ id: tasks.id })
    await tx.update(tasks).set({ nextTaskId: next!.id }).where(eq(tasks.id, task.id))
    return { id: task.id, title: task.title, next: dueAt }
  })
}

export async function deleteTask(brokerId: string, taskId: unknown) {
  if (!isUuid(taskId)) return null
  const [row] = await getDb()
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.ownerId, brokerId)))
    .returning({ id: tasks.id, title: tasks.title })
  return row ?? null
}

export type TaskItem = { id: string; title: string; dueAt: Date; doneAt: Date | null; repeat: TaskRepeat | null }

/** The tasks of one property, client or deal: open ones by due date, then done ones. */
export async function listTasksOf(brokerId: string, subject: TaskSubject, subjectId: string): Promise<TaskItem[]> {
  if (!isUuid(subjectId)) return []
  const column = tasks[SUBJECT_COLUMN[subject]]
  const rows = await getDb()
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, doneAt: tasks.doneAt, repeat: tasks.repeat })
    .from(tasks)
    .where(and(eq(tasks.ownerId, brokerId), eq(column, subjectId)))
    .orderBy(asc(tasks.dueAt))
    .limit(200)
  return [...rows.filter((t) => !t.doneAt), ...rows.filter((t) => t.doneAt)]
}

/** How many open tasks are past due, and the first few of them, for /home. */
export async function listOverdueTasks(brokerId: string, now = new Date(), limit = 5) {
  const rows = await getDb()
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, propertyId: tasks.propertyId, clientId: tasks.clientId, dealId: tasks.dealId })
    .from(tasks)
    .where(and(eq(tasks.ownerId, brokerId), isNull(tasks.doneAt), lt(tasks.dueAt, now), taskSubjectIsLive))
    .orderBy(asc(tasks.dueAt))
    .limit(limit)
  return rows
}
