import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { portalFeeds } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** 16 random bytes: 22 base64url characters in the address, like share links. */
const TOKEN_BYTES = 16
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/

export const portalFeedPath = (token: string) => `/feeds/${token}/kyero.xml`

/** The broker's feed token, or null when there is none (never made, or revoked). */
export async function getPortalFeedToken(scope: Scope): Promise<string | null> {
  const [row] = await getDb().select({ token: portalFeeds.token }).from(portalFeeds).where(eq(portalFeeds.ownerId, scope.memberId))
  return row?.token ?? null
}

/** A new token for the broker's feed; the previous address (if any) stops working at once. */
export async function regeneratePortalFeed(scope: Scope): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  await getDb()
    .insert(portalFeeds)
    .values({ ownerId: scope.memberId, token })
    .onConflictDoUpdate({ target: portalFeeds.ownerId, set: { token, createdAt: new Date() } })
  return token
}

/** The feed has no address any more: portals get 404. */
export async function revokePortalFeed(scope: Scope): Promise<void> {
  await getDb().delete(portalFeeds).where(eq(portalFeeds.ownerId, scope.memberId))
}

/** The broker whose feed this token opens, or null (malformed, unknown or revoked). */
export async function findPortalFeedOwner(token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb().select({ ownerId: portalFeeds.ownerId }).from(portalFeeds).where(eq(portalFeeds.token, token))
  return row?.ownerId ?? null
}
