import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * POST /webhooks/inbound-mail is signed by its sender (docs/decisions/035-leads-inbound-mail.md):
 * the header X-Inbound-Signature carries `sha256=` and the hex HMAC-SHA256 of the raw body with
 * INBOUND_MAIL_SECRET. The whole message is covered, its headers included, so the recipient a
 * lead is filed under cannot be changed on the way.
 */

export const INBOUND_SIGNATURE_HEADER = 'X-Inbound-Signature'

export function signInboundMail(body: Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/** Whether the header signs this body with this secret (compared in constant time). */
export function isInboundMailSigned(body: Uint8Array, header: string | null, secret: string): boolean {
  const given = /^(?:sha256=)?([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1]
  if (!given) return false
  const expected = createHmac('sha256', secret).update(body).digest()
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected)
}
