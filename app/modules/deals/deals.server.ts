import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb, type Database, type Transaction } from '#db/client.server.ts'
import { deals } from '#db/schema.ts'
import { DEAL_SUMMARY_COLUMNS, ofLiveClient } from './columns.server.ts'
import { recordActivity } from '#app/modules/activity/activity.server.ts'
import { findOwnedClient, getClientNames, getClientStages } from '#app/modules/clients/access.server.ts'
import { setClientStageIn, type StageChange } from '#app/modules/clients/mutations.server.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { findOwnedProperty, getPropertyStatuses, getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { closedStatusOf, isClosedStatus } from '#app/modules/properties/catalog.ts'
import { setPropertyStatusIn, type StatusChange } from '#app/modules/properties/mutations.server.ts'
import { FOLLOW_ON_STAGE, type DealFollowOn } from './follow-on.ts'
import { isUuid } from '#app/lib/ids.ts'
import type { DealStage } from '#db/reference.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type NewDeal = {
  clientId: string
  propertyId?: string | null
  title: string
  value?: number | null
  currency: string
  commissionType?: 'amount' | 'percent'
  commission?: number | null
  coBrokerPercent?: number | null
  expectedCloseDate?: string | null
  notes?: string | null
}

export type DealChanges = Omit<NewDeal, 'clientId' | 'propertyId'>

const stageLabel = (stage: DealStage) => CLIENT_LABELS[stage] ?? stage

/**
 * Creates a deal in the "lead" stage for one of the broker's clients (and properties), logged.
 * Null when the client or property is not the broker's (foreign, malformed or unknown id).
 */
export async function createDeal(scope: Scope, input: NewDeal): Promise<{ id: string } | null> {
  const propertyId = input.propertyId || null
  if (!isUuid(input.clientId) || (propertyId !== null && !isUuid(propertyId))) return null
  return getDb().transaction(async (tx) => {
    // Key-share locked by their owners: neither can be deleted before the deal commits.
    const client = await findOwnedClient(scope, input.clientId, tx)
    if (!client) return null
    const property = propertyId ? await findOwnedProperty(scope, propertyId, tx) : null
    if (propertyId && !property) return null
    const [row] = await tx
      .insert(deals)
      .values({
        ownerId: scope.memberId,
        clientId: client.id,
        propertyId: property?.id ?? null,
        ...toColumns(input),
      })
      .returning({ id: deals.id })
    if (!row) throw new Error('insert returned no row')
    await recordActivity(tx, scope.memberId, {
      kind: 'deal_created',
      clientId: client.id,
      dealId: row.id,
      propertyId: property?.id ?? null,
      summary: `New deal ${input.title} with ${client.fullName}`,
      data: { stage: 'lead', value: input.value ?? null, currency: input.currency },
    })
    return { id: row.id }
  })
}

function toColumns(input: DealChanges) {
  return {
    title: input.title,
    value: input.value ?? null,
    currency: input.currency,
    // One form or the other is stored; the other column is cleared (deals_commission_one_form).
    commission: input.commissionType === 'percent' ? null : (input.commission ?? null),
    commissionPercent: input.commissionType === 'percent' ? (input.commission ?? null) : null,
    coBrokerPercent: input.coBrokerPercent ?? null,
    expectedCloseDate: input.expectedCloseDate || null,
    notes: input.notes ?? '',
  }
}

/** Edits the deal's own facts (not its stage, client or property). Null for a foreign id. */
export async function updateDeal(scope: Scope, dealId: unknown, changes: DealChanges) {
  if (!isUuid(dealId)) return null
  const [row] = await getDb()
    .update(deals)
    .set({ ...toColumns(changes), updatedAt: sql`now()` })
    .where(and(eq(deals.id, dealId), visibleTo(deals, scope), ofLiveClient))
    .returning({ id: deals.id })
  return row ?? null
}

export type DealMove = {
  title: string
  from: DealStage
  to: DealStage
  moved: boolean
  /** The follow-on changes made with it (a deal won): who or what changed, and to what. */
  followed: { client: StageChange | null; property: StatusChange | null }
}

/** Which follow-on changes the broker left ticked (only a move to Closed – won makes them). */
export type FollowOnChoice = { client?: boolean; property?: boolean }

/**
 * Moves the deal to another stage and logs 'deal_moved' (from → to) in the same transaction.
 * Moved to Closed – won, the ticked follow-on changes commit with it or not at all: the client
 * to Won, the property to Sold or Rented (each logged by its owner). The row is locked first so
 * two simultaneous moves log a consistent from → to chain. Null for a foreign, malformed or
 * unknown deal id.
 */
