import { data } from 'react-router'
import { mediaTypeOf, readBodyUpTo } from '#app/http/raw-body.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { INBOUND_SIGNATURE_HEADER, isInboundMailSigned } from '#app/modules/leads/inbound-signature.server.ts'
import { MAX_INBOUND_MAIL_BYTES } from '#app/modules/leads/limits.ts'
import { receiveMail, type ReceivedMail } from '#app/modules/leads/receive-mail.server.ts'
import type { Route } from './+types/inbound-mail'

const plain = (message: string, status: number, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })

/** POST only: inbound-mail services never GET it (the request boundary answers 405 for PUT, DELETE…). */
export function loader() {
  return plain('Method not allowed.', 405, { Allow: 'POST' })
}

/**
 * Leads by mail over HTTP (docs/decisions/035-leads-inbound-mail.md): the raw RFC 822 message as
 * the body (`Content-Type: message/rfc822`), signed with INBOUND_MAIL_SECRET in
 * X-Inbound-Signature. Outside the guards and exempt from the cross-site check
 * (SERVER_TO_SERVER_PATHS): the signature proves the sender. 404 while no secret is set; 415 for
 * another type; 413 past 10 MB; 401 for a missing or wrong signature; 200 once filed (a
 * duplicate too), and 200 with `received: false` for a message to no known address (accepted
 * and dropped: sending it again would not help); 429 when the address is over its hourly limit
 * and 503 when the database is away (both: try again later).
 */
export async function action({ request }: Route.ActionArgs) {
  const secret = getEnv().INBOUND_MAIL_SECRET
  if (!secret) throw data('Not found', { status: 404 })
  if (mediaTypeOf(request) !== 'message/rfc822') return plain('Unsupported media type: post the raw message as message/rfc822.', 415)
  const body = await readBodyUpTo(request, MAX_INBOUND_MAIL_BYTES)
  if (!body) return plain('Payload too large: a message may be at most 10 MB.', 413)
  if (!isInboundMailSigned(body, request.headers.get(INBOUND_SIGNATURE_HEADER), secret)) return plain('Bad or missing signature.', 401)
  let received: ReceivedMail
  try {
    received = await receiveMail(body)
  } catch (error) {
    logger.error({ err: error }, 'Inbound mail could not be filed')
    return plain('Try again later.', 503, { 'Retry-After': '60' })
  }
  if (!received.recipientKnown) return Response.json({ received: false, reason: 'unknown-recipient' })
  const waits = received.outcomes.flatMap((outcome) => (outcome.status === 'rate-limited' ? [outcome.retryAfterSeconds] : []))
  if (waits.length === received.outcomes.length) {
    return plain('Too many messages for this address; try again later.', 429, { 'Retry-After': String(Math.max(...waits)) })
  }
  const count = (status: string) => received.outcomes.filter((outcome) => outcome.status === status).length
  return Response.json({ received: true, created: count('created'), duplicates: count('duplicate'), threaded: count('threaded') })
}
