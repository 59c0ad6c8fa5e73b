import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { openHouses } from '#db/schema.ts'
import type { TestBrowser } from './app.ts'

/*
 * Open houses through the built app (docs/decisions/038-open-house-sign-in.md): planned with the
 * property page's form, then moved in time in the database, as a test clock for the pages
 * (the pages read the real clock; the morning job takes `now`).
 */

/** The day `days` from today (YYYY-MM-DD, UTC): open houses are planned at most a year ahead. */
export function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Plans an open house through the form; returns its id and sign-in token. */
export async function startOpenHouseVia(browser: TestBrowser, propertyId: string, times: { date: string; startTime: string; endTime: string }) {
  const response = await browser.post(`/property/${propertyId}/open-houses`, { intent: 'start', redirectTo: '', ...times })
  if (response.status !== 302) throw new Error(`start failed: ${response.status} ${(await response.text()).slice(0, 300)}`)
  const [row] = await getDb()
    .select({ id: openHouses.id, token: openHouses.token })
    .from(openHouses)
    .where(eq(openHouses.propertyId, propertyId))
    .orderBy(desc(openHouses.createdAt))
    .limit(1)
  if (!row) throw new Error('no open house')
  return row
}

/** Moves an open house so that it runs now (started an hour ago, ends in `minutesLeft`). */
export async function makeRunning(openHouseId: string, minutesLeft = 60) {
  await getDb()
    .update(openHouses)
    .set({ startsAt: sql`now() - interval '1 hour'`, endsAt: sql`now() + make_interval(mins => ${minutesLeft})` })
    .where(eq(openHouses.id, openHouseId))
}

/** Moves an open house to start later (in an hour) or to be over (ended a minute ago). */
export async function moveOpenHouse(openHouseId: string, when: 'later' | 'over') {
  const times =
    when === 'later'
      ? { startsAt: sql`now() + interval '1 hour'`, endsAt: sql`now() + interval '3 hours'` }
      : { startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '1 minute'` }
  await getDb().update(openHouses).set(times).where(and(eq(openHouses.id, openHouseId)))
}
