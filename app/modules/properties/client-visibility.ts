import type { PropertyStatus } from '#db/reference.ts'

/**
 * Statuses a client never sees: a draft is unfinished, and an off-market property is the
 * broker's private stock. Share pages, their photos and documents, and client feedback all
 * leave these out, whatever link points at them.
 */
export const HIDDEN_FROM_CLIENTS = ['draft', 'off_market'] as const satisfies readonly PropertyStatus[]

const REASONS: Partial<Record<PropertyStatus, string>> = {
  draft: 'Drafts are never shown to clients.',
  off_market: 'Off-market properties are never shown to clients.',
}

/** Why a property in this status is left out of share pages, or null when clients may see it. */
export function hiddenFromClientsReason(status: string): string | null {
  return REASONS[status as PropertyStatus] ?? null
}
