import { and, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#db/client.server.ts'
import { agencies, agencyInvitations, agencyMembers, auditLog, properties } from '#db/schema.ts'
import { PLAN_SEATS } from '#app/modules/billing/plans.ts'
import { PROPERTY_LIMIT_MESSAGE } from '#app/modules/properties/mutations.server.ts'
import { NO_SEAT_MESSAGE, seatsInUseMessage } from '#app/routes/app/agency.tsx'
import { NO_SEAT_TO_JOIN_MESSAGE } from '#app/routes/auth/invite.tsx'
import { signedInBroker, signIn, signUpBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { findUser, ownerScopeOf, setSubscription } from '#tests/support/db.ts'
import { propertyForm } from '#tests/support/properties.ts'

/*
 * Seats (issue 26) through the built app with the manual provider (extra seats apply at once;
 * Stripe's quantity round trip is tests/integration/seats-stripe.test.ts): the plan's seats in
 * the app and in the database agree, the owner adds and removes extra seats, removing seats in
 * use is refused, accepting an invitation takes a seat the database checks again, and the plan's
 * property limit holds for the whole agency under 50 concurrent creates.
 */

const INVITE_PATH = /\/invite\/[A-Za-z0-9_-]{43}/
const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '')

async function queuedInvitePath(email: string) {
  const [row] = await queryRows<{ url: string }>(
    sql`select data->'action'->>'url' as url from pgboss.job where name = 'mail' and data->>'to' = ${email} order by created_on desc limit 1`,
  )
  const path = INVITE_PATH.exec(row?.url ?? '')?.[0]
  if (!path) throw new Error(`no invitation mail queued to ${email}`)
  return path
}

const invite = (owner: TestBrowser, email: string, role: 'admin' | 'agent' = 'agent') => owner.post('/agency', { intent: 'invite', email, role })
const setSeats = (owner: TestBrowser, extraSeats: string) => owner.post('/agency', { intent: 'seats', extraSeats })
const extraSeatsOf = async (agencyId: string) => (await getDb().select({ extra: agencies.extraSeats }).from(agencies).where(eq(agencies.id, agencyId)))[0]!.extra
const membersOf = (agencyId: string) => getDb().select({ userId: agencyMembers.userId }).from(agencyMembers).where(eq(agencyMembers.agencyId, agencyId))

/** Signs `email` up and in, ready to open an invitation link. */
async function invitee(email: string) {
  const browser = new TestBrowser()
  await signUpBroker(browser, 'Ivo Invitee', email)
  expect((await signIn(browser, email)).status).toBe(302)
  return browser
}

describe('seats per plan', () => {
  it('are the same numbers in the app and in the database that enforces them', async () => {
    for (const [plan, seats] of Object.entries(PLAN_SEATS)) {
      const [row] = await queryRows<{ seats: number }>(sql`select plan_seats(${plan}::subscription_plan) as seats`)
      expect(Number(row?.seats), plan).toBe(seats)
    }
    expect(PLAN_SEATS).toEqual({ free_trial: 2, starter: 1, advanced: 3, professional: 10 })
  })
})

describe('extra seats', () => {
  it('the owner adds them and invites beyond the plan; removing seats in use is refused next to the field', async () => {
    const owner = await signedInBroker('Tina Trial')
    const { agencyId } = await ownerScopeOf(owner.email)
    expect((await invite(owner.browser, uniqueEmail('first'))).status).toBe(302)

    // Full (trial: 2 seats): the refusal by the field offers the seats form and the plans.
    const full = await invite(owner.browser, uniqueEmail('second'))
    expect(full.status).toBe(409)
    const fullHtml = await text(full)
    expect(fullHtml).toContain(NO_SEAT_MESSAGE)
    expect(fullHtml).toMatch(/data-testid="seat-offer"[^>]*><a href="#seats">Add a seat<\/a> or <a[^>]*href="\/pricing"[^>]*>upgrade your plan<\/a>/)
    expect(fullHtml).toContain('id="seats"')

    const added = await setSeats(owner.browser, '2')
    expect(added.status).toBe(302)
    expect(await extraSeatsOf(agencyId)).toBe(2)
    const page = await text(await owner.browser.get('/agency'))
    expect(page).toContain('2 of 4 seats used')
    expect(page).toContain('Your plan includes 2 seats; the agency has 2 extra.')
    expect((await invite(owner.browser, uniqueEmail('third'))).status).toBe(302)

    // Three seats are in use (the owner, two invitations): at least 1 extra seat must stay.
    const tooFew = await setSeats(owner.browser, '0')
    expect(tooFew.status).toBe(409)
    const tooFewHtml = await text(tooFew)
    expect(tooFewHtml).toContain(`<ul id="extra-seats-error" class="mt-1 flex flex-col gap-0.5 text-sm text-danger"><li>${seatsInUseMessage(3, 1)}</li></ul>`)
    expect(tooFewHtml).toMatch(/<input id="extra-seats"[^>]*aria-invalid="true"/)
    expect(await extraSeatsOf(agencyId)).toBe(2)
    expect((await setSeats(owner.browser, '1')).status).toBe(302)
    expect(await extraSeatsOf(agencyId)).toBe(1)

    // Bad input: a message by the field, 400, nothing changed.
    for (const bad of ['', '-1', '2.5', 'many', '100000']) {
      const refused = await setSeats(owner.browser, bad)
      expect(refused.status, bad).toBe(400)
      expect(await text(refused)).toContain('id="extra-seats-error"')
    }
    expect(await extraSeatsOf(agencyId)).toBe(1)

    const lines = await getDb().select({ summary: auditLog.summary, actorId: auditLog.actorId }).from(auditLog).where(and(eq(auditLog.agencyId, agencyId), eq(auditLog.objectType, 'seats')))
    expect(lines.map((line) => line.summary).sort()).toEqual(['Extra seats changed from 0 to 2', 'Extra seats changed from 2 to 1'])
    expect(new Set(lines.map((line) => line.actorId))).toEqual(new Set([(await findUser(owner.email)).id]))
  })

  it('is the owner’s: an admin sees the seats and is refused with 403', async () => {
    const owner = await signedInBroker('Olga Owner')
    await setSubscription(owner.email, { plan: 'professional' })
    const { agencyId } = await ownerScopeOf(owner.email)
    const email = uniqueEmail('admin')
    expect((await invite(owner.browser, email, 'admin')).status).toBe(302)
    const admin = await invitee(email)
    expect((await admin.post(await queuedInvitePath(email), {})).status).toBe(302)
    const view = await text(await admin.get('/agency'))
    expect(view).toContain('id="seats"')
    expect(view).toContain('The owner can add seats.')
    expect(view).not.toContain('id="extra-seats"')
    expect((await setSeats(admin, '3')).status).toBe(403)
    expect(await extraSeatsOf(agencyId)).toBe(0)
  })
})

describe('accepting an invitation', () => {
  it('re-checks the seat: after a downgrade the link is refused with 409 and stays open until a seat is added', async () => {
    const owner = await signedInBroker('Tina Trial')
    const { agencyId } = await ownerScopeOf(owner.email)
    const email = uniqueEmail('late')
    expect((await invite(owner.browser, email)).status).toBe(302)
    const path = await queuedInvitePath(email)
    // Starter has one seat: the owner's. The open invitation now holds a seat the plan lacks.
    await setSubscription(owner.email, { plan: 'starter' })
    const browser = await invitee(email)
    const refused = await browser.post(path, {})
    expect(refused.status).toBe(409)
    expect(await text(refused)).toContain(NO_SEAT_TO_JOIN_MESSAGE)
    expect(await membersOf(agencyId)).toHaveLength(1)
    const open = await getDb()
      .select({ id: agencyInvitations.id })
      .from(agencyInvitations)
      .where(and(eq(agencyInvitations.agencyId, agencyId), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt)))
    expect(open).toHaveLength(1)

    expect((await setSeats(owner.browser, '1')).status).toBe(302)
    const accepted = await browser.post(path, {})
    expect(accepted.status).toBe(302)
    expect(await membersOf(agencyId)).toHaveLength(2)
  })

  it('is refused by the database whatever the path: a member beyond the seats cannot be inserted', async () => {
    const owner = await signedInBroker('Sam Starter')
    await setSubscription(owner.email, { plan: 'starter' })
    const { agencyId } = await ownerScopeOf(owner.email)
    const other = await signedInBroker('Otto Other')
    const otherId = (await findUser(other.email)).id
    await expect(getDb().insert(agencyMembers).values({ agencyId, userId: otherId, role: 'agent' })).rejects.toThrow()
    expect(await membersOf(agencyId)).toHaveLength(1)
    // With an extra seat the same insert is taken.
    await getDb().update(agencies).set({ extraSeats: 1 }).where(eq(agencies.id, agencyId))
    await getDb().insert(agencyMembers).values({ agencyId, userId: otherId, role: 'agent' })
    expect(await membersOf(agencyId)).toHaveLength(2)
  })
})

describe('the plan’s property limit for an agency', () => {
  it('holds under 50 concurrent creates by two members: exactly the limit, clear 403s, no 500', async () => {
    const owner = await signedInBroker('Tina Trial')
    const { agencyId } = await ownerScopeOf(owner.email)
    const email = uniqueEmail('agent')
    expect((await invite(owner.browser, email)).status).toBe(302)
    const agent = await invitee(email)
    expect((await agent.post(await queuedInvitePath(email), {})).status).toBe(302)

    // The trial's limit is 5 properties for the agency, whoever adds them.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? agent : owner.browser).post('/property/new/residential', propertyForm({ title: `Rush ${i}` }))),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 302)).toHaveLength(5)
    expect(statuses.filter((status) => status === 403)).toHaveLength(45)
    const refusal = await text(answers[statuses.indexOf(403)]!)
    expect(refusal).toContain(PROPERTY_LIMIT_MESSAGE)
    const [count] = await getDb().select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(properties).where(eq(properties.agencyId, agencyId))
    expect(count!.n).toBe(5)
  })
})
