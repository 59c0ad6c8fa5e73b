import { DAY_MS, HOUR_MS } from '#app/lib/time.ts'
import { instantFromWallClock, wallClock } from '#app/lib/zoned-time.ts'
import type { TaskRepeat } from '#db/reference.ts'

/** `date` (YYYY-MM-DD) moved by whole days or months; a month too short for the day takes its last day (31 Jan → 28 Feb). */
export function shiftDate(date: string, repeat: TaskRepeat, steps: number): string {
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

