import { countOf, formatPrice, plural } from '#app/lib/format.ts'
import type { MailRequest, MailSignature } from '#app/modules/mail/message.ts'
import type { AlertReason } from '#db/reference.ts'
import { ALERT_MAIL_MAX_LINES } from './settings.ts'

export type AlertLine = {
  propertyId: string
  title: string
  city: string | null
  reason: AlertReason
  price: number | null
  previousPrice: number | null
  currency: string
}

export type AlertMailInput = {
  to: string
  clientName: string
  brokerName: string
  pageUrl: string
  unsubscribeUrl: string
  /** Where a client without a web browser at hand can write "unsubscribe" (RFC 8058 asks for both). */
  unsubscribeMailto: string
  lines: AlertLine[]
  /** The agent's card and the agency's identity, under the mail's words. */
  signature?: MailSignature
}

/** "Price drop: Sea view flat, Lisbon — was €300,000, now €280,000" or "New: Garden house, Porto — €450,000". */
export function describeAlertLine(line: AlertLine): string {
  const where = line.city ? `${line.title}, ${line.city}` : line.title
  const now = line.price === null ? 'price on request' : formatPrice(line.price, line.currency)
  if (line.reason === 'price_drop' && line.previousPrice !== null) {
    return `Price drop: ${where} — was ${formatPrice(line.previousPrice, line.currency)}, now ${now}`
  }
  return `New: ${where} — ${now}`
}

/**
 * One property once per mail: a property both new and already cheaper is told as the drop.
 * Drops first, then new listings, each as found.
 */
export function mergeAlertLines(lines: AlertLine[]): AlertLine[] {
  const byProperty = new Map<string, AlertLine>()
  for (const line of lines) {
    const seen = byProperty.get(line.propertyId)
    if (!seen || (seen.reason === 'new' && line.reason === 'price_drop')) byProperty.set(line.propertyId, line)
  }
  const merged = [...byProperty.values()]
  return [...merged.filter((l) => l.reason === 'price_drop'), ...merged.filter((l) => l.reason === 'new')]
}

/** The alert mail: the new matches, the page with one-tap reactions, and a one-click unsubscribe. */
export function composeAlertMail(input: AlertMailInput): MailRequest {
  const lines = mergeAlertLines(input.lines)
  const shown = lines.slice(0, ALERT_MAIL_MAX_LINES)
  const more = lines.length - shown.length
  const count = countOf(lines.length, 'property', 'properties')
  const paragraphs = [
    `Hello ${input.clientName},`,
    `${input.brokerName} found ${count} that ${plural(lines.length, 'fits', 'fit')} what you are looking for:`,
    shown.map(describeAlertLine).join('\n') + (more > 0 ? `\n…and ${more} more on the page.` : ''),
    'Tap Interested or Not for me on the page, and your broker will know.',
    `You get these alerts because you asked ${input.brokerName} for them. Unsubscribe: ${input.unsubscribeUrl}`,
  ]
  return {
    to: input.to,
    subject: lines.some((l) => l.reason === 'price_drop') && lines.every((l) => l.reason === 'price_drop')
      ? `Price drop on ${count} for you`
      : `New: ${count} for you`,
    paragraphs,
    action: { label: 'See the properties', url: input.pageUrl },
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>, <${input.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(input.signature && { signature: input.signature }),
  }
}
