import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { leads, notifications } from '#db/schema.ts'
import { claimLead } from '#app/modules/leads/claims.server.ts'
import { runLeadRouting } from '#app/modules/leads/routing.server.ts'
import { speedToLeadThisWeek } from '#app/modules/leads/speed.server.ts'
import { formatDuration } from '#app/modules/leads/catalog.ts'
import { MINUTE_MS, SECOND_MS } from '#app/lib/time.ts'
import { joinAgency, ownerWithSeats, queuedMailsTo } from '#tests/support/agency.ts'
import { scopeOf } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/*
 * Issue 27, routing (docs/decisions/037-lead-routing-and-replies.md), on both drivers: every lead
 * inserted by any code is routed by the sweep (round-robin fair over 100 leads, the listing's
 * agent, first to claim); two members claiming at once, exactly one wins; a lead nobody claims
 * goes to the next member and then to the owner and admins, on a test clock; speed to lead's
 * median per member this week.
 */

type Team = Awaited<ReturnType<typeof team>>

async function team(name: string, agents = 3) {
  const owner = await ownerWithSeats(name)
  const members = []
  for (let i = 0; i < agents; i++) members.push(await joinAgency(owner.browser, 'agent', `${name} Agent ${i + 1}`))
  return { owner, agents: members, agencyId: owner.agencyId }
}

/** A lead as any code inserts it: a plain INSERT, nothing asked of routing. */
async function insertLead(agencyId: string, values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(leads)
    .values({ agencyId, source: 'manual', contactName: 'Rui Routed', contactEmail: 'rui@example.com', emailNormalized: 'rui@example.com', message: 'Hello', ...values })
    .returning({ id: leads.id })
  return row!.id
}

const leadRow = async (id: string) => (await getDb().select().from(leads).where(eq(leads.id, id)))[0]!

/** Sweeps until nothing is left to route for the agency (each sweep takes a batch). */
async function routeAll(agencyId: string, now: Date) {
  let total = 0
  for (;;) {
    const run = await runLeadRouting(now, { agencyId })
    total += run.routed
    if (run.routed === 0) return total
  }
}

async function setRouting(t: Team, mode: string, claimMinutes = 15, escalation = 'next_member') {
  const response = await t.owner.browser.post('/leads', { intent: 'save-routing', mode, claimMinutes: String(claimMinutes), escalation })
  expect(response.status).toBe(302)
}

describe('routing a new lead', () => {
  let t: Team
  beforeAll(async () => {
    t = await team('Rota')
  })

  it('routes every lead inserted by any code, and keeps round-robin fair over 100 leads', async () => {
    const now = new Date()
    const ids = []
    for (let i = 0; i < 100; i++) ids.push(await insertLead(t.agencyId, { contactName: `Lead ${i}` }))
    expect(await routeAll(t.agencyId, now)).toBe(100)
    const rows = await getDb().select({ ownerId: leads.ownerId, status: leads.status, routedAt: leads.routedAt, escalateAt: leads.escalateAt }).from(leads).where(inArray(leads.id, ids))
    const counts = new Map<string, number>()
    for (const row of rows) counts.set(row.ownerId ?? 'nobody', (counts.get(row.ownerId ?? 'nobody') ?? 0) + 1)
    // The owner and three agents take leads: 25 each, nobody skipped, none left unassigned.
    expect([...counts.values()].sort()).toEqual([25, 25, 25, 25])
    expect(counts.has('nobody')).toBe(false)
    expect(rows.every((row) => row.status === 'new' && row.routedAt !== null)).toBe(true)
    expect(rows.every((row) => row.escalateAt?.getTime() === now.getTime() + 15 * MINUTE_MS)).toBe(true)
    // A second sweep finds nothing to do.
    expect((await runLeadRouting(now, { agencyId: t.agencyId })).routed).toBe(0)
  })

  it('tells the member at once, in the app and by mail', async () => {
    const id = await insertLead(t.agencyId, { contactName: 'Nora Notice', message: 'Is the loft free?' })
    await routeAll(t.agencyId, new Date())
    const lead = await leadRow(id)
    const member = [t.owner, ...t.agents].find((m) => m.userId === lead.ownerId)!
    const notices = await getDb().select().from(notifications).where(and(eq(notifications.ownerId, member.userId), eq(notifications.href, `/lead/${id}`)))
    expect(notices).toMatchObject([{ kind: 'new_lead', summary: 'New lead for you: Nora Notice', detail: 'Is the loft free?' }])
    const mails = (await queuedMailsTo(member.email)).filter((mail) => mail.subject === 'New lead for you: Nora Notice')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.action?.url).toBe(`http://localhost:3000/lead/${id}`)
  })

  it('skips members who take no leads', async () => {
    const [first, second] = t.agents
    for (const agent of [first!, second!]) {
      expect((await agent.browser.post('/leads', { intent: 'takes-leads', userId: agent.userId, takesLeads: 'no' })).status).toBe(302)
    }
    // An agent switches only themselves: another's switch is the owner's and admins'.
    expect((await first!.browser.post('/leads', { intent: 'takes-leads', userId: t.owner.userId, takesLeads: 'no' })).status).toBe(403)
    const ids = []
    for (let i = 0; i < 6; i++) ids.push(await insertLead(t.agencyId))
    await routeAll(t.agencyId, new Date())
    const owners = (await getDb().select({ ownerId: leads.ownerId }).from(leads).where(inArray(leads.id, ids))).map((row) => row.ownerId)
    expect(new Set(owners)).toEqual(new Set([t.owner.userId, t.agents[2]!.userId]))
    for (const agent of [first!, second!]) await agent.browser.post('/leads', { intent: 'takes-leads', userId: agent.userId, takesLeads: 'yes' })
  })

  it("gives a lead about a listing to the listing's agent, and one without a listing round-robin", async () => {
    await setRouting(t, 'listing_agent')
    const agent = t.agents[1]!
    const propertyId = await createPropertyVia(agent.browser, { title: 'Listing agent loft' })
    const about = await insertLead(t.agencyId, { propertyId })
    const without = await insertLead(t.agencyId)
    await routeAll(t.agencyId, new Date())
    expect((await leadRow(about)).ownerId).toBe(agent.userId)
    expect((await leadRow(without)).ownerId).not.toBeNull()
    await setRouting(t, 'round_robin')
  })
})

