/** Reference data for clients and deals (PRODUCT.md §4). The database enums use these lists. */
export const CLIENT_KINDS = ['buyer', 'seller', 'tenant', 'landlord', 'investor'] as const
export const CLIENT_STAGES = ['new', 'contacted', 'viewing', 'negotiating', 'won', 'lost'] as const
export type ClientStage = (typeof CLIENT_STAGES)[number]

export const DEAL_STAGES = ['lead', 'viewing', 'offer', 'under_contract', 'closed_won', 'closed_lost'] as const
export type DealStage = (typeof DEAL_STAGES)[number]

export const FEEDBACK_REACTIONS = ['interested', 'not_for_me'] as const

export const CLIENT_LABELS: Record<string, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  tenant: 'Tenant',
  landlord: 'Landlord',
  investor: 'Investor',
  new: 'New',
  contacted: 'Contacted',
  viewing: 'Viewing',
  negotiating: 'Negotiating',
  won: 'Won',
  lost: 'Lost',
  lead: 'Lead',
  offer: 'Offer',
  under_contract: 'Under contract',
  closed_won: 'Closed – won',
  closed_lost: 'Closed – lost',
  interested: 'Interested',
  not_for_me: 'Not for me',
}
