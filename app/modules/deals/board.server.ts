import { and, count, desc, eq, inArray, lte, or, sql, sum } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { deals } from '#db/schema.ts'
import { DEAL_SUMMARY_COLUMNS, ofLiveClient } from './columns.server.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { DEAL_STAGES, type DealStage } from '#db/reference.ts'
import { visibleTo } from '#db/visibility.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Cards rendered per stage; older deals of a crowded stage still count in its totals. */
export const MAX_DEALS_PER_STAGE = 100
export const OPEN_DEAL_STAGES: readonly DealStage[] = ['lead', 'viewing', 'offer', 'under_contract']
export const WON_DEAL_STAGES: readonly DealStage[] = ['closed_won']

/** Deals in one currency: amounts in different currencies are never added together. */
export type CurrencyTotal = { currency: string; total: number; count: number }

export type BoardDeal = {
  id: string
  title: string
  stage: DealStage
  value: number | null
  currency: string
  expectedCloseDate: string | null
  clientId: string
  clientName: string
  propertyId: string | null
  propertyTitle: string | null
}

/** Expected commission in one currency: gross (amounts, and percentages of the values), and the broker's share after co-broker splits. */
export type CommissionTotal = { currency: string; gross: number; share: number }

export type BoardColumn = { stage: DealStage; count: number; totals: CurrencyTotal[]; commission: CommissionTotal[]; deals: BoardDeal[] }

/** A deal's expected gross commission in SQL: the amount, or the percentage of the value (same rule as commission.ts). */
const GROSS_COMMISSION = sql`coalesce(${deals.commission}, round(${deals.value} * ${deals.commissionPercent} / 100, 2))`
const BROKER_SHARE = sql`round(${GROSS_COMMISSION} * (1 - coalesce(${deals.coBrokerPercent}, 0) / 100), 2)`

/** Some stages summed: their value and their commission, per currency. */
export type StagesTotal = { value: CurrencyTotal[]; commission: CommissionTotal[] }
/**
 * The board's header: what is still open (lead to under contract) and what was won, apart. One
 * "expected commission" over both read €18,750 beside "Open pipeline: No value yet" when the
 * only deal was won (issue 25). Lost deals are in neither.
 */
export type BoardSummary = { open: StagesTotal; won: StagesTotal }

/**
 * The broker's deals grouped by stage, in one query (plus one each for the names of the shown
 * deals' clients and properties). Window functions give each stage's exact count and
 * per-currency totals over all its deals, while at most MAX_DEALS_PER_STAGE cards per stage
 * come back (plus one row per currency beyond that, so no currency total goes missing).
 */
export async function listDealsByStage(scope: Scope): Promise<BoardColumn[]> {
  const newestFirst = sql`${deals.updatedAt} desc, ${deals.id} desc`
  const ranked = getDb()
    .select({
      ...DEAL_SUMMARY_COLUMNS,
      clientId: deals.clientId,
      rankInStage: sql<number>`row_number() over (partition by ${deals.stage} order by ${newestFirst})`.as('rank_in_stage'),
      rankInCurrency: sql<number>`row_number() over (partition by ${deals.stage}, ${deals.currency} order by ${newestFirst})`.as('rank_in_currency'),
      stageCount: sql<number>`count(*) over (partition by ${deals.stage})`.as('stage_count'),
      currencyCount: sql<number>`count(*) over (partition by ${deals.stage}, ${deals.currency})`.as('currency_count'),
      currencyTotal: sql<string | null>`sum(${deals.value}) over (partition by ${deals.stage}, ${deals.currency})`.as('currency_total'),
      commissionTotal: sql<string | null>`sum(${GROSS_COMMISSION}) over (partition by ${deals.stage}, ${deals.currency})`.as('commission_total'),
      shareTotal: sql<string | null>`sum(${BROKER_SHARE}) over (partition by ${deals.stage}, ${deals.currency})`.as('share_total'),
    })
    .from(deals)
    .where(and(visibleTo(deals, scope), ofLiveClient))
    .as('ranked')
  const rows = await getDb()
    .select()
    .from(ranked)
    .where(or(lte(ranked.rankInStage, MAX_DEALS_PER_STAGE), eq(ranked.rankInCurrency, 1)))
    .orderBy(ranked.stage, ranked.rankInStage)
  const shown = rows.filter((row) => Number(row.rankInStage) <= MAX_DEALS_PER_STAGE)
  const [clientNames, propertyTitles] = await Promise.all([
    getClientNames(scope, shown.map((row) => row.clientId)),
    getPropertyTitles(scope, shown.map((row) => row.propertyId)),
  ])

  const columns = new Map<DealStage, BoardColumn>(
    DEAL_STAGES.map((stage) => [stage, { stage, count: 0, totals: [], commission: [], deals: [] }]),
  )
  for (const row of rows) {
    const column = columns.get(row.stage)
    if (!column) continue
    column.count = Number(row.stageCount)
    if (Number(row.rankInCurrency) === 1) {
      column.totals.push({ currency: row.currency, total: Number(row.currencyTotal ?? 0), count: Number(row.currencyCount) })
      column.commission.push({ currency: row.currency, gross: Number(row.commissionTotal ?? 0), share: Number(row.shareTotal ?? 0) })
    }
    if (Number(row.rankInStage) <= MAX_DEALS_PER_STAGE) {
      column.deals.push({
        id: row.id,
        title: row.title,
        stage: row.stage,
        value: row.value,
        currency: row.currency,
        expectedCloseDate: row.expectedCloseDate,
        clientId: row.clientId,
        clientName: clientNames.get(row.clientId) ?? '',
        propertyId: row.propertyId,
        propertyTitle: row.propertyId ? (propertyTitles.get(row.propertyId) ?? null) : null,
      })
    }
  }
  for (const column of columns.values()) {
    column.totals.sort((a, b) => a.currency.localeCompare(b.currency))
    column.commission.sort((a, b) => a.currency.localeCompare(b.currency))
  }
  return [...columns.values()]
}

