import { data } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { handleStripeWebhook, type WebhookOutcome } from '#app/modules/billing/stripe-webhook.server.ts'
import { applyProviderSeats } from '#app/modules/agencies/seats.server.ts'
import type { Route } from './+types/stripe'

// Stripe's events are a few kilobytes; anything far larger is not from Stripe.
const MAX_WEBHOOK_BYTES = 1024 * 1024

const HTTP_STATUS: Record<WebhookOutcome['status'], number> = {
  'bad-signature': 400,
  retry: 503,
  ignored: 200,
  'unknown-customer': 200,
  applied: 200,
  replayed: 200,
  stale: 200,
  'other-subscription': 200,
}

const plain = (message: string, status: number, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })

/** POST only: Stripe never GETs it (the request boundary answers 405 for PUT, DELETE…). */
export function loader() {
  return plain('Method not allowed.', 405, { Allow: 'POST' })
}

/**
 * Stripe's webhook: outside the guards and exempt from the cross-site check (SERVER_TO_SERVER_PATHS):
 * the signature over the raw body is what proves the sender. 200 acknowledges (applied, replayed,
 * stale, unknown customer); 400 a bad signature; 503 asks Stripe to deliver again later.
 */
export async function action({ request }: Route.ActionArgs) {
  if (getEnv().BILLING_PROVIDER !== 'stripe') throw data('Not found', { status: 404 })
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_WEBHOOK_BYTES) return plain('Payload too large.', 413)
  const body = await request.text()
  if (body.length > MAX_WEBHOOK_BYTES) return plain('Payload too large.', 413)
  const outcome = await handleStripeWebhook(body, request.headers.get('Stripe-Signature'), applyProviderSeats)
  const status = HTTP_STATUS[outcome.status]
  if (status !== 200) return plain(outcome.status === 'retry' ? 'Try again later.' : 'Bad signature.', status)
  return Response.json({ received: true, outcome: outcome.status })
}
