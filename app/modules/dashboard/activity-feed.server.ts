import { readActivity, type ActivityEntry, type ActivityFilters } from '#app/modules/activity/feed.server.ts'
import { actorName, memberNames } from '#app/modules/agencies/members.server.ts'
import { getClientNames } from '#app/modules/clients/access.server.ts'
import { getDealTitles } from '#app/modules/deals/deals.server.ts'
import { getPropertyTitles } from '#app/modules/properties/access.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { withActor } from './byline.ts'
import type { Scope } from '#db/tenancy.server.ts'

export type FeedItem = Omit<ActivityEntry, 'dealId' | 'clientId' | 'propertyId' | 'actorId'> & { href: string | null }
export type FeedPage = { items: FeedItem[]; nextCursor: string | null }
export type FeedResult = { ok: true; page: FeedPage } | { ok: false; message: string }

/**
 * Whether the record a feed is about is one the member may see. In an agency of several a
 * record's feed carries every member's lines, so the record is checked here too, not only by
 * the page that asks.
 */
async function recordVisible(scope: Scope, filters: ActivityFilters) {
  const record: [string, TitleLookup] | null = filters.dealId
    ? [filters.dealId, getDealTitles]
    : filters.clientId
      ? [filters.clientId, getClientNames]
      : filters.propertyId
        ? [filters.propertyId, getPropertyTitles]
        : null
  // A malformed id is readActivity's to refuse (a 404).
  if (!record || !isUuid(record[0])) return true
  const [id, lookup] = record
  return (await lookup(scope, [id])).has(id)
}
type TitleLookup = (scope: Scope, ids: readonly (string | null)[]) => Promise<Map<string, string>>

/**
 * One page of the broker's activity, each entry linking to its deal, client or property while
 * that still exists. The log keeps entries about deleted rows, so each owner says which of the
 * page's ids are still the broker's (one small query per kind, none when the page has no such id).
 * In an agency of several, each line says who did it ("Ana Silva added client Marta"); alone, the
 * lines read as they always did.
 */
export async function readActivityFeed(scope: Scope, filters: ActivityFilters = {}): Promise<FeedResult | null> {
  if (!scope.solo && !(await recordVisible(scope, filters))) return { ok: true, page: { items: [], nextCursor: null } }
  const result = await readActivity(scope, filters)
  if (!result?.ok) return result
  const { items, nextCursor } = result.page
  const [deals, clients, properties, names] = await Promise.all([
    getDealTitles(scope, items.map((item) => item.dealId)),
    getClientNames(scope, items.map((item) => item.clientId)),
    getPropertyTitles(scope, items.map((item) => item.propertyId)),
    !scope.solo && items.some((item) => item.actorId) ? memberNames(scope) : null,
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
        const { dealId: _d, clientId: _c, propertyId: _p, actorId, ...shown } = entry
        const summary = names && actorId ? withActor(actorName(names, actorId, scope.memberId), entry.kind, shown.summary) : shown.summary
        return { ...shown, summary, href: hrefOf(entry) }
      }),
    },
  }
}
