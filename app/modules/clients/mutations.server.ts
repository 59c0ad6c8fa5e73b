import { and, eq, isNull, sql } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.server.ts'
import { clients } from '#db/schema.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient, liveClient } from './access.server.ts'
import { CLIENT_LABELS } from './catalog.ts'
import type { ClientFormValue } from './schemas.ts'
import type { ClientStage } from '#db/reference.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** The form's values as columns; a budget currency left out is `defaultCurrency` (the broker's), or unchanged on an update. */
export function toColumns(v: ClientFormValue, defaultCurrency?: string) {
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
    budgetCurrency: v.budgetCurrency ?? defaultCurrency,
    wantedPlaces: v.wantedPlaces,
    minBedrooms: v.minBedrooms ?? null,
  }
}

export async function createClient(scope: Scope, value: ClientFormValue, defaultCurrency: string) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ownerId: scope.memberId, ...toColumns(value, defaultCurrency) })
      .returning({ id: clients.id })
    if (!row) throw new Error('insert returned no row')
    await recordActivity(tx, scope.memberId, { kind: 'client_created', clientId: row.id, summary: `Added client ${value.fullName}` })
    return row.id
  })
}

/**
 * Saves the form; a stage change made here is logged like one made with the stage form.
 * Null when the client is not the broker's.
 */
export async function updateClient(scope: Scope, clientId: string, value: ClientFormValue) {
  const before = await findOwnedClient(scope, clientId)
  if (!before) return null
  await getDb().transaction(async (tx) => {
    await tx
      .update(clients)
      .set({ ...toColumns(value), updatedAt: new Date() })
      .where(and(eq(clients.id, clientId), visibleTo(clients, scope)))
    await recordActivity(tx, scope.memberId, { kind: 'client_updated', clientId, summary: `Updated client ${value.fullName}` })
    if (before.stage !== value.stage) await logStageChange(tx, scope, clientId, value.fullName, before.stage, value.stage)
  })
  return before
}

/** Sets the stage (logged when it changes); null when the client is not the broker's. */
export async function changeClientStage(scope: Scope, clientId: string, stage: ClientStage) {
  return getDb().transaction(async (tx) => {
    const result = await setClientStageIn(tx, scope, clientId, stage)
    return result ? { changed: result.changed } : null
  })
}

export type StageChange = { changed: boolean; fullName: string; from: ClientStage; to: ClientStage }

/**
 * Sets one client's stage in the caller's transaction (a deal won, a viewing done: the change
 * commits with what caused it, or not at all), logged when it changes. `onlyFrom` keeps a client
 * further along where they are (a viewing moves a new client to Viewing, never a negotiating
 * one back). Null when the client is not the broker's.
 */
export async function setClientStageIn(
  tx: Transaction,
  scope: Scope,
  clientId: string,
  stage: ClientStage,
  onlyFrom?: readonly ClientStage[],
): Promise<StageChange | null> {
  const [before] = await tx
    .select({ stage: clients.stage, fullName: clients.fullName })
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleTo(clients, scope), liveClient))
    .for('update')
  if (!before) return null
  const unchanged = { changed: false, fullName: before.fullName, from: before.stage, to: before.stage }
  if (before.stage === stage || (onlyFrom && !onlyFrom.includes(before.stage))) return unchanged
  await tx
    .update(clients)
    .set({ stage, updatedAt: new Date() })
    .where(and(eq(clients.id, clientId), visibleTo(clients, scope)))
  await logStageChange(tx, scope, clientId, before.fullName, before.stage, stage)
  return { changed: true, fullName: before.fullName, from: before.stage, to: stage }
}

/**
 * The bulk "Set stage" of /clients: every one of these clients that is the broker's, in one
 * transaction, each change logged. Ids that are not the broker's are left alone (the route
 * resolved them first); returns how many changed and how many already had the stage.
 */
export async function setClientsStage(scope: Scope, clientIds: readonly string[], stage: ClientStage) {
  return getDb().transaction(async (tx) => {
    let changed = 0
    let unchanged = 0
    // In id order: two bulk changes at once lock their rows in the same order, never crosswise.
    for (const id of [...clientIds].sort()) {
      const result = await setClientStageIn(tx, scope, id, stage)
      if (result?.changed) changed += 1
      else if (result) unchanged += 1
    }
    return { changed, unchanged }
  })
}

/**
 * Moves the client to the trash with an activity record: from then on the client is on no page,
 * list, search or count, their shortlist link shows nothing, alerts stop and their deals, tasks
 * and viewings are hidden, until restored; the trash is emptied 30 days later (trash.server.ts).
 * Null when the client is not the broker's (or already in the trash).
 */
export async function deleteClient(scope: Scope, clientId: string) {
  return getDb().transaction(async (tx) => {
    const current = await findOwnedClient(scope, clientId, tx)
    if (!current) return null
    await tx
      .update(clients)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(clients.id, current.id), visibleTo(clients, scope), isNull(clients.deletedAt)))
    await recordActivity(tx, scope.memberId, { kind: 'client_deleted', clientId: current.id, summary: `Moved client ${current.fullName} to the trash` })
    return current
  })
}

function logStageChange(tx: Transaction, scope: Scope, clientId: string, name: string, from: ClientStage, to: ClientStage) {
  return recordActivity(tx, scope.memberId, {
    kind: 'client_stage_changed',
    clientId,
    summary: `${name}: ${CLIENT_LABELS[from]} → ${CLIENT_LABELS[to]}`,
    data: { from, to },
  })
}
