import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { agencies, agencyMembers } from '#db/schema.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { getBillingProvider } from '#app/modules/billing/provider.server.ts'
import { recordAudit } from './audit.server.ts'

/*
 * Extra seats (issue 26): each plan includes seats (PLAN_SEATS, the database's plan_seats());
 * the owner buys more as a quantity on the subscription. With Stripe the quantity is an item of
 * the owner's subscription and the webhook writes it here (applyProviderSeats); with the manual
 * provider it applies at once. Fewer seats than are in use (members plus open invitations) are
 * refused, checked under the agency row's lock that invitations and acceptances take, and a
 * lowered count is written before Stripe is asked, so no invitation slips in before the webhook.
 */

export type SeatChange =
  | { ok: true; status: 'active' | 'pending' }
  | { ok: false; reason: 'forbidden' | 'no_subscription' | 'not_sold' | 'unavailable' }
  | { ok: false; reason: 'in_use'; inUse: number; minimum: number }

const seatColumns = {
  extra: agencies.extraSeats,
  taken: sql<number>`agency_seats_taken(${agencies.id})`.mapWith(Number),
  limit: sql<number>`agency_seat_limit(${agencies.id})`.mapWith(Number),
}

/** The owner sets the agency's extra seats to `quantity` (0 and up; the form caps it). */
export async function changeExtraSeats(scope: Scope, quantity: number): Promise<SeatChange> {
  if (scope.role !== 'owner') return { ok: false, reason: 'forbidden' }
  const checked = await getDb().transaction(async (tx) => {
    const [row] = await tx.select(seatColumns).from(agencies).where(eq(agencies.id, scope.agencyId)).for('update')
    if (!row) return { refused: { inUse: 0, minimum: 0 }, previous: 0 }
    const included = row.limit - row.extra
    if (quantity < row.extra && row.taken > included + quantity) {
      return { refused: { inUse: row.taken, minimum: Math.max(0, row.taken - included) }, previous: row.extra }
    }
    if (quantity < row.extra) await tx.update(agencies).set({ extraSeats: quantity }).where(eq(agencies.id, scope.agencyId))
    return { refused: null, previous: row.extra }
  })
  if (checked.refused) return { ok: false, reason: 'in_use', ...checked.refused }
  const { previous } = checked
  const outcome = await getBillingProvider().setExtraSeats({ userId: scope.memberId, agencyId: scope.agencyId, quantity })
  if (outcome.status === 'active' || outcome.status === 'pending') {
    await getDb().transaction(async (tx) => {
      if (outcome.status === 'active') await tx.update(agencies).set({ extraSeats: quantity }).where(eq(agencies.id, scope.agencyId))
      const summary =
        outcome.status === 'active'
          ? `Extra seats changed from ${previous} to ${quantity}`
          : `Extra seats changed from ${previous} to ${quantity} on the subscription (Stripe)`
      await recordAudit(scope, { action: 'extra_seats_changed', objectType: 'seats', objectId: scope.agencyId, summary }, tx)
    })
    return { ok: true, status: outcome.status }
  }
  // Nothing changed at the provider: a count lowered ahead of it goes back.
  if (quantity < previous) {
    await getDb().update(agencies).set({ extraSeats: previous }).where(and(eq(agencies.id, scope.agencyId), eq(agencies.extraSeats, quantity)))
  }
  return { ok: false, reason: outcome.status }
}

/**
 * The webhook's writer (billing's SeatWriter): the extra seats the owner's subscription pays for,
 * on the agency its seat item names when that user owns it, else on the oldest agency they own.
 * Runs in the event's transaction, outside any member's scope; the line names no member.
 */
export async function applyProviderSeats(tx: Transaction, ownerUserId: string, seats: { quantity: number; agencyId: string | null }) {
  const owned = await tx
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, ownerUserId), eq(agencyMembers.role, 'owner')))
    .orderBy(asc(agencyMembers.joinedAt))
  const target = owned.find((agency) => agency.agencyId === seats.agencyId) ?? owned[0]
  if (!target) return
  const [row] = await tx.select({ extra: agencies.extraSeats }).from(agencies).where(eq(agencies.id, target.agencyId)).for('update')
  if (!row || row.extra === seats.quantity) return
  await tx.update(agencies).set({ extraSeats: seats.quantity }).where(eq(agencies.id, target.agencyId))
  await recordAudit(
    { agencyId: target.agencyId, memberId: null },
    { action: 'extra_seats_changed', objectType: 'seats', objectId: target.agencyId, summary: `Extra seats set to ${seats.quantity} by the subscription (Stripe)` },
    tx,
  )
}
