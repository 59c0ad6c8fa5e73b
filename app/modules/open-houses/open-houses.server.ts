import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { lockForTransaction } from '#db/advisory-lock.server.ts'
import { openHouses, openHouseSignIns } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { logger } from '#app/lib/logger.server.ts'
import { scopeOfMember } from '#app/modules/agencies/membership.server.ts'
import { getTimeZone } from '#app/modules/profile/profile.server.ts'
import { findChangeableProperty } from '#app/modules/properties/access.server.ts'
import { hiddenFromClientsReason } from '#app/modules/properties/client-visibility.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { qrCodeSvg } from '#app/modules/sharing/qr-code.server.ts'
import { createShare, resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import { describeOpenHouseTimes, openHouseState, planTimes, type StartOpenHouseInput } from './rules.ts'
import type { OpenHouseView } from './view.ts'

/*
 * Open houses of a listing (docs/decisions/038-open-house-sign-in.md). Every member who sees the
 * listing sees its open houses and who signed in (sign-ins are new leads, which every member
 * sees too); whoever may change the listing starts and ends them. One at a time: the times of a
 * listing's open houses never overlap (checked under a lock on the listing's open houses).
 */

/** 128 random bits, 22 URL-safe characters: the sign-in page's only key, as share links are. */
const TOKEN_BYTES = 16
export const OPEN_HOUSE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/
/** The property page lists this many open houses, newest first (older ones stay in the export). */
export const OPEN_HOUSES_SHOWN = 10

export const signInPath = (token: string) => `/open-house/${token}`
const appUrl = () => getEnv().APP_URL.replace(/\/+$/, '')

export type StartResult = { ok: true; id: string } | { ok: false; field: 'date' | 'startTime' | 'endTime' | 'form'; message: string }

/**
 * Plans an open house of a listing the scope may change, on the member's clock. Null for a
 * listing they may not change (or no such listing). The listing's share link is made with it:
 * the sign-in page shows the listing's cover photo through it, and the thank-you mails carry it.
 */
export async function startOpenHouse(scope: Scope, propertyId: unknown, input: StartOpenHouseInput, now = new Date()): Promise<StartResult | null> {
  if (!(await findChangeableProperty(scope, propertyId))) return null
  const property = await getProperty(scope, propertyId)
  if (!property) return null
  const hidden = hiddenFromClientsReason(property.status)
  if (hidden) return { ok: false, field: 'form', message: `${hidden} Change the status to hold an open house.` }
  const timeZone = await getTimeZone(scope.memberId)
  const times = planTimes(input, timeZone, now)
  if (!('startsAt' in times)) return { ok: false, ...times }

  const created = await getDb().transaction(async (tx) => {
    await lockForTransaction(tx, 'open-houses', property.id)
    const [clash] = await tx
      .select({ startsAt: openHouses.startsAt, endsAt: openHouses.endsAt, timeZone: openHouses.timeZone })
      .from(openHouses)
      .where(and(eq(openHouses.propertyId, property.id), lt(openHouses.startsAt, times.endsAt), gt(openHouses.endsAt, times.startsAt)))
      .limit(1)
    if (clash) return { clash }
    const [row] = await tx
      .insert(openHouses)
      .values({ agencyId: scope.agencyId, ownerId: scope.memberId, propertyId: property.id, token: randomBytes(TOKEN_BYTES).toString('base64url'), ...times })
      .returning({ id: openHouses.id })
    return { id: row!.id }
  })
  if ('clash' in created && created.clash) {
    const when = describeOpenHouseTimes(created.clash, created.clash.timeZone)
    return { ok: false, field: 'date', message: `This listing already has an open house then (${when}). One runs at a time: choose other times.` }
  }
  const id = (created as { id: string }).id
  await linkListing(scope.agencyId, property.ownerId, property.id, id)
  return { ok: true, id }
}

/**
 * The listing's live share link for this open house: the one it has, else a new one made as the
 * listing's agent (their link, their card on its page). Null when the listing cannot be shared
 * now (a draft, off market, in the trash): the thank-you mail then goes without a link.
 */
export async function linkListing(agencyId: string, listingOwnerId: string, propertyId: string, openHouseId: string): Promise<string | null> {
  const [row] = await getDb().select({ shareId: openHouses.shareId }).from(openHouses).where(eq(openHouses.id, openHouseId)).limit(1)
  if (row?.shareId && (await resolveLiveShare(row.shareId))) return row.shareId
  const agent = await scopeOfMember(listingOwnerId, agencyId)
  if (!agent) return null
  const share = await createShare(agent, { kind: 'property', propertyId })
  if (!share || !share.ok) {
    logger.info({ openHouseId, reason: share ? share.message : 'listing not found' }, 'Open house without a share link')
    return null
  }
  await getDb().update(openHouses).set({ shareId: share.id }).where(eq(openHouses.id, openHouseId))
  return share.id
}

export type EndResult = 'ended' | 'cancelled' | 'unchanged'

/**
 * Ends a running open house now (sign-ins stop; the thank-you mails still go the next morning),
 * or cancels one that has not started (it is deleted: nobody has signed in). An open house that
 * is over stays as it is. Null when the listing is not the scope's to change or the open house
 * is not the listing's.
 */
export async function endOpenHouse(scope: Scope, propertyId: unknown, openHouseId: unknown, now = new Date()): Promise<EndResult | null> {
  if (!isUuid(openHouseId) || !(await findChangeableProperty(scope, propertyId))) return null
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: openHouses.id, startsAt: openHouses.startsAt, endsAt: openHouses.endsAt })
      .from(openHouses)
      .where(and(eq(openHouses.id, openHouseId), eq(openHouses.propertyId, propertyId as string), eq(openHouses.agencyId, scope.agencyId)))
      .for('update')
    if (!row) return null
    const state = openHouseState(row, now)
    if (state === 'ended') return 'unchanged'
    if (state === 'upcoming') {
      await tx.delete(openHouses).where(eq(openHouses.id, row.id))
      return 'cancelled'
    }
    await tx.update(openHouses).set({ endsAt: now, endedEarlyAt: now }).where(eq(openHouses.id, row.id))
    return 'ended'
  })
}

