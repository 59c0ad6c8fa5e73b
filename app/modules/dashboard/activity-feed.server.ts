import { readActivity, type ActivityEntry, type ActivityFilters } from '#app/modules/activity/feed.server.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { getDealTitles } from '#app/modules/deals/deals.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type FeedItem = Omit<ActivityEntry, 'dealId' | 'clientId' | 'propertyId'> & { href: string | null }
export type FeedPage = { items: FeedItem[]; nextCursor: string | null }
export type FeedResult = { ok: true; page: FeedPage } | { ok: false; message: string }

/**
 * One page of the broker's activity, each entry linking to its deal, client or property while
 * that still exists. The log keeps entries about deleted rows, so each owner says which of the
 * page's ids are still the broker's (one small query per kind, none when the page has no such id).
 */
export async function readActivityFeed(scope: Scope, filters: ActivityFilters = {}): Promise<FeedResult | null> {
  const result = await readActivity(scope, filters)
  if (!result?.ok) return result
  const { items, nextCursor } = result.page
  const [deals, clients, properties] = await Promise.all([
    getDealTitles(scope, items.map((item) => item.dealId)),
    getClientNames(scope, items.map((item) => item.clientId)),
    getPropertyTitles(scope, items.map((item) => item.propertyId)),
  ])
  const hrefOf = ({ dealId, clientId, propertyId }: ActivityEntry) =>
    dealId && deals.has(dealId)
      ? `/deal/${dealId}`
      : clientId && clients.has(clientId)
        ? `/client/${clientId}`
        : propertyId && properties.has(propertyId)
          ? `/property/${propertyId}`
          : null
  return {
    ok: true,
    page: {
      nextCursor,
      items: items.map((entry) => {
        const { dealId: _d, clientId: _c, propertyId: _p, ...shown } = entry
        return { ...shown, href: hrefOf(entry) }
      }),
    },
  }
}
