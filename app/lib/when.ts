import { MINUTE_MS } from './time.ts'
import { safeTimeZone, wallClock } from './zoned-time.ts'

/**
 * Every date and time a broker sees, in one style and in their time zone (issue 25, defect 2):
 * recent moments as people say them ("5 min ago", "yesterday 14:10"), the rest as the exact
 * "Thu 26 Nov 2026, 14:10". Names are fixed English words rather than Intl's, whose abbreviations
 * change between ICU versions ("Sep" / "Sept"), so the server and the browser write the same text.
 * Only the wall clock comes from Intl (zoned-time.ts).
 */

/** Day or month first, and a 24- or 12-hour clock: the date half of a broker's format style. */
export type ClockStyle = { monthFirst: boolean; hour12: boolean }
export const DEFAULT_CLOCK_STYLE: ClockStyle = { monthFirst: false, hour12: false }

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** Anything a loader may hand over for a moment: a Date, or its ISO text after serialisation. */
export type Instant = Date | string | number

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value))

const parseDay = (date: string) => date.split('-').map(Number) as [number, number, number]

/** The weekday of a local date (YYYY-MM-DD). */
function weekday(date: string) {
  const [y, m, d] = parseDay(date)
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!
}

/** "Thu 26 Nov 2026" or "Thu Nov 26, 2026" for a local date (YYYY-MM-DD). */
export function formatDay(date: string, style: ClockStyle = DEFAULT_CLOCK_STYLE): string {
  const [y, m, d] = parseDay(date)
  const month = MONTHS[m - 1]
  return style.monthFirst ? `${weekday(date)} ${month} ${d}, ${y}` : `${weekday(date)} ${d} ${month} ${y}`
}

/** "14:10" or "2:10 PM". */
export function formatClockTime(hour: number, minute: number, style: ClockStyle = DEFAULT_CLOCK_STYLE): string {
  const mm = String(minute).padStart(2, '0')
  if (!style.hour12) return `${String(hour).padStart(2, '0')}:${mm}`
  return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${hour < 12 ? 'AM' : 'PM'}`
}

/** The local date (YYYY-MM-DD) in `timeZone` at `instant`. */
export function localDate(instant: Instant, timeZone: string): string {
  return wallClock(toDate(instant), safeTimeZone(timeZone)).date
}

/** The local date `days` after `date` (both YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDay(date)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** "Thu 26 Nov 2026, 14:10" (or "Thu Nov 26, 2026, 2:10 PM") in `timeZone`. */
export function formatExact(instant: Instant, timeZone: string, style: ClockStyle = DEFAULT_CLOCK_STYLE): string {
  const clock = wallClock(toDate(instant), safeTimeZone(timeZone))
  return `${formatDay(clock.date, style)}, ${formatClockTime(clock.hour, clock.minute, style)}`
}

/** "Thu 26 Nov 2026": the day of `instant` in `timeZone`. */
export function formatDate(instant: Instant, timeZone: string, style: ClockStyle = DEFAULT_CLOCK_STYLE): string {
  return formatDay(localDate(instant, timeZone), style)
}

export type WhenOptions = { timeZone: string; now: Instant; style?: ClockStyle }

export type When = {
  /** What the page shows: relative for moments within a week of `now`, else the exact label. */
  text: string
  /** The exact label in the broker's zone ("Thu 26 Nov 2026, 14:10"): the element's title. */
  exact: string
  /** The instant in ISO 8601 (UTC), for `<time dateTime>`. */
  iso: string
}

/** Within this many days either side, a moment is named by its weekday ("Mon 14:10"). */
const WEEKDAY_RANGE_DAYS = 6

/**
 * A moment as a broker would say it, seen from `now` in `timeZone`:
 * - under a minute either way: "just now",
 * - under an hour: "5 min ago" / "in 5 min",
 * - the same local day: "today 14:10", the day before or after: "yesterday 14:10" / "tomorrow 9:00",
 * - within six days: "Mon 14:10",
 * - else the exact "Thu 26 Nov 2026, 14:10".
 */
export function formatWhen(instant: Instant, { timeZone, now, style = DEFAULT_CLOCK_STYLE }: WhenOptions): When {
  const date = toDate(instant)
  const zone = safeTimeZone(timeZone)
  const exact = formatExact(date, zone, style)
  const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString()
  return { text: relativeText(date, toDate(now), zone, style) ?? exact, exact, iso }
}

function relativeText(date: Date, now: Date, zone: string, style: ClockStyle): string | null {
  const ms = date.getTime() - now.getTime()
  if (Number.isNaN(ms)) return null
  const minutes = Math.round(Math.abs(ms) / MINUTE_MS)
  // Within a minute either way is "just now": a moment just saved can read a few seconds ahead
  // of a browser whose clock is behind the server's.
  if (Math.abs(ms) < MINUTE_MS) return 'just now'
  if (minutes < 60) return ms < 0 ? `${minutes} min ago` : `in ${minutes} min`
  const clock = wallClock(date, zone)
  const today = wallClock(now, zone).date
  const time = formatClockTime(clock.hour, clock.minute, style)
  if (clock.date === today) return `today ${time}`
  if (clock.date === addDays(today, -1)) return `yesterday ${time}`
  if (clock.date === addDays(today, 1)) return `tomorrow ${time}`
  const low = addDays(today, -WEEKDAY_RANGE_DAYS)
  const high = addDays(today, WEEKDAY_RANGE_DAYS)
  if (clock.date >= low && clock.date <= high) return `${weekday(clock.date)} ${time}`
  return null
}

/** "Today", "Yesterday", "Tomorrow" or "Thu 26 Nov 2026": a heading for a local date. */
export function dayHeading(date: string, { timeZone, now, style = DEFAULT_CLOCK_STYLE }: WhenOptions): string {
  const today = localDate(now, timeZone)
  if (date === today) return 'Today'
  if (date === addDays(today, -1)) return 'Yesterday'
  if (date === addDays(today, 1)) return 'Tomorrow'
  return formatDay(date, style)
}

/** Within a day heading, a moment needs only its time, or "5 min ago" while it is that recent. */
export function formatTimeOfDay(instant: Instant, { timeZone, now, style = DEFAULT_CLOCK_STYLE }: WhenOptions): When {
  const date = toDate(instant)
  const full = formatWhen(date, { timeZone, now, style })
  const ms = toDate(now).getTime() - date.getTime()
  if (ms >= 0 && ms < 60 * MINUTE_MS) return full
  const clock = wallClock(date, safeTimeZone(timeZone))
  return { ...full, text: formatClockTime(clock.hour, clock.minute, style) }
}