/** A listing's open houses the scope sees, newest first, with their sign-ins in the order they came. */
export async function listOpenHouses(scope: Scope, propertyId: string, options: { limit?: number; openHouseId?: string; now?: Date } = {}): Promise<OpenHouseView[]> {
  const now = options.now ?? new Date()
  const rows = await getDb()
    .select()
    .from(openHouses)
    .where(and(eq(openHouses.agencyId, scope.agencyId), eq(openHouses.propertyId, propertyId), options.openHouseId ? eq(openHouses.id, options.openHouseId) : undefined))
    .orderBy(desc(openHouses.startsAt), desc(openHouses.id))
    .limit(options.limit ?? OPEN_HOUSES_SHOWN)
  if (rows.length === 0) return []
  const signIns = await getDb()
    .select()
    .from(openHouseSignIns)
    .where(and(eq(openHouseSignIns.agencyId, scope.agencyId), inArray(openHouseSignIns.openHouseId, rows.map((row) => row.id))))
    .orderBy(asc(openHouseSignIns.signedInAt), asc(openHouseSignIns.id))
  return Promise.all(
    rows.map(async (row) => {
      const state = openHouseState(row, now)
      const signInUrl = `${appUrl()}${signInPath(row.token)}`
      return {
        id: row.id,
        state,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        timeZone: row.timeZone,
        endedEarly: row.endedEarlyAt !== null,
        when: describeOpenHouseTimes(row, row.timeZone),
        thanksDueAt: row.thanksDueAt,
        thanksSent: row.thanksSentAt !== null,
        signInUrl,
        qrSvg: state === 'ended' ? null : await qrCodeSvg(signInUrl),
        signIns: signIns
          .filter((signIn) => signIn.openHouseId === row.id)
          .map((signIn) => ({
            id: signIn.id,
            name: signIn.name,
            email: signIn.email,
            phone: signIn.phone,
            withAgent: signIn.withAgent,
            agentName: signIn.agentName,
            consented: signIn.consentedAt !== null,
            signedInAt: signIn.signedInAt,
            leadId: signIn.leadId,
            thanked: signIn.thankedAt !== null,
          })),
      }
    }),
  )
}

/** One open house of a listing the scope sees (the printable QR sign), or null. */
export async function getOpenHouse(scope: Scope, propertyId: string, openHouseId: unknown): Promise<OpenHouseView | null> {
  if (!isUuid(openHouseId)) return null
  const [found] = await listOpenHouses(scope, propertyId, { openHouseId, limit: 1 })
  return found ?? null
}
