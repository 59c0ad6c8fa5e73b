import { and, eq, isNull, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient, liveClient } from './access.server.ts'
import { CLIENT_LABELS } from './catalog.ts'
import type { ClientFormValue } from './schemas.ts'
import type { ClientStage } from '#db/reference.ts'

export function toColumns(v: ClientFormValue) {
  return {
    fullName: v.fullName,
    email: v.email || null,
    phone: v.phone || null,
    kind: v.kind,
    stage: v.stage,
    source: v.source || null,
    tags: v.tags,
    notes: v.notes ?? '',
    wantedPurpose: v.wantedPurpose ?? null,
    wantedCategories: v.wantedCategories,
    wantedTypes: v.wantedTypes,
    budgetMin: v.budgetMin ?? null,
    budgetMax: v.budgetMax ?? null,
    budgetCurrency: v.budgetCurrency,
    wantedPlaces: v.wantedPlaces,
    minBedrooms: v.minBedrooms ?? null,
  }
}

export async function createClient(brokerId: string, value: ClientFormValue) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ownerId: brokerId, ...toColumns(value) })
      .returning({ id: clients.id })
    if (!row) throw new Error('insert returned no row')
    await recordActivity(tx, brokerId, { kind: 'client_created', clientId: row.id, summary: `Added client ${value.fullName}` })
    return row.id
  })
}

/**
 * Saves the form; a stage change made here is logged like one made with the stage form.
 * Null when the client is not the broker's.
 */
export async function updateClient(brokerId: string, clientId: string, value: ClientFormValue) {
  const before = await findOwnedClient(brokerId, clientId)
  if (!before) return null
  await getDb().transaction(async (tx) => {
    await tx
      .update(clients)
      .set({ ...toColumns(value), updatedAt: new Date() })
      .where(and(eq(clients.id, clientId), eq(clients.ownerId, brokerId)))
    await recordActivity(tx, brokerId, { kind: 'client_updated', clientId, summary: `Updated client ${value.fullName}` })
    if (before.stage !== value.stage) await logStageChange(tx, brokerId, clientId, value.fullName, before.stage, value.stage)
  })
  return before
}

/** Sets the stage (logged when it changes); null when the client is not the broker's. */
export async function changeClientStage(brokerId: string, clientId: string, stage: ClientStage) {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ stage: clients.stage, fullName: clients.fullName })
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.ownerId, brokerId), liveClient))
      .for('update')
    if (!before) return null
    if (before.stage === stage) return { changed: false }
    await tx
      .update(clients)
      .set({ stage, updatedAt: new Date() })
      .where(and(eq(clients.id, clientId), eq(clients.ownerId, brokerId)))
    await logStageChange(tx, brokerId, clientId, before.fullName, before.stage, stage)
    return { changed: true }
  })
}

/**
 * Moves the client to the trash with an activity record: from then on the client is on no page,
 * list, search or count, their shortlist link shows nothing, alerts stop and their deals, tasks
 * and viewings are hidden, until restored; the trash is emptied 30 days later (trash.server.ts).
 * Null when the client is not the broker's (or already in the trash).
 */
export async function deleteClient(brokerId: string, clientId: string) {
  return getDb().transaction(async (tx) => {
    const current = await findOwnedClient(brokerId, clientId, tx)
    if (!current) return null
    await tx
      .update(clients)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(clients.id, current.id), eq(clients.ownerId, brokerId), isNull(clients.deletedAt)))
    await recordActivity(tx, brokerId, { kind: 'client_deleted', clientId: current.id, summary: `Moved client ${current.fullName} to the trash` })
    return current
  })
}

function logStageChange(tx: Transaction, brokerId: string, clientId: string, name: string, from: ClientStage, to: ClientStage) {
  return recordActivity(tx, brokerId, {
    kind: 'client_stage_changed',
    clientId,
    summary: `${name}: ${CLIENT_LABELS[from]} → ${CLIENT_LABELS[to]}`,
    data: { from, to },
  })
}
