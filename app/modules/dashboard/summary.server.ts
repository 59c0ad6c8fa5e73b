import { countClientsByStage } from '#app/modules/clients/queries.server.ts'
import { sumOpenPipelineByCurrency } from '#app/modules/deals/board.server.ts'
import { countPropertiesByStatus } from '#app/modules/properties/queries.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/**
 * The /home numbers: properties by status, clients by stage (each counted up to the lists' cap,
 * "1,000+"), and the open pipeline (deals not yet closed) per currency — three queries, each in
 * the module that owns the table.
 */
export async function getDashboardSummary(scope: Scope) {
  const [propertiesByStatus, clientsByStage, openPipeline] = await Promise.all([
    countPropertiesByStatus(scope),
    countClientsByStage(scope),
    sumOpenPipelineByCurrency(scope),
  ])
  return { propertiesByStatus, clientsByStage, openPipeline }
}
