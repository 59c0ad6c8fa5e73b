import { describe, expect, it } from 'vitest'
import { getTrialDaysLeft, isTrialExpired, PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { DAY_MS, HOUR_MS } from '#app/lib/time.ts'

const now = new Date('2026-03-10T12:00:00Z')
const inMs = (ms: number) => new Date(now.getTime() + ms)

describe('getTrialDaysLeft: whole days between now and the end, plus 1; 0 once passed', () => {
  it('counts 14 full days as 15', () => {
    expect(getTrialDaysLeft(inMs(14 * DAY_MS), now)).toBe(15)
  })
  it('counts part of a day as 1', () => {
    expect(getTrialDaysLeft(inMs(3 * HOUR_MS), now)).toBe(1)
  })
  it('counts 2.5 days as 3', () => {
    expect(getTrialDaysLeft(inMs(2.5 * DAY_MS), now)).toBe(3)
  })
  it('is 0 once the end date has passed', () => {
    expect(getTrialDaysLeft(inMs(-1), now)).toBe(0)
    expect(getTrialDaysLeft(inMs(-5 * DAY_MS), now)).toBe(0)
  })
  it('is 0 without an end date', () => {
    expect(getTrialDaysLeft(null, now)).toBe(0)
  })
})

describe('isTrialExpired', () => {
  it('is false for a running trial and true once it ended', () => {
    expect(isTrialExpired({ plan: 'free_trial', trialEndDate: inMs(DAY_MS) }, now)).toBe(false)
    expect(isTrialExpired({ plan: 'free_trial', trialEndDate: inMs(-DAY_MS) }, now)).toBe(true)
  })
  it('is false for every paid plan, whatever the trial date', () => {
    for (const plan of ['starter', 'advanced', 'professional'] as const) {
      expect(isTrialExpired({ plan, trialEndDate: inMs(-DAY_MS) }, now)).toBe(false)
    }
  })
  it('is true without a subscription', () => {
    expect(isTrialExpired(null, now)).toBe(true)
  })
})

it('plan limits are the seed values', () => {
  expect(PLAN_PROPERTY_LIMITS).toEqual({ free_trial: 5, starter: 25, advanced: 100, professional: 250 })
})