export async function moveDeal(scope: Scope, dealId: unknown, stage: DealStage, followOn: FollowOnChoice = {}): Promise<DealMove | null> {
  if (!isUuid(dealId)) return null
  return getDb().transaction(async (tx) => {
    const [deal] = await tx
      .select({ id: deals.id, title: deals.title, stage: deals.stage, clientId: deals.clientId, propertyId: deals.propertyId })
      .from(deals)
      .where(and(eq(deals.id, dealId), visibleTo(deals, scope), ofLiveClient))
      .for('update')
    if (!deal) return null
    const moved = deal.stage !== stage
    if (moved) {
      await tx.update(deals).set({ stage, updatedAt: sql`now()` }).where(eq(deals.id, deal.id))
      await recordActivity(tx, scope.memberId, {
        kind: 'deal_moved',
        dealId: deal.id,
        clientId: deal.clientId,
        propertyId: deal.propertyId,
        summary: `Moved ${deal.title} from ${stageLabel(deal.stage)} to ${stageLabel(stage)}`,
        data: { from: deal.stage, to: stage },
      })
    }
    // Also when the deal was already won: a follow-on left out before can be made now.
    const won = stage === FOLLOW_ON_STAGE
    const client = won && followOn.client ? await setClientStageIn(tx, scope, deal.clientId, 'won') : null
    const property = won && followOn.property && deal.propertyId ? await setPropertyStatusIn(tx, scope, deal.propertyId, 'closed') : null
    return { title: deal.title, from: deal.stage, to: stage, moved, followed: { client, property } }
  })
}

/**
 * The follow-on changes a move to Closed – won would offer for each of these deals: two
 * queries (the clients' stages, the properties' statuses) for a whole board.
 */
export async function dealFollowOns(
  scope: Scope,
  shown: readonly { id: string; clientId: string; propertyId: string | null }[],
): Promise<Record<string, DealFollowOn>> {
  const [clientStages, propertyStatuses] = await Promise.all([
    getClientStages(scope, shown.map((d) => d.clientId)),
    getPropertyStatuses(scope, shown.map((d) => d.propertyId)),
  ])
  const offers: Record<string, DealFollowOn> = {}
  for (const deal of shown) {
    const client = clientStages.get(deal.clientId)
    const property = deal.propertyId ? propertyStatuses.get(deal.propertyId) : undefined
    offers[deal.id] = {
      client: client && client.stage !== 'won' ? { name: client.fullName } : null,
      property: property && !isClosedStatus(property.status) ? { title: property.title, status: closedStatusOf(property.purpose) } : null,
    }
  }
  return offers
}

/**
 * The broker's own deal with the ids its notes and activity are filed under, or null. Given a
 * transaction, the row is key-share locked until it commits (a note never points at a deleted deal).
 */
export async function findOwnedDeal(scope: Scope, dealId: unknown, tx?: Transaction) {
  if (!isUuid(dealId)) return null
  const query = (tx ?? getDb())
    .select({ id: deals.id, title: deals.title, clientId: deals.clientId, propertyId: deals.propertyId })
    .from(deals)
    .where(and(eq(deals.id, dealId), visibleTo(deals, scope), ofLiveClient))
    .limit(1)
  const [row] = tx ? await query.for('key share') : await query
  return row ?? null
}

/** An SQL boolean for another module's query: the deal in `dealId` (an SQL expression or column) exists and its client is live. */
export function isLiveDealSql(dealId: SQL | { name: string }): SQL {
  return sql`exists (select 1 from ${deals} where ${deals.id} = ${dealId} and ${ofLiveClient})`
}

/** Titles of the broker's deals by id; ids that are gone or foreign are simply absent. */
export async function getDealTitles(scope: Scope, dealIds: readonly (string | null)[], db: Database | Transaction = getDb()) {
  const ids = [...new Set(dealIds.filter((id): id is string => isUuid(id)))]
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ id: deals.id, title: deals.title })
    .from(deals)
    .where(and(visibleTo(deals, scope), inArray(deals.id, ids), ofLiveClient))
  return new Map(rows.map((row) => [row.id, row.title]))
}

/** One of the broker's deals with its client's name and property's title, or null. */
export async function getDeal(scope: Scope, dealId: unknown) {
  if (!isUuid(dealId)) return null
  const [row] = await getDb()
    .select({
      ...DEAL_SUMMARY_COLUMNS,
      commission: deals.commission,
      commissionPercent: deals.commissionPercent,
      coBrokerPercent: deals.coBrokerPercent,
      notes: deals.notes,
      createdAt: deals.createdAt,
      updatedAt: deals.updatedAt,
      clientId: deals.clientId,
    })
    .from(deals)
    .where(and(eq(deals.id, dealId), visibleTo(deals, scope), ofLiveClient))
    .limit(1)
  if (!row) return null
  const [clientNames, propertyTitles] = await Promise.all([
    getClientNames(scope, [row.clientId]),
    getPropertyTitles(scope, [row.propertyId]),
  ])
  return {
    ...row,
    clientName: clientNames.get(row.clientId) ?? '',
    propertyTitle: row.propertyId ? (propertyTitles.get(row.propertyId) ?? null) : null,
  }
}
export type Deal = NonNullable<Awaited<ReturnType<typeof getDeal>>>
