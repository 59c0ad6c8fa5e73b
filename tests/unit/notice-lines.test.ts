import { describe, expect, it } from 'vitest'
import { dueDigestDay, feedbackLine, localClock, quote } from '#app/modules/notices/lines.ts'

describe('notice lines', () => {
  it('quotes the first 140 characters of a comment on one line', () => {
    expect(quote('  Short\n and sweet ')).toBe('Short and sweet')
    const long = quote('x'.repeat(200))
    expect(long).toBe(`${'x'.repeat(140)}…`)
    expect(quote('y'.repeat(140))).toBe('y'.repeat(140))
  })

  it('says what the client did', () => {
    expect(feedbackLine('Ana', 'Sea view flat', 'interested', '')).toBe('Ana: Interested in Sea view flat')
    expect(feedbackLine('Ana', 'Sea view flat', 'not_for_me', 'Too dark')).toBe("Ana: Not for me: Sea view flat; 'Too dark'")
    expect(feedbackLine('Rui', 'Loft', null, 'Parking?')).toBe("Rui: Comment on Loft; 'Parking?'")
  })
})

describe('digest clock', () => {
  it('reads the wall clock of the zone, summer time included', () => {
    expect(localClock(new Date('2026-07-01T07:30:00Z'), 'Europe/Lisbon')).toEqual({ date: '2026-07-01', hour: 8, minute: 30 })
    expect(localClock(new Date('2026-01-01T07:30:00Z'), 'Europe/Lisbon')).toEqual({ date: '2026-01-01', hour: 7, minute: 30 })
    expect(localClock(new Date('2026-11-23T23:05:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-24', hour: 8, minute: 5 })
  })

  it('is due once per local date, from 08:00 local', () => {
    // 22:50 UTC is 07:50 the next day in Tokyo: not yet; 23:05 UTC is 08:05 there.
    expect(dueDigestDay(new Date('2026-11-23T22:50:00Z'), 'Asia/Tokyo', null)).toBeNull()
    expect(dueDigestDay(new Date('2026-11-23T23:05:00Z'), 'Asia/Tokyo', null)).toBe('2026-11-24')
    expect(dueDigestDay(new Date('2026-11-24T08:05:00Z'), 'Asia/Tokyo', '2026-11-24')).toBeNull()
    expect(dueDigestDay(new Date('2026-11-24T23:00:00Z'), 'Asia/Tokyo', '2026-11-24')).toBe('2026-11-25')
    // New York, 08:00 EST is 13:00 UTC.
    expect(dueDigestDay(new Date('2026-11-24T12:59:00Z'), 'America/New_York', '2026-11-23')).toBeNull()
    expect(dueDigestDay(new Date('2026-11-24T13:00:00Z'), 'America/New_York', '2026-11-23')).toBe('2026-11-24')
  })

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(dueDigestDay(new Date('2026-11-24T08:01:00Z'), 'Mars/Olympus_Mons', null)).toBe('2026-11-24')
  })
})
