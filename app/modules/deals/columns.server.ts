import { isLiveClientSql } from '#app/modules/clients/access.server.ts'
import { deals } from '#db/schema.ts'

/** What every deal listing shows (board card, client page, deal page). */
export const DEAL_SUMMARY_COLUMNS = {
  id: deals.id,
  title: deals.title,
  stage: deals.stage,
  value: deals.value,
  currency: deals.currency,
  expectedCloseDate: deals.expectedCloseDate,
  propertyId: deals.propertyId,
}

/** A deal is its client's: while the client is in the trash, so are their deals (hidden everywhere). */
export const ofLiveClient = isLiveClientSql(deals.clientId)
