import { describe, expect, it } from 'vitest'
import { isInPastDueGrace, isPaidSubscriptionLapsed, isSubscriptionGated, PAST_DUE_GRACE_MS } from '#app/modules/billing/plans.ts'

const now = new Date('2026-11-23T12:00:00Z')
const paid = (status: string | null, pastDueSince: Date | null = null) => ({ plan: 'starter' as const, trialEndDate: null, status, pastDueSince })

describe('subscription states (docs/decisions/018-stripe-billing.md)', () => {
  it('manual plans (no status), active and trialing are usable', () => {
    for (const status of [null, 'active', 'trialing']) {
      expect(isSubscriptionGated(paid(status), now), String(status)).toBe(false)
      expect(isInPastDueGrace(paid(status), now)).toBe(false)
    }
  })

  it('canceled, unpaid and the other unpaid states are gated like an expired trial', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(isPaidSubscriptionLapsed(paid(status), now), status).toBe(true)
      expect(isSubscriptionGated(paid(status), now), status).toBe(true)
    }
  })

  it('past_due keeps working for exactly 7 days from when it became past due, with the banner', () => {
    const justInside = new Date(now.getTime() - PAST_DUE_GRACE_MS)
    expect(isSubscriptionGated(paid('past_due', justInside), now)).toBe(false)
    expect(isInPastDueGrace(paid('past_due', justInside), now)).toBe(true)

    const justOutside = new Date(now.getTime() - PAST_DUE_GRACE_MS - 1)
    expect(isSubscriptionGated(paid('past_due', justOutside), now)).toBe(true)
    expect(isInPastDueGrace(paid('past_due', justOutside), now)).toBe(false)
    // No start recorded: no grace to count from.
    expect(isSubscriptionGated(paid('past_due', null), now)).toBe(true)
  })

  it('an expired trial is still gated, whatever the status', () => {
    const expired = { plan: 'free_trial' as const, trialEndDate: new Date(now.getTime() - 1), status: null, pastDueSince: null }
    expect(isSubscriptionGated(expired, now)).toBe(true)
  })
})
