import { describe, expect, it } from 'vitest'
import {
  describeOpenHouseTimes,
  OPEN_HOUSE_MAX_DAYS_AHEAD,
  OPEN_HOUSE_SIGN_IN_WINDOW_SECONDS,
  OPEN_HOUSE_SIGN_INS_PER_HOUR,
  OPEN_HOUSE_THANKS_HOUR,
  openHouseState,
  planTimes,
  SignInSchema,
  suggestedTimes,
} from '#app/modules/open-houses/rules.ts'

// docs/decisions/038-open-house-sign-in.md
describe('open-house rules', () => {
  it('pins its limits: 120 sign-ins an hour (3,600 s) per open house, a year ahead, thanks at 08:00', () => {
    expect(OPEN_HOUSE_SIGN_IN_WINDOW_SECONDS).toBe(3_600)
    expect(OPEN_HOUSE_SIGN_INS_PER_HOUR).toBe(120)
    expect(OPEN_HOUSE_MAX_DAYS_AHEAD).toBe(365)
    expect(OPEN_HOUSE_THANKS_HOUR).toBe('08:00')
  })

  const now = new Date('2026-11-26T01:00:00Z')

  it('reads the times on the broker’s clock and thanks at 08:00 there the next day, across a clock change', () => {
    const times = planTimes({ date: '2027-03-27', startTime: '10:00', endTime: '12:30' }, 'Europe/Lisbon', now)
    expect(times).toEqual({
      startsAt: new Date('2027-03-27T10:00:00Z'),
      endsAt: new Date('2027-03-27T12:30:00Z'),
      // Summer time starts that night: 08:00 on the 28th is 07:00 UTC.
      thanksDueAt: new Date('2027-03-28T07:00:00Z'),
      timeZone: 'Europe/Lisbon',
    })
    const tokyo = planTimes({ date: '2026-12-31', startTime: '14:00', endTime: '16:00' }, 'Asia/Tokyo', now)
    expect(tokyo).toMatchObject({ startsAt: new Date('2026-12-31T05:00:00Z'), thanksDueAt: new Date('2026-12-31T23:00:00Z') })
  })

  it('refuses an end not after the start, an end gone by, an impossible day and a day beyond a year', () => {
    expect(planTimes({ date: '2026-12-01', startTime: '12:00', endTime: '12:00' }, 'UTC', now)).toEqual({ field: 'endTime', message: 'The end must be after the start.' })
    expect(planTimes({ date: '2026-11-25', startTime: '10:00', endTime: '12:00' }, 'UTC', now)).toMatchObject({ field: 'endTime' })
    expect(planTimes({ date: '2027-02-29', startTime: '10:00', endTime: '12:00' }, 'UTC', now)).toMatchObject({ field: 'date', message: 'Choose a day that exists.' })
    expect(planTimes({ date: '2028-01-01', startTime: '10:00', endTime: '12:00' }, 'UTC', now)).toMatchObject({ field: 'date' })
    // Started already, ends later today: "from now until 02:00" is fine.
    expect(planTimes({ date: '2026-11-26', startTime: '00:00', endTime: '02:00' }, 'UTC', now)).toHaveProperty('startsAt')
  })

  it('says whether it is upcoming, running or over, and its times in one line', () => {
    const times = { startsAt: new Date('2026-11-28T10:00:00Z'), endsAt: new Date('2026-11-28T12:00:00Z') }
    expect(openHouseState(times, new Date('2026-11-28T09:59:59Z'))).toBe('upcoming')
    expect(openHouseState(times, new Date('2026-11-28T10:00:00Z'))).toBe('running')
    expect(openHouseState(times, new Date('2026-11-28T12:00:00Z'))).toBe('ended')
    expect(describeOpenHouseTimes(times, 'UTC')).toBe('Sat 28 Nov 2026, 10:00–12:00')
  })

  it('suggests today from the next full hour, for two hours', () => {
    expect(suggestedTimes('UTC', now)).toEqual({ date: '2026-11-26', startTime: '02:00', endTime: '04:00' })
  })

  it('asks for a name, an answer about an agent, and an e-mail or a phone', () => {
    const base = { name: 'Ana', email: '', phone: '', withAgent: 'no', agentName: '', consent: '' }
    expect(SignInSchema.safeParse({ ...base, email: 'ana@example.com' }).success).toBe(true)
    expect(SignInSchema.safeParse({ ...base, phone: '+351 912 345 678' }).success).toBe(true)
    const none = SignInSchema.safeParse(base)
    expect(none.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['email', 'Leave an e-mail address or a phone number, so the agent can reach you.']])
    const bad = SignInSchema.safeParse({ ...base, name: ' ', withAgent: 'maybe', phone: 'call me' })
    expect(bad.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['name', 'phone', 'withAgent'])
  })
})
