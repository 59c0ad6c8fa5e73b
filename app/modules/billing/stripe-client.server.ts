import type Stripe from 'stripe'
import { getEnv, type StripeSettings } from '#app/lib/env.server.ts'
import { lazyModule } from '#app/lib/lazy-module.server.ts'
import type { PaidPlan } from './plans.ts'

// The SDK is loaded with the first call to Stripe: an install on the manual provider never does.
const stripeSdk = lazyModule<typeof Stripe>('stripe')

let cached: Stripe | undefined

/** The configured Stripe settings; only called once the provider is known to be Stripe. */
export function stripeSettings(): StripeSettings {
  const settings = getEnv().stripe
  if (!settings) throw new Error('Stripe is not configured (STRIPE_* settings)')
  return settings
}

/** One SDK client per process; STRIPE_API_BASE sends its calls to another host (the tests' fake API). */
export function getStripe(): Stripe {
  if (cached) return cached
  const settings = stripeSettings()
  const base = settings.apiBase
  const StripeClient = stripeSdk()
  const client = new StripeClient(settings.secretKey, {
    // A webhook waits on these calls: fail fast and let Stripe redeliver rather than hang.
    timeout: 10_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  })
  cached = client
  return client
}

/** An error the SDK raised (the API refused or could not be reached), as opposed to a bug here. */
export function isStripeError(error: unknown): boolean {
  return error instanceof stripeSdk().errors.StripeError
}

export function priceForPlan(plan: PaidPlan): string {
  return stripeSettings().prices[plan]
}

/** The plan a Stripe price stands for, or null for a price this install does not sell. */
export function planForPrice(priceId: string | undefined): PaidPlan | null {
  if (!priceId) return null
  const prices = stripeSettings().prices
  const match = (Object.keys(prices) as PaidPlan[]).find((plan) => prices[plan] === priceId)
  return match ?? null
}

/** The price of one extra seat, or null when this install sells none. */
export function seatPrice(): string | null {
  return stripeSettings().seatPrice
}
