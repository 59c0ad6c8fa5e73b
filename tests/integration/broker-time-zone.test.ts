import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { activities, clientAlerts, clientFeedback, comments, dataExports, deals, shares, userSessions } from '#db/schema.ts'
import { findUser } from '#tests/support/db.ts'
import { setTimeZone } from '#tests/support/agenda.ts'
import { createBrokerWorld, type BrokerWorld } from '#tests/support/world.ts'

/**
 * Issue 25, defect 2: every date and time a broker sees is in their zone, in one style. One
 * moment, 2024-01-15 04:25 UTC, is 13:25 the same day in Tokyo (UTC+9 all year); every dated
 * thing of one broker is set to it, and each page that shows a time must say it as
 * <time datetime=… title="Mon 15 Jan 2024, 13:25">, never in UTC.
 */
const MOMENT = new Date('2024-01-15T04:25:00Z')
const ISO = MOMENT.toISOString()
const TOKYO = { exact: 'Mon 15 Jan 2024, 13:25', time: '13:25' }
const UTC = { exact: 'Mon 15 Jan 2024, 04:25', time: '04:25' }

/** The <time> elements in a page that name MOMENT, as [text, title]. */
function momentsIn(html: string): [string, string][] {
  const found = [...html.matchAll(/<time [^>]*>[^<]*<\/time>/gi)].filter((tag) => tag[0].includes(`="${ISO}"`))
  return found.map((tag) => [/>([^<]*)</.exec(tag[0])![1]!, /title="([^"]*)"/.exec(tag[0])?.[1] ?? ''])
}

/** The activity feed's section: from its anchor to the next card's heading. */
function feedOf(html: string) {
  const start = html.indexOf('id="activity"')
  const next = html.indexOf('<h2', html.indexOf('</h2>', start))
  return html.slice(start, next === -1 ? undefined : next)
}

let w: BrokerWorld
let ownerId: string

