import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { shareContentVersions, shares } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient, getClientNames, isLiveClientSql } from '#app/modules/clients/access.server.ts'
import { getListingOrder } from '#app/modules/listings/listing-queries.server.ts'
import { findOwnedProperty, getPropertyTitles, isLivePropertySql } from '#app/modules/properties/access.server.ts'
import { getPublicFacts } from '#app/modules/properties/public-facts.server.ts'
import { qrCodeSvg } from './qr-code.server.ts'
import { sharePath, shareState, whyShareShowsNothing, type SharePanelData } from './share-links.ts'
import type { ShareKind } from '#db/reference.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** 128 random bits: unguessable, and 22 URL-safe characters in base64url. */
export const SHARE_ID_BYTES = 16
const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/
/** The panel lists the newest links only; older ones are still revocable from the database. */
export const SHARE_PANEL_MAX_ROWS = 100

export const isShareId = (value: unknown): value is string => typeof value === 'string' && SHARE_ID_PATTERN.test(value)
const newShareId = () => randomBytes(SHARE_ID_BYTES).toString('base64url')

export type ShareTarget = { kind: 'property'; propertyId: string } | { kind: 'client_listing'; clientId: string }
export type LiveShare = {
  id: string
  /** The member the link is assigned to: their contact is on its page. */
  ownerId: string
  /** The agency whose link it is: its identity is on its page, which acts for the owner there. */
  agencyId: string
  kind: ShareKind
  propertyId: string | null
  clientId: string | null
  /** When the link stops working (null: never); a page kept in memory checks it on every hit. */
  expiresAt: Date | null
  /** The owner's share content version (share_content_versions): what a cached page is checked against. */
  contentVersion: number
}

/**
 * Every link of this broker, live or not, by id (account deletion, in its transaction): by the
 * member's id, not a Scope, as the deletion spans every agency of the account.
 */
export async function listShareIdsOf(ownerId: string, tx: Transaction): Promise<string[]> {
  const rows = await tx.select({ id: shares.id }).from(shares).where(eq(shares.ownerId, ownerId))
  return rows.map((row) => row.id)
}

/**
 * Not revoked and not expired, evaluated by the database clock (one clock for every server), and
 * its property or client not in the trash: a trashed target's links answer like revoked ones.
 */
export function liveShareCondition(): SQL {
  return and(
    isNull(shares.revokedAt),
    or(isNull(shares.expiresAt), gt(shares.expiresAt, sql`now()`)),
    or(isNull(shares.propertyId), isLivePropertySql(shares.propertyId)),
    or(isNull(shares.clientId), isLiveClientSql(shares.clientId)),
  ) as SQL
}

export type CreateShareResult = { ok: true; id: string; path: string } | { ok: false; message: string }

/** A new link for one of the broker's properties or client listings (null for a foreign target). */
export async function createShare(
  scope: Scope,
  target: ShareTarget,
  expiresAt: Date | null = null,
): Promise<CreateShareResult | null> {
  const subject =
    target.kind === 'property'
      ? await describePropertyTarget(scope, target.propertyId)
      : await describeClientTarget(scope, target.clientId)
  if (!subject) return null
  const refusal = await whyNothingToShow(scope, target)
  if (refusal) return { ok: false, message: refusal }
  const id = newShareId()
  await getDb().transaction(async (tx) => {
    await tx.insert(shares).values({
      id,
      ownerId: scope.memberId,
      kind: target.kind,
      propertyId: subject.propertyId,
      clientId: subject.clientId,
      expiresAt,
    })
    await recordActivity(tx, scope.memberId, {
      kind: 'listing_shared',
      propertyId: subject.propertyId,
      clientId: subject.clientId,
      shareId: id,
      summary: target.kind === 'property' ? `Shared ${subject.name}` : `Shared the shortlist of ${subject.name}`,
    })
  })
  return { ok: true, id, path: sharePath(target.kind, id) }
}

/**
 * A link that would open on nothing is refused, with the reason: a hidden property, an empty
 * shortlist, or a shortlist of hidden properties only. Null when there is something to show.
 */
async function whyNothingToShow(scope: Scope, target: ShareTarget): Promise<string | null> {
  const propertyIds =
    target.kind === 'property' ? [target.propertyId] : (await getListingOrder(scope, target.clientId)).propertyIds
  const shown = propertyIds.length ? (await getPublicFacts(scope.memberId, propertyIds)).size : 0
  return whyShareShowsNothing(target.kind, propertyIds.length, shown)
}

async function describePropertyTarget(scope: Scope, propertyId: string) {
  const property = await findOwnedProperty(scope, propertyId)
  if (!property) return null
  return { propertyId: property.id, clientId: null, name: property.title }
}

async function describeClientTarget(scope: Scope, clientId: string) {
  const client = await findOwnedClient(scope, clientId)
  if (!client) return null
  return { propertyId: null, clientId: client.id, name: client.fullName }
}

