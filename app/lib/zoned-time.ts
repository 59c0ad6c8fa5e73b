/**
 * Wall-clock time in an IANA zone, with Intl only (the zone list the app offers is Intl's).
 * A broker types "2026-12-03 10:30" meaning their own clock (profiles.time_zone); the database
 * keeps the instant.
 */

export type WallClock = { date: string; time: string; hour: number; minute: number }

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string) {
  let found = formatters.get(timeZone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, found)
  }
  return found
}

/** A zone Intl knows, else UTC (a profile could hold a zone a newer runtime dropped). */
export function safeTimeZone(timeZone: string): string {
  try {
    formatter(timeZone)
    return timeZone
  } catch {
    return 'UTC'
  }
}

/** The wall clock in `timeZone` at `instant`: local date (YYYY-MM-DD), time (HH:MM), hour and minute. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = formatter(safeTimeZone(timeZone)).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00'
  const hour = Number(part('hour'))
  const minute = Number(part('minute'))
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}`, hour, minute }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Milliseconds the zone's clock is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string) {
  const clock = wallClock(new Date(instant), timeZone)
  const [y, m, d] = clock.date.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d, clock.hour, clock.minute) - Math.floor(instant / 60_000) * 60_000
}

/**
 * The instant a wall-clock date and time in `timeZone` names, or null for a malformed or
 * impossible date (2026-02-30). A time skipped by a summer-time jump moves forward by the jump,
 * as calendars do.
 */
export function instantFromWallClock(date: string, time: string, timeZone: string): Date | null {
  const d = DATE.exec(date)
  const t = TIME.exec(time)
  if (!d || !t) return null
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const asUtc = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]))
  const check = new Date(asUtc)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
  const zone = safeTimeZone(timeZone)
  const first = asUtc - offsetMs(asUtc, zone)
  return new Date(asUtc - offsetMs(first, zone))
}
