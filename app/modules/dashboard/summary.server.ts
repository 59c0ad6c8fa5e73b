import { and, count, eq, inArray, sql, sum } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { clients, deals, properties } from '#db/schema.ts'
import { OPEN_DEAL_STAGES } from '#app/modules/deals/board.server.ts'

/**
 * The /home numbers: properties by status, clients by stage, and the open pipeline (deals not
 * yet closed) per currency — three grouped queries, whatever the broker's size.
 */
export async function getDashboardSummary(brokerId: string) {
  const db = getDb()
  const [propertyCounts, clientCounts, pipeline] = await Promise.all([
    db
      .select({ status: properties.status, n: count() })
      .from(properties)
      .where(eq(properties.ownerId, brokerId))
      .groupBy(properties.status),
    db
      .select({ stage: clients.stage, n: count() })
      .from(clients)
      .where(eq(clients.ownerId, brokerId))
      .groupBy(clients.stage),
    db
      .select({ currency: deals.currency, total: sum(deals.value).mapWith(Number), n: count() })
      .from(deals)
      .where(and(eq(deals.ownerId, brokerId), inArray(deals.stage, [...OPEN_DEAL_STAGES])))
      .groupBy(deals.currency)
      .orderBy(sql`sum(${deals.value}) desc nulls last`),
  ])
  return {
    propertiesByStatus: Object.fromEntries(propertyCounts.map((r) => [r.status, r.n])) as Record<string, number>,
    clientsByStage: Object.fromEntries(clientCounts.map((r) => [r.stage, r.n])) as Record<string, number>,
    openPipeline: pipeline.map((r) => ({ currency: r.currency, total: r.total ?? 0, count: r.n })),
  }
}