const byCurrencyName = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency)
const cents = (amount: number) => Math.round(amount * 100) / 100

/** Value and commission of `stages` per currency, from the board's own per-stage totals. */
export function sumStages(columns: readonly BoardColumn[], stages: readonly DealStage[]): StagesTotal {
  const values = new Map<string, CurrencyTotal>()
  const commissions = new Map<string, CommissionTotal>()
  for (const column of columns) {
    if (!stages.includes(column.stage)) continue
    for (const t of column.totals) {
      const sum = values.get(t.currency) ?? { currency: t.currency, total: 0, count: 0 }
      sum.total = cents(sum.total + t.total)
      sum.count += t.count
      values.set(t.currency, sum)
    }
    for (const c of column.commission) {
      const sum = commissions.get(c.currency) ?? { currency: c.currency, gross: 0, share: 0 }
      sum.gross = cents(sum.gross + c.gross)
      sum.share = cents(sum.share + c.share)
      commissions.set(c.currency, sum)
    }
  }
  return { value: [...values.values()].sort(byCurrencyName), commission: [...commissions.values()].sort(byCurrencyName) }
}

export function summarizeBoard(columns: readonly BoardColumn[]): BoardSummary {
  return { open: sumStages(columns, OPEN_DEAL_STAGES), won: sumStages(columns, WON_DEAL_STAGES) }
}

/** One client's deals (newest first) for the client page; foreign ids simply match nothing. */
export async function listClientDeals(scope: Scope, clientId: string) {
  if (!isUuid(clientId)) return []
  const rows = await getDb()
    .select(DEAL_SUMMARY_COLUMNS)
    .from(deals)
    .where(and(visibleTo(deals, scope), eq(deals.clientId, clientId)))
    .orderBy(desc(deals.updatedAt), desc(deals.id))
    .limit(MAX_DEALS_PER_STAGE)
  const titles = await getPropertyTitles(scope, rows.map((row) => row.propertyId))
  return rows.map((row) => ({ ...row, propertyTitle: row.propertyId ? (titles.get(row.propertyId) ?? null) : null }))
}

/** The open pipeline (deals not yet closed) per currency, largest first: one grouped query. */
export async function sumOpenPipelineByCurrency(scope: Scope) {
  const rows = await getDb()
    .select({ currency: deals.currency, total: sum(deals.value).mapWith(Number), n: count() })
    .from(deals)
    .where(and(visibleTo(deals, scope), inArray(deals.stage, [...OPEN_DEAL_STAGES]), ofLiveClient))
    .groupBy(deals.currency)
    .orderBy(sql`sum(${deals.value}) desc nulls last`)
  return rows.map((r) => ({ currency: r.currency, total: r.total ?? 0, count: r.n }))
}