/** Revokes one of the broker's links (null when foreign or unknown); revoking twice is harmless. */
export async function revokeShare(scope: Scope, shareId: unknown): Promise<{ revoked: boolean } | null> {
  if (!isShareId(shareId)) return null
  return getDb().transaction(async (tx) => {
    const [share] = await tx
      .select({
        id: shares.id,
        kind: shares.kind,
        revokedAt: shares.revokedAt,
        propertyId: shares.propertyId,
        clientId: shares.clientId,
      })
      .from(shares)
      .where(and(eq(shares.id, shareId), visibleTo(shares, scope)))
      .for('update')
    if (!share) return null
    if (share.revokedAt) return { revoked: false }
    await tx.update(shares).set({ revokedAt: sql`now()` }).where(eq(shares.id, share.id))
    const name = await describeShared(scope, share, tx)
    await recordActivity(tx, scope.memberId, {
      kind: 'share_revoked',
      propertyId: share.propertyId,
      clientId: share.clientId,
      shareId: share.id,
      summary:
        share.kind === 'property'
          ? `Revoked a share link of ${name ?? 'a property'}`
          : `Revoked a share link of the shortlist of ${name ?? 'a client'}`,
    })
    return { revoked: true }
  })
}

/** The title of the shared property or the name of the client, or null when it has gone. */
async function describeShared(scope: Scope, share: { propertyId: string | null; clientId: string | null }, tx: Transaction) {
  if (share.propertyId) return (await getPropertyTitles(scope, [share.propertyId], tx)).get(share.propertyId) ?? null
  if (share.clientId) return (await getClientNames(scope, [share.clientId], tx)).get(share.clientId) ?? null
  return null
}

/** The share behind a public URL, or null when unknown, revoked or expired (all look the same). */
export async function resolveLiveShare(shareId: unknown): Promise<LiveShare | null> {
  if (!isShareId(shareId)) return null
  // One query, which a cached share page also needs: is the link live, and is its page current?
  const [share] = await getDb()
    .select({
      id: shares.id,
      ownerId: shares.ownerId,
      agencyId: shares.agencyId,
      kind: shares.kind,
      propertyId: shares.propertyId,
      clientId: shares.clientId,
      expiresAt: shares.expiresAt,
      contentVersion: sql<number>`coalesce(${shareContentVersions.version}, 0)`.mapWith(Number),
    })
    .from(shares)
    .leftJoin(shareContentVersions, eq(shareContentVersions.ownerId, shares.ownerId))
    .where(and(eq(shares.id, shareId), liveShareCondition()))
    .limit(1)
  return share ?? null
}

/** The share panel of one of the broker's properties (the page has checked the property). */
export function listSharesForProperty(scope: Scope, propertyId: string) {
  return listShares(scope, 'property', propertyId)
}

/** The share panel of one of the broker's client listings. */
export function listSharesForClientListing(scope: Scope, clientId: string) {
  return listShares(scope, 'client_listing', clientId)
}

async function listShares(scope: Scope, kind: ShareTarget['kind'], targetId: string): Promise<SharePanelData> {
  const target = kind === 'property' ? eq(shares.propertyId, targetId) : eq(shares.clientId, targetId)
  const nothingToShowQuery = whyNothingToShow(
    scope,
    kind === 'property' ? { kind, propertyId: targetId } : { kind, clientId: targetId },
  )
  const rowsQuery = getDb()
    .select({
      id: shares.id,
      createdAt: shares.createdAt,
      expiresAt: shares.expiresAt,
      revokedAt: shares.revokedAt,
      viewCount: shares.viewCount,
      lastViewedAt: shares.lastViewedAt,
    })
    .from(shares)
    .where(and(visibleTo(shares, scope), eq(shares.kind, kind), target))
    .orderBy(desc(shares.createdAt))
    .limit(SHARE_PANEL_MAX_ROWS)
  const [rows, nothingToShow] = await Promise.all([rowsQuery, nothingToShowQuery])
  const now = new Date()
  const appUrl = getEnv().APP_URL.replace(/\/+$/, '')
  return {
    kind,
    targetId,
    appUrl,
    nothingToShow,
    shares: await Promise.all(
      rows.map(async (row) => {
        const path = sharePath(kind, row.id)
        const state = shareState(row, now)
        return { ...row, path, state, qrSvg: state === 'live' ? await qrCodeSvg(`${appUrl}${path}`) : null }
      }),
    ),
  }
}

/**
 * The link of a client's alert page (kind client_alert), written in the caller's transaction:
 * feedback given there is stored and shown like a shortlist's (021). Not listed in share panels.
 */
export async function createAlertShare(tx: Transaction, ownerId: string, clientId: string): Promise<string> {
  const id = newShareId()
  await tx.insert(shares).values({ id, ownerId, kind: 'client_alert', clientId })
  return id
}