describe('first to claim', () => {
  let t: Team
  beforeAll(async () => {
    t = await team('Rush')
    await setRouting(t, 'first_to_claim')
  })

  it('tells every member who takes leads and leaves the lead to whoever claims it', async () => {
    const id = await insertLead(t.agencyId, { contactName: 'Olivia Open' })
    await routeAll(t.agencyId, new Date())
    const lead = await leadRow(id)
    expect(lead).toMatchObject({ ownerId: null, status: 'new' })
    const told = await getDb().select({ ownerId: notifications.ownerId }).from(notifications).where(eq(notifications.href, `/lead/${id}`))
    expect(new Set(told.map((row) => row.ownerId))).toEqual(new Set([t.owner.userId, ...t.agents.map((agent) => agent.userId)]))
    // An agent sees it in the inbox and claims it (its clock stops: the later tests count escalations).
    expect(await (await t.agents[2]!.browser.get('/leads')).text()).toContain('Olivia Open')
    expect(await claimLead(await scopeOf(t.agents[2]!.userId, t.agencyId), id)).toBe('claimed')
  })

  it('lets exactly one of two members claiming at once win, through the pages', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await insertLead(t.agencyId, { contactName: `Race ${round}` })
      await routeAll(t.agencyId, new Date())
      const [a, b] = [t.agents[0]!, t.agents[1]!]
      const answers = await Promise.all([a.browser.post(`/lead/${id}`, { intent: 'claim' }), b.browser.post(`/lead/${id}`, { intent: 'claim' })])
      expect(answers.map((response) => response.status)).toEqual([302, 302])
      const locations = answers.map((response) => response.headers.get('Location'))
      expect(locations.filter((location) => location === `/lead/${id}`)).toHaveLength(1)
      expect(locations.filter((location) => location === '/leads')).toHaveLength(1)
      const winner = locations[0] === `/lead/${id}` ? a : b
      expect(await leadRow(id)).toMatchObject({ status: 'claimed', ownerId: winner.userId, escalateAt: null })
      expect((await leadRow(id)).firstStageChangeAt).not.toBeNull()
    }
  })

  it('lets exactly one of four claims at once win, by the module', async () => {
    const id = await insertLead(t.agencyId)
    await routeAll(t.agencyId, new Date())
    const scopes = await Promise.all([t.owner, ...t.agents].map((member) => scopeOf(member.userId, t.agencyId)))
    const results = await Promise.all(scopes.map((scope) => claimLead(scope, id)))
    expect(results.filter((result) => result === 'claimed')).toHaveLength(1)
    expect(results.filter((result) => result === 'taken')).toHaveLength(3)
  })

  it('lets the owner assign a lead to a member, who is told in the app and by mail; an agent may not (403)', async () => {
    const id = await insertLead(t.agencyId, { contactName: 'Ada Assigned' })
    await routeAll(t.agencyId, new Date())
    const agent = t.agents[1]!
    expect((await t.agents[0]!.browser.post(`/lead/${id}`, { intent: 'assign', memberId: agent.userId })).status).toBe(403)
    const assigned = await t.owner.browser.post(`/lead/${id}`, { intent: 'assign', memberId: agent.userId })
    expect(assigned.status).toBe(302)
    expect(await leadRow(id)).toMatchObject({ status: 'claimed', ownerId: agent.userId, escalateAt: null })
    const notices = await getDb().select({ summary: notifications.summary }).from(notifications).where(and(eq(notifications.ownerId, agent.userId), eq(notifications.href, `/lead/${id}`)))
    expect(notices.map((row) => row.summary)).toContain('A lead was assigned to you: Ada Assigned')
    expect((await queuedMailsTo(agent.email)).some((mail) => mail.subject === 'A lead was assigned to you: Ada Assigned')).toBe(true)
    const stranger = await t.owner.browser.post(`/lead/${id}`, { intent: 'assign', memberId: '00000000-0000-4000-8000-000000000000' })
    expect(stranger.status).toBe(400)
    expect(await stranger.text()).toContain('Choose a member of the agency.')
  })

  it('sends a lead nobody claimed in time to the owner and admins', async () => {
    const t0 = new Date()
    const id = await insertLead(t.agencyId, { contactName: 'Sam Slow' })
    await routeAll(t.agencyId, t0)
    expect((await runLeadRouting(new Date(t0.getTime() + 15 * MINUTE_MS - SECOND_MS), { agencyId: t.agencyId })).escalated).toBe(0)
    expect((await runLeadRouting(new Date(t0.getTime() + 15 * MINUTE_MS), { agencyId: t.agencyId })).escalated).toBe(1)
    expect(await leadRow(id)).toMatchObject({ ownerId: null, status: 'new', escalateAt: null })
    expect((await leadRow(id)).escalatedAt).not.toBeNull()
    const told = await getDb().select({ ownerId: notifications.ownerId, summary: notifications.summary }).from(notifications).where(eq(notifications.href, `/lead/${id}`))
    expect(told.filter((row) => row.summary.startsWith('Nobody claimed'))).toEqual([{ ownerId: t.owner.userId, summary: 'Nobody claimed the lead from Sam Slow in time' }])
  })
})

