import { z } from 'zod'
import { addDays, DEFAULT_CLOCK_STYLE, formatClockTime, formatExact, type ClockStyle } from '#app/lib/when.ts'
import { instantFromWallClock, safeTimeZone, wallClock } from '#app/lib/zoned-time.ts'

/*
 * Open houses (docs/decisions/038-open-house-sign-in.md): the rules a page and the server share.
 * Times are the broker's wall clock in their zone; the database keeps instants and the zone.
 */

/** An open house is planned at most this far ahead. */
export const OPEN_HOUSE_MAX_DAYS_AHEAD = 365
/** The thank-you mails go at this hour (the broker's zone) the day after the open house. */
export const OPEN_HOUSE_THANKS_HOUR = '08:00'
/** Sign-ins one open house takes per hour (a busy door is some dozens; a script is refused). */
export const OPEN_HOUSE_SIGN_INS_PER_HOUR = 120
export const OPEN_HOUSE_SIGN_IN_WINDOW_SECONDS = 60 * 60
export const SIGN_IN_NAME_MAX_LENGTH = 200
export const SIGN_IN_EMAIL_MAX_LENGTH = 254
export const SIGN_IN_PHONE_MAX_LENGTH = 50

/** What a visitor agrees to by ticking the box; kept word for word with the time. */
export function signInConsentText(agencyName: string) {
  return `I agree that ${agencyName || 'the agency'} may contact me about this property and similar ones, and e-mail me a thank-you with the listing's link. I can ask them to stop at any time.`
}

export type OpenHouseState = 'upcoming' | 'running' | 'ended'

export function openHouseState(times: { startsAt: Date; endsAt: Date }, now = new Date()): OpenHouseState {
  if (now.getTime() < times.startsAt.getTime()) return 'upcoming'
  return now.getTime() < times.endsAt.getTime() ? 'running' : 'ended'
}

/** "Sat 28 Nov 2026, 10:00–12:00": the open house on the broker's clock. */
export function describeOpenHouseTimes(times: { startsAt: Date; endsAt: Date }, timeZone: string, style: ClockStyle = DEFAULT_CLOCK_STYLE) {
  const end = wallClock(times.endsAt, timeZone)
  return `${formatExact(times.startsAt, timeZone, style)}–${formatClockTime(end.hour, end.minute, style)}`
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export const StartOpenHouseSchema = z.object({
  date: z.string({ error: 'Choose the day.' }).trim().regex(DATE, 'Choose the day.'),
  startTime: z.string({ error: 'Choose when it starts.' }).trim().regex(TIME, 'Choose when it starts (HH:MM).'),
  endTime: z.string({ error: 'Choose when it ends.' }).trim().regex(TIME, 'Choose when it ends (HH:MM).'),
})
export type StartOpenHouseInput = z.infer<typeof StartOpenHouseSchema>

export type PlannedTimes = { startsAt: Date; endsAt: Date; thanksDueAt: Date; timeZone: string }
export type TimesError = { field: 'date' | 'startTime' | 'endTime'; message: string }

/**
 * The instants of an open house typed on the broker's clock, or what is wrong with them: an
 * impossible date, an end not after the start, an end already past, a day more than a year ahead.
 */
export function planTimes(input: StartOpenHouseInput, zone: string, now = new Date()): PlannedTimes | TimesError {
  const timeZone = safeTimeZone(zone)
  const startsAt = instantFromWallClock(input.date, input.startTime, timeZone)
  const endsAt = instantFromWallClock(input.date, input.endTime, timeZone)
  if (!startsAt || !endsAt) return { field: 'date', message: 'Choose a day that exists.' }
  const thanksDueAt = instantFromWallClock(addDays(input.date, 1), OPEN_HOUSE_THANKS_HOUR, timeZone)
  if (!thanksDueAt) return { field: 'date', message: 'Choose a day that exists.' }
  if (endsAt.getTime() <= startsAt.getTime()) return { field: 'endTime', message: 'The end must be after the start.' }
  if (endsAt.getTime() <= now.getTime()) return { field: 'endTime', message: 'That time has passed: choose an end still to come.' }
  if (startsAt.getTime() > now.getTime() + OPEN_HOUSE_MAX_DAYS_AHEAD * 86_400_000) {
    return { field: 'date', message: `Plan it within the next ${OPEN_HOUSE_MAX_DAYS_AHEAD} days.` }
  }
  return { startsAt, endsAt, thanksDueAt, timeZone }
}

/** What the start form offers first: today, from the next full hour, for two hours (on one day). */
export function suggestedTimes(timeZone: string, now = new Date()): StartOpenHouseInput {
  const clock = wallClock(now, safeTimeZone(timeZone))
  const startHour = Math.min(clock.hour + 1, 21)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: clock.date, startTime: `${pad(startHour)}:00`, endTime: `${pad(Math.min(startHour + 2, 23))}:00` }
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/** The visitor's form at the door. "At least an e-mail or a phone" is checked by the server. */
export const SignInSchema = z
  .object({
    name: z
      .string({ error: 'Write your name.' })
      .trim()
      .min(1, 'Write your name.')
      .max(SIGN_IN_NAME_MAX_LENGTH, `Keep the name to ${SIGN_IN_NAME_MAX_LENGTH} characters or fewer.`),
    email: z.preprocess(emptyToUndefined, z.email('Write an e-mail address like name@example.com.').max(SIGN_IN_EMAIL_MAX_LENGTH).optional()),
    phone: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(SIGN_IN_PHONE_MAX_LENGTH, `Keep the phone to ${SIGN_IN_PHONE_MAX_LENGTH} characters or fewer.`)
        .regex(/^[+\d][\d\s().\-/]{4,}$/, 'Write a phone number, digits only (a + in front is fine).')
        .optional(),
    ),
    withAgent: z.enum(['yes', 'no'], { error: 'Tell us whether you are working with an agent.' }),
    agentName: z.preprocess(emptyToUndefined, z.string().trim().max(SIGN_IN_NAME_MAX_LENGTH, `Keep the name to ${SIGN_IN_NAME_MAX_LENGTH} characters or fewer.`).optional()),
    consent: z.preprocess(emptyToUndefined, z.literal('yes').optional()),
  })
  .refine((v) => v.email || v.phone, { message: 'Leave an e-mail address or a phone number, so the agent can reach you.', path: ['email'] })
export type SignInInput = z.infer<typeof SignInSchema>
export type SignInField = 'name' | 'email' | 'phone' | 'withAgent' | 'agentName' | 'consent' | 'form'
export type SignInErrors = Partial<Record<SignInField, string>>
