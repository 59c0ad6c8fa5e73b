import { data } from 'react-router'
import { notFound } from '#app/lib/http.ts'
import { FEED_CURSOR_PARAM, type ActivityFilters } from '#app/modules/activity/feed.server.ts'
import { readActivityFeed, type FeedPage } from '#app/modules/dashboard/activity-feed.server.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Reads the cursor of the page to show from a request's URL (`?before=…`). */
export function feedCursorFrom(request: Request) {
  return new URL(request.url).searchParams.get(FEED_CURSOR_PARAM)
}

/**
 * One page of the broker's activity for a loader: a malformed property, client or deal id is a
 * 404 and a tampered or truncated cursor a 400 (never a 500).
 */
export async function listActivity(scope: Scope, filters: ActivityFilters = {}): Promise<FeedPage> {
  const result = await readActivityFeed(scope, filters)
  if (!result) notFound()
  if (!result.ok) throw data(result.message, { status: 400 })
  return result.page
}