beforeAll(async () => {
  w = await createBrokerWorld()
  ownerId = (await findUser(w.email)).id
  const db = getDb()
  // A note on each page, and the client's feedback on the shortlist.
  for (const [subject, id] of [['property', w.propertyId], ['client', w.clientId], ['deal', w.dealId]] as const) {
    expect((await w.browser.post('/comments', { intent: 'add', subject, id, body: `A note on the ${subject}`, redirectTo: '/home' })).status).toBe(302)
  }
  await db.insert(clientFeedback).values({ ownerId, shareId: w.listingShare, clientId: w.clientId, propertyId: w.propertyId, reaction: 'interested', comment: 'Love the light', authorName: 'Marta' })
  expect((await w.browser.post(`/client/${w.clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
  // Kept a week from now, so the profile lists it.
  await db.insert(dataExports).values({ ownerId, status: 'ready', storageKey: `exports/${ownerId}/tz-test.zip`, bytes: 2048, readyAt: MOMENT, expiresAt: new Date(Date.now() + 7 * 86_400_000), createdAt: MOMENT })

  // Everything dated at MOMENT.
  await db.update(activities).set({ createdAt: MOMENT }).where(eq(activities.ownerId, ownerId))
  await db.update(comments).set({ createdAt: MOMENT }).where(eq(comments.ownerId, ownerId))
  await db.update(clientFeedback).set({ createdAt: MOMENT }).where(eq(clientFeedback.ownerId, ownerId))
  await db.update(shares).set({ createdAt: MOMENT, lastViewedAt: MOMENT, viewCount: 1 }).where(eq(shares.ownerId, ownerId))
  await db.update(deals).set({ createdAt: MOMENT }).where(eq(deals.ownerId, ownerId))
  await db.update(clientAlerts).set({ consentedAt: MOMENT, lastMailedAt: MOMENT }).where(eq(clientAlerts.ownerId, ownerId))
  await db
    .update(userSessions)
    .set({ deviceInfo: sql`jsonb_set(${userSessions.deviceInfo}, '{timestamp}', to_jsonb(${ISO}::text))` })
    .where(eq(userSessions.userId, ownerId))
})

/** Every page of the broker that shows a time, with what each must show of MOMENT at least. */
const pages = () => [
  { path: '/home', what: 'activity' },
  { path: `/property/${w.propertyId}`, what: 'activity, notes and share links' },
  { path: `/client/${w.clientId}`, what: 'activity, notes and property alerts' },
  { path: `/client/${w.clientId}/listing`, what: 'reactions, comments and the share link' },
  { path: `/deal/${w.dealId}`, what: 'the deal, its notes and activity' },
  { path: '/profile/security', what: 'devices' },
  { path: '/profile/data', what: 'exports' },
]

describe('the broker’s time zone on every page that shows a time', () => {
  it('shows every moment in Asia/Tokyo once the profile says so, and never in UTC', async () => {
    await setTimeZone(w.browser, 'Asia/Tokyo', 'World Broker')
    for (const { path, what } of pages()) {
      const html = await (await w.browser.get(path)).text()
      const moments = momentsIn(html)
      expect(moments.length, `${path}: ${what}`).toBeGreaterThan(0)
      for (const [text, title] of moments) {
        expect(title, `${path}: the exact moment`).toBe(TOKYO.exact)
        // Long ago: the exact label, or its time under a day heading (the activity feed).
        expect([TOKYO.exact, TOKYO.time], `${path}: what is shown`).toContain(text)
      }
      expect(html, `${path}: no UTC time`).not.toMatch(/\d:\d\d( [AP]M)? UTC/)
      expect(html, path).not.toContain(UTC.exact)
    }
  })

  it('follows the profile back to UTC, and to the month-first 12-hour style', async () => {
    await setTimeZone(w.browser, 'UTC', 'World Broker')
    const home = momentsIn(await (await w.browser.get('/home')).text())
    expect(home.map(([, title]) => title)).toContain(UTC.exact)
    expect(home.map(([text]) => text)).toContain(UTC.time)

    const saved = await w.browser.post('/profile/account', { intent: 'update-profile', fullName: 'World Broker', timeZone: 'Asia/Tokyo', formatStyle: 'month_day' })
    expect(saved.status).toBe(302)
    const deal = momentsIn(await (await w.browser.get(`/deal/${w.dealId}`)).text())
    expect(deal.map(([, title]) => title)).toContain('Mon Jan 15, 2024, 1:25 PM')
    const listing = await (await w.browser.get(`/client/${w.clientId}/listing`)).text()
    expect(momentsIn(listing).map(([text]) => text)).toContain('Mon Jan 15, 2024, 1:25 PM')
    await w.browser.post('/profile/account', { intent: 'update-profile', fullName: 'World Broker', formatStyle: 'day_month' })
  })

  it('groups the activity feed by the broker’s day, says recent times as people do, and each line only its time', async () => {
    await setTimeZone(w.browser, 'Asia/Tokyo', 'World Broker')
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000)
    await getDb().insert(activities).values({ ownerId, clientId: w.clientId, kind: 'client_updated', summary: 'Updated client Marta Silva just now', createdAt: fiveMinutesAgo })
    const feed = feedOf(await (await w.browser.get('/home')).text())
    const headings = [...feed.matchAll(/<h3 [^>]*>([^<]+)<\/h3>/g)].map((m) => m[1])
    expect(headings).toEqual(['Today', 'Mon 15 Jan 2024'])
    expect(feed).toMatch(/<time [^>]*>5 min ago<\/time>/)
    // Many entries on 15 January: the day said once, each line with 13:25 alone.
    const lines = momentsIn(feed)
    expect(lines.length).toBeGreaterThan(2)
    expect(new Set(lines.map(([text]) => text))).toEqual(new Set([TOKYO.time]))
    await getDb().delete(activities).where(and(eq(activities.ownerId, ownerId), eq(activities.createdAt, fiveMinutesAgo)))
  })

  it('shows viewings and tasks in the zone (the agenda’s behaviour, now on every page)', async () => {
    await setTimeZone(w.browser, 'Asia/Tokyo', 'World Broker')
    // The world's viewing was typed as 10:00 when the broker was on UTC: 19:00 in Tokyo.
    const property = await (await w.browser.get(`/property/${w.propertyId}`)).text()
    expect(property).toContain('Sat 1 Jun 2024, 19:00')
    // The task due 2030-06-02 09:00 UTC is 18:00 in Tokyo.
    expect(property).toContain('Sun 2 Jun 2030, 18:00')
  })
})

describe('the time-zone list', () => {
  it('offers current names grouped by region, with the broker’s zone first', async () => {
    await setTimeZone(w.browser, 'Asia/Tokyo', 'World Broker')
    const html = await (await w.browser.get('/profile/account')).text()
    const select = /<select[^>]*name="timeZone"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!
    expect(select).toMatch(/^<option value="Asia\/Tokyo" selected="">Asia\/Tokyo<\/option><option value="UTC">UTC<\/option><optgroup label="Africa">/)
    expect(select).toContain('<option value="Asia/Kolkata">Kolkata</option>')
    expect(select).not.toContain('Asia/Calcutta')
    expect(select.match(/value="Asia\/Tokyo"/g)).toHaveLength(1)
    expect([...select.matchAll(/<optgroup label="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific',
    ])
  })

  it('takes an old zone id and keeps it under its current name', async () => {
    await setTimeZone(w.browser, 'Asia/Calcutta', 'World Broker')
    const html = await (await w.browser.get('/profile/account')).text()
    expect(html).toContain('<option value="Asia/Kolkata" selected="">Asia/Kolkata</option>')
    const refused = await w.browser.post('/profile/account', { intent: 'update-profile', fullName: 'World Broker', timeZone: 'Mars/Olympus_Mons' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Choose a time zone from the list')
  })
})
