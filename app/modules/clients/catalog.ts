/** Labels for clients and deals (docs/product.md §4). The value lists themselves are in db/reference.ts. */

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
