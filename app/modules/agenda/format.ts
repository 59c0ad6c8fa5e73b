import { DEFAULT_CLOCK_STYLE, formatExact, type ClockStyle } from '#app/lib/when.ts'

/** "Thu 3 Dec 2026, 10:30": the broker's wall clock, in their style. Computed on the server, so no hydration drift. */
export function describeLocal(instant: Date, timeZone: string, style: ClockStyle = DEFAULT_CLOCK_STYLE) {
  return formatExact(instant, timeZone, style)
}

/** "Thu 3 Dec 2026, 10:30 (Europe/Lisbon)": for mail, where the reader may be elsewhere. */
export function describeWhen(instant: Date, timeZone: string) {
  return `${describeLocal(instant, timeZone)} (${timeZone})`
}

/** The page of a task's property, client or deal. */
export const subjectPath = (subject: { kind: 'property' | 'client' | 'deal'; id: string }) => `/${subject.kind}/${subject.id}`
