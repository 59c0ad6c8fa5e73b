/**
 * The time zones a broker can pick: UTC first, then every IANA zone this runtime knows
 * (Intl.supportedValuesOf, which leaves UTC out). The list is the server's: browsers name a few
 * zones differently (Europe/Kyiv or Europe/Kiev), so the page lists what the server accepts and
 * only the server checks the choice.
 */
export const DEFAULT_TIME_ZONE = 'UTC'

let zones: readonly string[] | undefined

export function supportedTimeZones(): readonly string[] {
  zones ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE)]
  return zones
}

let known: ReadonlySet<string> | undefined

export function isSupportedTimeZone(value: string) {
  known ??= new Set(supportedTimeZones())
  return known.has(value)
}
