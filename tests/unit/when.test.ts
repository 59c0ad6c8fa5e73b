import { describe, expect, it } from 'vitest'
import { dayHeading, formatClockTime, formatDay, formatExact, formatTimeOfDay, formatWhen } from '#app/lib/when.ts'
import { formatNumber, formatPrice } from '#app/lib/format.ts'
import { FORMAT_STYLE_PARTS, formatStyleLabel, formatStyleParts } from '#app/modules/profile/format-styles.ts'
import { currencyLabel, currencyOptions, isCurrency, ISO_CURRENCIES } from '#app/lib/currencies.ts'
import { currentZoneName, isSupportedTimeZone, supportedTimeZones, timeZoneChoices } from '#app/modules/profile/time-zones.ts'
import { FORMAT_STYLES } from '#db/reference.ts'

// 2026-11-26 05:10 UTC is 14:10 the same day in Tokyo (UTC+9 all year) and 00:10 in New York.
const MOMENT = new Date('2026-11-26T05:10:00Z')
const TOKYO = 'Asia/Tokyo'
const US = FORMAT_STYLE_PARTS.month_day.clock

describe('formatExact: one style for every date and time, in the broker’s zone', () => {
  it('reads the wall clock of the zone', () => {
    expect(formatExact(MOMENT, TOKYO)).toBe('Thu 26 Nov 2026, 14:10')
    expect(formatExact(MOMENT, 'UTC')).toBe('Thu 26 Nov 2026, 05:10')
    expect(formatExact(MOMENT, 'America/New_York')).toBe('Thu 26 Nov 2026, 00:10')
    // Lisbon in summer is UTC+1.
    expect(formatExact('2026-07-14T09:30:00Z', 'Europe/Lisbon')).toBe('Tue 14 Jul 2026, 10:30')
  })

  it('writes month first with a 12-hour clock in that style', () => {
    expect(formatExact(MOMENT, TOKYO, US)).toBe('Thu Nov 26, 2026, 2:10 PM')
    expect(formatClockTime(0, 5, US)).toBe('12:05 AM')
    expect(formatClockTime(12, 0, US)).toBe('12:00 PM')
    expect(formatDay('2030-06-30', US)).toBe('Sun Jun 30, 2030')
  })

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(formatExact(MOMENT, 'Mars/Olympus_Mons')).toBe('Thu 26 Nov 2026, 05:10')
  })
})

describe('formatWhen: recent moments as people say them, the exact one beside', () => {
  const at = (iso: string) => formatWhen(MOMENT, { timeZone: TOKYO, now: new Date(iso) })

  it('says "just now", then minutes, then today, yesterday and the weekday', () => {
    expect(at('2026-11-26T05:10:20Z').text).toBe('just now')
    expect(at('2026-11-26T05:15:00Z').text).toBe('5 min ago')
    expect(at('2026-11-26T06:09:00Z').text).toBe('59 min ago')
    expect(at('2026-11-26T08:00:00Z').text).toBe('today 14:10')
    // The next day in Tokyo (00:30 on the 27th there), though still the 26th in UTC.
    expect(at('2026-11-26T15:30:00Z').text).toBe('yesterday 14:10')
    expect(at('2026-11-30T05:10:00Z').text).toBe('Thu 14:10')
    expect(at('2026-12-10T05:10:00Z').text).toBe('Thu 26 Nov 2026, 14:10')
  })

  it('says moments ahead the same way', () => {
    expect(at('2026-11-26T05:00:00Z').text).toBe('in 10 min')
    expect(at('2026-11-25T08:00:00Z').text).toBe('tomorrow 14:10')
    expect(at('2026-11-01T00:00:00Z').text).toBe('Thu 26 Nov 2026, 14:10')
  })

  it('always carries the exact moment and the instant for <time>', () => {
    const when = at('2026-11-26T05:15:00Z')
    expect(when.exact).toBe('Thu 26 Nov 2026, 14:10')
    expect(when.iso).toBe('2026-11-26T05:10:00.000Z')
  })

  it('takes a serialised date as a loader hands it over', () => {
    expect(formatWhen(MOMENT.toISOString(), { timeZone: TOKYO, now: MOMENT.getTime() + 120_000 }).text).toBe('2 min ago')
  })
})

