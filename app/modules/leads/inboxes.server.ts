import { randomBytes } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leadInboxes } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { canManageMembers } from '#app/modules/agencies/members.server.ts'

/*
 * Each agency's inbound address, leads+TOKEN@INBOUND_MAIL_DOMAIN (docs/decisions/035-leads-inbound-mail.md).
 * The token is the address's only secret: 80 random bits in lower-case base32, because mail
 * systems may lower-case a local part. Made the first time an owner or admin opens /leads;
 * rotating it retires the old address at once.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
const TOKEN_BYTES = 10
export const INBOX_TOKEN_PATTERN = /^[a-z2-7]{16}$/
const INBOX_ADDRESS = /^leads\+([a-z2-7]{16})@([^@\s]+)$/

export function newInboxToken(): string {
  let bits = 0
  let value = 0
  let token = ''
  for (const byte of randomBytes(TOKEN_BYTES)) {
    value = ((value << 8) | byte) & 0xfff
    bits += 8
    while (bits >= 5) {
      token += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return token
}

/** The address for a token, or null while INBOUND_MAIL_DOMAIN is not set. */
export function inboxAddress(token: string, domain: string | null = getEnv().INBOUND_MAIL_DOMAIN ?? null): string | null {
  return domain ? `leads+${token}@${domain}` : null
}

/**
 * The token of an address that is one of ours: leads+TOKEN@ the configured domain (any domain
 * while none is configured: the token alone names the agency). Compared without case.
 */
export function tokenOfAddress(address: string, domain: string | null = getEnv().INBOUND_MAIL_DOMAIN ?? null): string | null {
  const match = INBOX_ADDRESS.exec(address.trim().toLowerCase())
  if (!match) return null
  if (domain && match[2] !== domain.toLowerCase()) return null
  return match[1] ?? null
}

export type InboxView = { address: string | null; token: string; canRotate: boolean }

/**
 * The agency's address as /leads shows it to owners and admins (made on first sight); null for
 * an agent, who neither sees nor rotates it.
 */
export async function getInbox(scope: Scope): Promise<InboxView | null> {
  if (!canManageMembers(scope)) return null
  const read = async () => (await getDb().select({ token: leadInboxes.token }).from(leadInboxes).where(eq(leadInboxes.agencyId, scope.agencyId)))[0]
  let row = await read()
  if (!row) {
    // Two first views at once make one address: the second insert does nothing and reads the first's.
    await getDb().insert(leadInboxes).values({ agencyId: scope.agencyId, token: newInboxToken() }).onConflictDoNothing({ target: leadInboxes.agencyId })
    row = await read()
  }
  return row ? { address: inboxAddress(row.token), token: row.token, canRotate: true } : null
}

/** A new token for the agency's address (owners and admins); false for an agent. */
export async function rotateInbox(scope: Scope): Promise<boolean> {
  if (!canManageMembers(scope)) return false
  await getDb()
    .insert(leadInboxes)
    .values({ agencyId: scope.agencyId, token: newInboxToken() })
    .onConflictDoUpdate({ target: leadInboxes.agencyId, set: { token: sql`excluded.token`, rotatedAt: sql`now()` } })
  await recordAudit(scope, { action: 'lead_address_changed', objectType: 'agency', objectId: scope.agencyId, summary: 'Changed the inbound address for leads (the old one no longer works)' })
  return true
}

/** The agencies these addresses reach (outside any scope: mail names its agency by the token). */
export async function agenciesOfAddresses(addresses: readonly string[]): Promise<string[]> {
  const tokens = [...new Set(addresses.map((address) => tokenOfAddress(address)).filter((token): token is string => Boolean(token)))].slice(0, 20)
  if (tokens.length === 0) return []
  const rows = await getDb().select({ agencyId: leadInboxes.agencyId }).from(leadInboxes).where(inArray(leadInboxes.token, tokens))
  return [...new Set(rows.map((row) => row.agencyId))]
}

/**
 * The agency's inbound address for a reply's Reply-To (made now if the agency has none yet), or
 * null while INBOUND_MAIL_DOMAIN is not set. By agency: any member replying needs it, and only
 * the address, never the token on its own, leaves this module.
 */
export async function replyAddressOf(agencyId: string): Promise<string | null> {
  if (!getEnv().INBOUND_MAIL_DOMAIN) return null
  await getDb().insert(leadInboxes).values({ agencyId, token: newInboxToken() }).onConflictDoNothing({ target: leadInboxes.agencyId })
  const [row] = await getDb().select({ token: leadInboxes.token }).from(leadInboxes).where(eq(leadInboxes.agencyId, agencyId))
  return row ? inboxAddress(row.token) : null
}
