import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { profiles } from '#db/schema.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ProfileInput } from './schemas.ts'
import { currentZoneName } from './time-zones.ts'
import type { AreaUnit, NoticeMode } from '#db/reference.ts'

/** A new account's profile, written in the sign-up transaction. */
export async function createProfile(tx: Transaction, userId: string, fullName: string) {
  await tx.insert(profiles).values({ id: userId, fullName })
}

/** Scoped by the signed-in broker's id: a broker can only ever edit their own profile. */
export async function updateProfile(userId: string, input: ProfileInput) {
  const timeZone = input.timeZone === undefined ? {} : { timeZone: currentZoneName(input.timeZone) }
  await getDb()
    .update(profiles)
    .set({ ...input, ...timeZone, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
}

/**
 * Makes `avatarId` the broker's avatar (null: none) and returns the one it replaces, so the
 * caller can delete that one's files. Row-locked: two uploads at once each get back a different
 * previous id, and no avatar's files are forgotten.
 */
export async function replaceAvatarId(userId: string, avatarId: string | null): Promise<{ previous: string | null } | null> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ avatarId: profiles.avatarId }).from(profiles).where(eq(profiles.id, userId)).for('update')
    if (!row) return null
    await tx.update(profiles).set({ avatarId, updatedAt: new Date() }).where(eq(profiles.id, userId))
    return { previous: row.avatarId }
  })
}

/** Whose avatar this is, when it is someone's current one (old ids are gone: 404). */
export async function findAvatarOwner(avatarId: string): Promise<string | null> {
  const [row] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.avatarId, avatarId)).limit(1)
  return row?.id ?? null
}

const PUBLIC_PROFILE_COLUMNS = {
  fullName: profiles.fullName,
  avatarId: profiles.avatarId,
  agencyName: profiles.agencyName,
  licenceNumber: profiles.licenceNumber,
  phone: profiles.phone,
}
export type PublicProfile = { fullName: string; avatarId: string | null; agencyName: string | null; licenceNumber: string | null; phone: string | null }

/** What a broker chose to show clients (share pages), or null when there is no profile. */
export async function getPublicProfile(userId: string): Promise<PublicProfile | null> {
  const [row] = await getDb().select(PUBLIC_PROFILE_COLUMNS).from(profiles).where(eq(profiles.id, userId)).limit(1)
  return row ?? null
}

/** Brokers' names and agencies by id, for public listings that credit the broker. */
export async function getBrokerNames(userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { brokerName: string; agencyName: string | null }>()
  const rows = await getDb()
    .select({ id: profiles.id, brokerName: profiles.fullName, agencyName: profiles.agencyName })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(userIds)]))
  return new Map(rows.map(({ id, ...names }) => [id, names]))
}

/**
 * Read-only join for the per-request session lookup, which needs the profile in the same query
 * as the session row: the owner says which columns and how to join, nobody else names the table.
 */
export const profileJoin = {
  table: profiles,
  on: (userId: AnyPgColumn) => eq(profiles.id, userId),
  columns: {
    ...PUBLIC_PROFILE_COLUMNS,
    timeZone: profiles.timeZone,
    defaultCurrency: profiles.defaultCurrency,
    areaUnit: profiles.areaUnit,
    formatStyle: profiles.formatStyle,
  },
}

/** How this broker wants to hear about feedback (docs/decisions/016-notices.md); null: no profile. */
export async function getNoticeMode(userId: string): Promise<NoticeMode | null> {
  const [row] = await getDb().select({ noticeMode: profiles.noticeMode }).from(profiles).where(eq(profiles.id, userId)).limit(1)
  return row?.noticeMode ?? null
}

/** Brokers who chose the daily digest, with their zone and the local date of their last digest. */
export async function listDailyDigestProfiles(): Promise<{ id: string; timeZone: string; lastDigestOn: string | null }[]> {
  return getDb()
    .select({ id: profiles.id, timeZone: profiles.timeZone, lastDigestOn: profiles.lastDigestOn })
    .from(profiles)
    .where(eq(profiles.noticeMode, 'daily'))
}

/**
 * Claims the digest of `day` (the broker's local date, YYYY-MM-DD) in `tx`: true once per broker
 * and day, however many workers try at once (the row lock orders them, the second sees the date).
 */
export async function claimDigestDay(tx: Transaction, userId: string, day: string): Promise<boolean> {
  const claimed = await tx
    .update(profiles)
    .set({ lastDigestOn: day })
    .where(and(eq(profiles.id, userId), eq(profiles.noticeMode, 'daily'), or(isNull(profiles.lastDigestOn), lt(profiles.lastDigestOn, day))))
    .returning({ id: profiles.id })
  return claimed.length > 0
}

/** The broker's IANA time zone (UTC when unknown): viewings and tasks are typed and shown in it. */
export async function getTimeZone(userId: string): Promise<string> {
  const [row] = await getDb().select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId)).limit(1)
  return currentZoneName(row?.timeZone ?? 'UTC')
}

/** Every broker with their zone and the local date of their last 08:00 agenda mail. */
export async function listAgendaMailProfiles(): Promise<{ id: string; fullName: string; timeZone: string; lastAgendaMailOn: string | null }[]> {
  return getDb()
    .select({ id: profiles.id, fullName: profiles.fullName, timeZone: profiles.timeZone, lastAgendaMailOn: profiles.lastAgendaMailOn })
    .from(profiles)
}

/** Claims the agenda mail of `day` (local YYYY-MM-DD) in `tx`: true once per broker and day. */
export async function claimAgendaMailDay(tx: Transaction, userId: string, day: string): Promise<boolean> {
  const claimed = await tx
    .update(profiles)
    .set({ lastAgendaMailOn: day })
    .where(and(eq(profiles.id, userId), or(isNull(profiles.lastAgendaMailOn), lt(profiles.lastAgendaMailOn, day))))
    .returning({ id: profiles.id })
  return claimed.length > 0
}

export type BrokerDefaults = { defaultCurrency: string; areaUnit: AreaUnit }

/** What new records start from when the form or file says nothing: the broker's currency and area unit. */
export async function getBrokerDefaults(userId: string): Promise<BrokerDefaults> {
  const [row] = await getDb()
    .select({ defaultCurrency: profiles.defaultCurrency, areaUnit: profiles.areaUnit })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  return row ?? { defaultCurrency: 'USD', areaUnit: 'sqm' }
}

/** Sets what new records start from (the demo account's portfolio is in euros). */
export async function setBrokerDefaults(userId: string, defaults: BrokerDefaults) {
  await getDb().update(profiles).set({ ...defaults, updatedAt: new Date() }).where(eq(profiles.id, userId))
}
