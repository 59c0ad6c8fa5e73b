import { z } from 'zod'

/** How an agency's new leads find a member (docs/decisions/037-lead-routing-and-replies.md). A plain module: the pages import it. */
export const ROUTING_MODES = ['round_robin', 'first_to_claim', 'listing_agent'] as const
export type RoutingMode = (typeof ROUTING_MODES)[number]
export const ROUTING_ESCALATIONS = ['next_member', 'admins'] as const
export type RoutingEscalation = (typeof ROUTING_ESCALATIONS)[number]

export type RoutingSettings = { mode: RoutingMode; claimMinutes: number; escalation: RoutingEscalation }

export const DEFAULT_CLAIM_MINUTES = 15
export const MAX_CLAIM_MINUTES = 1440
export const DEFAULT_ROUTING: RoutingSettings = { mode: 'round_robin', claimMinutes: DEFAULT_CLAIM_MINUTES, escalation: 'next_member' }

export const ROUTING_MODE_LABELS: Record<RoutingMode, string> = {
  round_robin: 'Round-robin',
  first_to_claim: 'First to claim',
  listing_agent: "The listing's agent",
}

export const ROUTING_MODE_HINTS: Record<RoutingMode, string> = {
  round_robin: 'Each new lead goes to the next member who takes leads, in turn.',
  first_to_claim: 'Everyone who takes leads is told; the first to claim it has it.',
  listing_agent: "A lead about a listing goes to that listing's agent; one without a listing goes round-robin.",
}

export const ROUTING_ESCALATION_LABELS: Record<RoutingEscalation, string> = {
  next_member: 'Offer it to the next member',
  admins: 'Send it to the owner and admins',
}

export const RoutingSettingsSchema = z.object({
  intent: z.literal('save-routing'),
  mode: z.enum(ROUTING_MODES, { message: 'Choose how leads are routed.' }),
  claimMinutes: z.coerce
    .number({ message: 'Enter the minutes as a number.' })
    .int('Enter whole minutes.')
    .min(1, 'At least 1 minute.')
    .max(MAX_CLAIM_MINUTES, 'At most 1,440 minutes (a day).'),
  escalation: z.enum(ROUTING_ESCALATIONS, { message: 'Choose what happens to a lead nobody claims.' }),
})

/** The WhatsApp click-to-chat link for an E.164 number, with the text to start from. */
export function whatsAppLink(e164: string, text: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
}