describe('day headings and times under them (the activity feed)', () => {
  const options = { timeZone: TOKYO, now: new Date('2026-11-27T01:00:00Z') }
  it('names today and yesterday, and other days in full', () => {
    expect(dayHeading('2026-11-27', options)).toBe('Today')
    expect(dayHeading('2026-11-26', options)).toBe('Yesterday')
    expect(dayHeading('2026-11-20', options)).toBe('Fri 20 Nov 2026')
  })
  it('gives the time alone, or "N min ago" while recent', () => {
    expect(formatTimeOfDay(MOMENT, options).text).toBe('14:10')
    expect(formatTimeOfDay('2026-11-27T00:55:00Z', options).text).toBe('5 min ago')
  })
})

describe('number styles', () => {
  it('changes only the marks, so server and browser agree', () => {
    const dot = FORMAT_STYLE_PARTS.day_month_comma.numbers
    const space = FORMAT_STYLE_PARTS.day_month_space.numbers
    expect(formatPrice(385000, 'EUR', dot)).toBe('€385.000')
    expect(formatPrice(1250.5, 'EUR', dot)).toBe('€1.250,50')
    expect(formatNumber(1234567.89, space)).toBe('1\u00a0234\u00a0567,89')
    expect(formatPrice(385000, 'USD')).toBe('$385,000')
  })

  it('labels each style by example and reads an unknown one as the default', () => {
    expect(FORMAT_STYLES.map(formatStyleLabel)).toEqual([
      'Thu 26 Nov 2026, 14:10 · 1,234,567.89',
      'Thu Nov 26, 2026, 2:10 PM · 1,234,567.89',
      'Thu 26 Nov 2026, 14:10 · 1.234.567,89',
      'Thu 26 Nov 2026, 14:10 · 1\u00a0234\u00a0567,89',
    ])
    expect(formatStyleParts('nonsense')).toBe(FORMAT_STYLE_PARTS.day_month)
  })
})

describe('currencies: an ISO 4217 select', () => {
  it('lists the codes in use with their names, and keeps a stored code outside the list', () => {
    expect(ISO_CURRENCIES.length).toBeGreaterThan(140)
    expect(currencyLabel('EUR')).toBe('EUR — Euro')
    expect(currencyOptions().some((o) => o.value === 'HRK')).toBe(false)
    expect(currencyOptions('HRK')[0]).toEqual({ value: 'HRK', label: 'HRK' })
    expect(currencyOptions('EUR').filter((o) => o.value === 'EUR')).toHaveLength(1)
    expect(isCurrency('EUR')).toBe(true)
    expect(isCurrency('EURO')).toBe(false)
  })
})

describe('time zones: current names, grouped, the broker’s first', () => {
  it('offers current IANA names, not the old ids Intl still lists', () => {
    const zones = supportedTimeZones()
    expect(zones[0]).toBe('UTC')
    for (const current of ['Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Asia/Ho_Chi_Minh']) expect(zones).toContain(current)
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'America/Buenos_Aires', 'Asia/Saigon']) expect(zones).not.toContain(old)
    expect(zones.filter((zone) => zone !== 'UTC').every((zone) => zone.includes('/') && !zone.startsWith('Etc/'))).toBe(true)
    expect(new Set(zones).size).toBe(zones.length)
  })

  it('accepts an old id, and reads it as the current name', () => {
    expect(isSupportedTimeZone('Asia/Calcutta')).toBe(true)
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(isSupportedTimeZone('Mars/Olympus_Mons')).toBe(false)
  })

  it('puts the current zone first, then UTC, then one group per region, each zone once', () => {
    const { first, groups } = timeZoneChoices('Asia/Calcutta')
    expect(first).toEqual([
      { value: 'Asia/Kolkata', label: 'Asia/Kolkata' },
      { value: 'UTC', label: 'UTC' },
    ])
    expect(groups.map((g) => g.label)).toEqual(['Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific'])
    const america = groups.find((g) => g.label === 'America')!.options
    expect(america).toContainEqual({ value: 'America/Argentina/Buenos_Aires', label: 'Argentina / Buenos Aires' })
    const values = [...first, ...groups.flatMap((g) => g.options)].map((o) => o.value)
    expect(new Set(values).size).toBe(values.length)
    expect(values.length).toBe(supportedTimeZones().length)
    expect(timeZoneChoices('UTC').first).toEqual([{ value: 'UTC', label: 'UTC' }])
  })
})
