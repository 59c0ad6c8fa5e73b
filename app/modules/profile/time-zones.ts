/**
 * The time zones a broker can pick: UTC and every IANA zone this runtime knows
 * (Intl.supportedValuesOf), by their current names, grouped by region (issue 25, item 9).
 * The list is the server's: browsers name a few zones differently, so the page lists what the
 * server accepts and only the server checks the choice.
 */
export const DEFAULT_TIME_ZONE = 'UTC'

/**
 * Intl lists zones by CLDR's ids, which kept names IANA has since replaced ("Asia/Calcutta" for
 * Asia/Kolkata, "Europe/Kiev" for Europe/Kyiv). Brokers look for today's names: each old id here
 * is offered under its current one, and a profile that still holds an old id reads as the new.
 * Intl accepts both spellings, and newer runtimes list the new ones themselves.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Godthab': 'America/Nuuk',
  'America/Coral_Harbour': 'America/Atikokan',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** A zone by its current IANA name ("Asia/Calcutta" → "Asia/Kolkata"); others unchanged. */
export const currentZoneName = (zone: string) => CURRENT_NAMES[zone] ?? zone

/** Whether this runtime's Intl formats in `zone`: a current name an old runtime lacks is left out. */
function formats(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

let zones: readonly string[] | undefined

/** UTC first, then every zone by its current name, alphabetically. */
export function supportedTimeZones(): readonly string[] {
  zones ??= [
    DEFAULT_TIME_ZONE,
    ...[...new Set(Intl.supportedValuesOf('timeZone').map((zone) => (formats(currentZoneName(zone)) ? currentZoneName(zone) : zone)))]
      // Places only: no bare legacy ids ("EST5EDT", "GMT") nor Etc/ offsets, where a runtime lists them.
      .filter((zone) => zone.includes('/') && !zone.startsWith('Etc/'))
      .sort(),
  ]
  return zones
}

let known: ReadonlySet<string> | undefined

/** A zone the page offers, or an old id of one (a bookmarked form, an older page). */
export function isSupportedTimeZone(value: string) {
  known ??= new Set([...supportedTimeZones(), ...Object.keys(CURRENT_NAMES).filter((zone) => formats(zone))])
  return known.has(value)
}

export type ZoneOption = { value: string; label: string }
export type ZoneGroup = { label: string; options: ZoneOption[] }

/** "America/Argentina/Buenos_Aires" in the America group reads "Argentina / Buenos Aires". */
const placeLabel = (zone: string) => zone.split('/').slice(1).join(' / ').replaceAll('_', ' ')

/**
 * The select's contents: the broker's current zone first, on its own (by its full name), then
 * UTC, then one group per region (Africa, America, … Pacific), each place once.
 */
export function timeZoneChoices(current: string): { first: ZoneOption[]; groups: ZoneGroup[] } {
  const selected = currentZoneName(current)
  const first: ZoneOption[] = [{ value: selected, label: selected.replaceAll('_', ' ') }]
  if (selected !== DEFAULT_TIME_ZONE) first.push({ value: DEFAULT_TIME_ZONE, label: DEFAULT_TIME_ZONE })
  const groups = new Map<string, ZoneOption[]>()
  for (const zone of supportedTimeZones()) {
    if (zone === DEFAULT_TIME_ZONE || zone === selected) continue
    const region = zone.slice(0, zone.indexOf('/'))
    const options = groups.get(region) ?? []
    options.push({ value: zone, label: placeLabel(zone) })
    groups.set(region, options)
  }
  return { first, groups: [...groups].map(([label, options]) => ({ label, options })) }
}
