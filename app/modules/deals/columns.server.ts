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