describe('escalation on a test clock', () => {
  let t: Team
  beforeAll(async () => {
    t = await team('Tick', 2)
    await setRouting(t, 'round_robin', 10, 'next_member')
  })

  it('offers an unclaimed lead to the next member after the time-out, then to the owner and admins once everyone had it', async () => {
    const t0 = new Date()
    const id = await insertLead(t.agencyId, { contactName: 'Teresa Timeout' })
    await routeAll(t.agencyId, t0)
    const order = [t.owner.userId, ...t.agents.map((agent) => agent.userId)]
    const first = (await leadRow(id)).ownerId!
    expect(order).toContain(first)
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE_MS)
    // Before the time is up nothing moves.
    expect((await runLeadRouting(at(9), { agencyId: t.agencyId })).escalated).toBe(0)
    expect((await leadRow(id)).ownerId).toBe(first)
    // After 10 minutes: the next member in turn, with a new 10 minutes.
    expect((await runLeadRouting(at(10), { agencyId: t.agencyId })).escalated).toBe(1)
    const second = await leadRow(id)
    expect(second.ownerId).toBe(order[(order.indexOf(first) + 1) % order.length])
    expect(second).toMatchObject({ status: 'new', offers: 2 })
    expect(second.escalateAt?.getTime()).toBe(at(20).getTime())
    expect((await runLeadRouting(at(20), { agencyId: t.agencyId })).escalated).toBe(1)
    expect((await leadRow(id)).ownerId).toBe(order[(order.indexOf(first) + 2) % order.length])
    // All three had it: the owner and admins now.
    expect((await runLeadRouting(at(30), { agencyId: t.agencyId })).escalated).toBe(1)
    expect(await leadRow(id)).toMatchObject({ ownerId: null, escalateAt: null, status: 'new' })
    const mails = await queuedMailsTo(t.owner.email)
    expect(mails.some((mail) => mail.subject === 'Nobody claimed the lead from Teresa Timeout in time')).toBe(true)
  })

  it('stops the clock when the lead is claimed', async () => {
    const t0 = new Date()
    const id = await insertLead(t.agencyId)
    await routeAll(t.agencyId, t0)
    const ownerId = (await leadRow(id)).ownerId!
    expect([t.owner.userId, ...t.agents.map((agent) => agent.userId)]).toContain(ownerId)
    expect(await claimLead(await scopeOf(ownerId, t.agencyId), id)).toBe('claimed')
    expect((await runLeadRouting(new Date(t0.getTime() + 60 * MINUTE_MS), { agencyId: t.agencyId })).escalated).toBe(0)
    expect(await leadRow(id)).toMatchObject({ ownerId, status: 'claimed', escalateAt: null })
  })

  it("sends straight to the owner and admins when that is the agency's setting", async () => {
    await setRouting(t, 'round_robin', 5, 'admins')
    const t0 = new Date()
    const id = await insertLead(t.agencyId)
    await routeAll(t.agencyId, t0)
    expect((await runLeadRouting(new Date(t0.getTime() + 5 * MINUTE_MS), { agencyId: t.agencyId })).escalated).toBe(1)
    expect(await leadRow(id)).toMatchObject({ ownerId: null, offers: 1 })
  })

  it('refuses a bad setting with the message by the field, and an agent (403)', async () => {
    const bad = await t.owner.browser.post('/leads', { intent: 'save-routing', mode: 'round_robin', claimMinutes: '0', escalation: 'admins' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('At least 1 minute.')
    const agent = await t.agents[0]!.browser.post('/leads', { intent: 'save-routing', mode: 'round_robin', claimMinutes: '5', escalation: 'admins' })
    expect(agent.status).toBe(403)
  })
})

describe('speed to lead', () => {
  it("shows this week's median per member: time to the first reply or stage change, whichever came first", async () => {
    const t = await team('Pace', 1)
    const agent = t.agents[0]!
    // Wednesday noon UTC; the week began on Monday 23 November.
    const now = new Date('2026-11-25T12:00:00Z')
    const monday = new Date('2026-11-23T09:00:00Z')
    const after = (seconds: number) => new Date(monday.getTime() + seconds * SECOND_MS)
    const lead = (ownerId: string, values: Partial<typeof leads.$inferInsert>) =>
      insertLead(t.agencyId, { ownerId, status: 'claimed', arrivedAt: monday, routedAt: monday, ...values })
    await lead(t.owner.userId, { firstReplyAt: after(60) })
    await lead(t.owner.userId, { firstReplyAt: after(120), firstStageChangeAt: after(900) })
    await lead(t.owner.userId, { firstStageChangeAt: after(600) })
    await lead(agent.userId, { firstReplyAt: after(900), firstStageChangeAt: after(300) })
    await lead(agent.userId, { status: 'new' })
    // Not this week, and spam: neither counts.
    await lead(agent.userId, { arrivedAt: new Date('2026-11-20T09:00:00Z'), firstReplyAt: new Date('2026-11-20T09:00:05Z') })
    await lead(agent.userId, { status: 'discarded', discardedAt: monday, firstReplyAt: after(1) })
    const scope = await scopeOf(t.owner.userId, t.agencyId)
    const rows = await speedToLeadThisWeek(scope, 'UTC', now)
    expect(rows.map(({ name, leads: count, answered, medianSeconds }) => ({ name, count, answered, medianSeconds }))).toEqual([
      { name: 'Pace', count: 3, answered: 3, medianSeconds: 120 },
      { name: 'Pace Agent 1', count: 2, answered: 1, medianSeconds: 300 },
    ])
    // An agent sees their own row only.
    const own = await speedToLeadThisWeek(await scopeOf(agent.userId, t.agencyId), 'UTC', now)
    expect(own.map((row) => row.memberId)).toEqual([agent.userId])
    expect([formatDuration(45), formatDuration(120), formatDuration(3900), formatDuration(93_600), formatDuration(null)]).toEqual(['45 s', '2 min', '1 h 5 min', '1 d 2 h', '—'])
  })
})
