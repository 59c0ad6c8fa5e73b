import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#db/client.server.ts'
import { agencyInvitations, agencyMembers, clients, deals, properties, userSubscriptions } from '#db/schema.ts'
import { NO_SEAT_MESSAGE } from '#app/routes/app/agency.tsx'
import { GOOD_PASSWORD, signedInBroker, signIn, signUpBroker, TestBrowser, uniqueEmail } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser, ownerScopeOf, setSubscription } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { CookieJar, getPage, postForm, projectDatabaseEnv, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { startSmtpListener, type SmtpListener } from '#tests/support/smtp.ts'
import { consoleErrors, logs } from '#tests/support/setup-integration.ts'
import { atLeast } from '#tests/support/logs.ts'

/*
 * Agencies (issue 26) through the built app: invitations by mail, seats, roles, removal with the
 * hand-over of records, ownership transfer and account deletion. Tokens of the in-process app
 * are read from the queued mail (pgboss.job), as the mail worker would send them; the first test
 * takes the whole way over a real SMTP listener.
 */

const INVITE_PATH = /\/invite\/[A-Za-z0-9_-]{43}/
// The page's text as a reader meets it: React's separators between adjacent texts dropped.
const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '')

/** The invitation link of the newest mail queued to `email`, as a path. */
async function queuedInvitePath(email: string) {
  const [row] = await queryRows<{ url: string }>(
    sql`select data->'action'->>'url' as url from pgboss.job where name = 'mail' and data->>'to' = ${email} order by created_on desc limit 1`,
  )
  const path = INVITE_PATH.exec(row?.url ?? '')?.[0]
  if (!path) throw new Error(`no invitation mail queued to ${email}`)
  return path
}

const invite = (owner: TestBrowser, email: string, role: 'admin' | 'agent' = 'agent') => owner.post('/agency', { intent: 'invite', email, role })

/** Invites a new address, signs it up and in, and accepts: a colleague in the owner's agency. */
async function join(owner: TestBrowser, role: 'admin' | 'agent' = 'agent', fullName = 'Colleague') {
  const email = uniqueEmail(role)
  const invited = await invite(owner, email, role)
  expect(invited.status).toBe(302)
  const path = await queuedInvitePath(email)
  const browser = new TestBrowser()
  await signUpBroker(browser, fullName, email)
  expect((await signIn(browser, email)).status).toBe(302)
  const accepted = await browser.post(path, {})
  expect(accepted.status).toBe(302)
  expect(accepted.headers.get('Location')).toBe('/home')
  return { browser, email, userId: (await findUser(email)).id }
}

/** An owner on a plan with room for a team (professional: 10 seats). */
async function ownerWithSeats(fullName = 'Olga Owner') {
  const owner = await signedInBroker(fullName)
  await setSubscription(owner.email, { plan: 'professional' })
  const scope = await ownerScopeOf(owner.email)
  return { ...owner, userId: scope.memberId, agencyId: scope.agencyId }
}

const membersOf = (agencyId: string) =>
  getDb().select({ userId: agencyMembers.userId, role: agencyMembers.role }).from(agencyMembers).where(eq(agencyMembers.agencyId, agencyId))
const agenciesOf = (userId: string) =>
  getDb().select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role }).from(agencyMembers).where(eq(agencyMembers.userId, userId))
const openInvitations = (agencyId: string) =>
  getDb()
    .select({ id: agencyInvitations.id, email: agencyInvitations.email })
    .from(agencyInvitations)
    .where(and(eq(agencyInvitations.agencyId, agencyId), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt)))

let servers: ServerProcess[] = []
let smtp: SmtpListener | null = null
afterEach(async () => {
  for (const server of servers) await server.dispose()
  servers = []
  await smtp?.close()
  smtp = null
})

describe('agency invitations', () => {
  it('mails a link over SMTP; the invitee signs up, signs in, comes back, accepts and works in the agency', async () => {
    smtp = await startSmtpListener()
    const server = await startServerProcess({ ...projectDatabaseEnv(), SMTP_URL: smtp.url, JOBS_IN_PROCESS: '1' })
    servers.push(server)
    await server.waitUntilHealthy()
    const url = server.url
    const tag = randomBytes(4).toString('hex')
    const ownerEmail = `owner-${tag}@example.com`
    const inviteeEmail = `invitee-${tag}@example.com`
    const owner = new CookieJar()
    expect((await postForm(url, '/auth?mode=signup', { intent: 'signup', fullName: 'Olga Owner', email: ownerEmail, password: GOOD_PASSWORD }, owner)).status).toBe(302)
    expect((await postForm(url, '/auth', { intent: 'signin', email: ownerEmail, password: GOOD_PASSWORD }, owner)).status).toBe(302)
    expect((await postForm(url, '/agency', { intent: 'identity', name: `Casa ${tag}` }, owner)).status).toBe(302)

    const invited = await postForm(url, '/agency', { intent: 'invite', email: inviteeEmail, role: 'agent' }, owner)
    expect(invited.status).toBe(302)
    expect(invited.headers.get('Location')).toBe('/agency')
    const mail = await smtp.waitForMail(inviteeEmail)
    expect(mail.subject).toBe(`You are invited to join Casa ${tag} on BrokerVault`)
    const link = new URL(INVITE_PATH.exec(mail.text ?? '')?.[0] ?? '/missing', url)
    expect(mail.text).toContain(link.href)
    expect(link.pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/)

    // Not signed in, no account yet: the page offers to create one with the invited address.
    const invitee = new CookieJar()
    const landing = await getPage(url, link.pathname, invitee)
    expect(landing.status).toBe(200)
    const landingHtml = await text(landing)
    expect(landingHtml).toContain(`Join Casa ${tag}`)
    expect(landingHtml).toContain(inviteeEmail)
    expect(landingHtml).toContain('Create your account')
    expect((await postForm(url, '/auth?mode=signup', { intent: 'signup', fullName: 'Ines Invitee', email: inviteeEmail, password: GOOD_PASSWORD }, invitee)).status).toBe(302)
    const signedIn = await postForm(url, '/auth', { intent: 'signin', email: inviteeEmail, password: GOOD_PASSWORD }, invitee)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('Location')).toBe(link.pathname)
    const back = await getPage(url, link.pathname, invitee)
    expect(back.status).toBe(200)
    expect(await text(back)).toContain('Accept and join')

    const accepted = await postForm(url, link.pathname, {}, invitee)
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('Location')).toBe('/home')
    expect((await getPage(url, '/home', invitee)).status).toBe(200)

    // The agency's page lists both; the empty agency the sign-up made is gone (no switcher).
    const agencyPage = await getPage(url, '/agency', invitee)
    expect(agencyPage.status).toBe(200)
    const agencyHtml = await text(agencyPage)
    expect(agencyHtml).toContain(`Casa ${tag}`)
    expect(agencyHtml).toContain(ownerEmail)
    expect(agencyHtml).toContain(inviteeEmail)
    expect(agencyHtml.match(/data-testid="member"/g)).toHaveLength(2)
    expect(agencyHtml).not.toContain('Your agencies')
    expect(agencyHtml).not.toContain('Send invitation')
    // The session works in the new agency: the colleague's client is the agency's.
    const created = await postForm(url, '/client/new', { fullName: 'Carla Client', email: `carla-${tag}@example.com`, kind: 'buyer', stage: 'new' }, invitee)
    expect(created.status).toBe(302)
    expect(await text(await getPage(url, '/clients', invitee))).toContain('Carla Client')

    const ownerView = await text(await getPage(url, '/agency', owner))
    expect(ownerView).toContain(inviteeEmail)
    expect(ownerView).toContain('2 of 2 seats used')
    expect(ownerView).not.toContain('data-testid="invitation"')
    expect((await getPage(url, link.pathname, new CookieJar())).status).toBe(410)
  }, 120_000)

  it('answers 410 to an expired, a revoked and a used link; another address is refused with 403 and nothing changes', async () => {
    const owner = await ownerWithSeats()
    const [expired, revoked, mine] = [uniqueEmail('expired'), uniqueEmail('revoked'), uniqueEmail('mine')]
    for (const email of [expired, revoked, mine]) expect((await invite(owner.browser, email)).status).toBe(302)
    const used = await join(owner.browser)
    const usedPath = await queuedInvitePath(used.email)

    await getDb().update(agencyInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(agencyInvitations.email, expired))
    const [toRevoke] = await getDb().select({ id: agencyInvitations.id }).from(agencyInvitations).where(eq(agencyInvitations.email, revoked))
    expect((await owner.browser.post('/agency', { intent: 'revoke', invitationId: toRevoke!.id })).status).toBe(302)

    for (const path of [await queuedInvitePath(expired), await queuedInvitePath(revoked), usedPath]) {
      const page = await new TestBrowser().get(path)
      expect(page.status, path).toBe(410)
      expect(await text(page)).toContain('This invitation has expired, was revoked or has already been used.')
    }
    // Signed in with the expired invitation's own address, the POST is refused the same way.
    const late = new TestBrowser()
    await signUpBroker(late, 'Late Larry', expired)
    await signIn(late, expired)
    expect((await late.post(await queuedInvitePath(expired), {})).status).toBe(410)
    expect(await agenciesOf((await findUser(expired)).id)).toHaveLength(1)

    // Someone else, signed in, opens the link meant for `mine`: told to switch, and refused.
    const stranger = await signedInBroker('Sam Stranger')
    const strangerId = (await findUser(stranger.email)).id
    const strangerAgencies = await agenciesOf(strangerId)
    const minePath = await queuedInvitePath(mine)
    const page = await stranger.browser.get(minePath)
    expect(page.status).toBe(200)
    const pageHtml = await text(page)
    expect(pageHtml).toContain(`You are signed in as <span class="break-words">${stranger.email}</span>`)
    expect(pageHtml).not.toContain('Accept and join')
    // Its "Log out" form sits in no paragraph (the browser's parser would close the paragraph
    // there, and the page would not hydrate).
    expect(pageHtml).not.toMatch(/<p\b[^>]*>(?:(?!<\/p>)[\s\S])*<form/)
    const refused = await stranger.browser.post(minePath, {})
    expect(refused.status).toBe(403)
    expect(await text(refused)).toContain('This invitation was sent to another address.')
    expect(await agenciesOf(strangerId)).toEqual(strangerAgencies)
    expect((await membersOf(owner.agencyId)).map((m) => m.userId).sort()).toEqual([owner.userId, used.userId].sort())
    expect((await openInvitations(owner.agencyId)).map((i) => i.email).sort()).toEqual([expired, mine].sort())
    // …and the rightful address can still use it.
    const rightful = new TestBrowser()
    await signUpBroker(rightful, 'Mia Mine', mine)
    await signIn(rightful, mine)
    expect((await rightful.post(minePath, {})).status).toBe(302)
  })
})

describe('agency seats', () => {
  it('refuses the trial’s second invitation next to the email field with a 409 and offers the upgrade', async () => {
    const owner = await signedInBroker('Tina Trial')
    const first = await invite(owner.browser, uniqueEmail('first'))
    expect(first.status).toBe(302)
    const second = await invite(owner.browser, uniqueEmail('second'))
    expect(second.status).toBe(409)
    const html = await text(second)
    expect(html).toContain(`<ul id="invite-email-error" class="mt-1 flex flex-col gap-0.5 text-sm text-danger"><li>${NO_SEAT_MESSAGE}</li></ul>`)
    expect(html).toMatch(/<input id="invite-email"[^>]*aria-invalid="true"[^>]*aria-describedby="invite-email-error"/)
    expect(html).toContain('href="/pricing"')
    expect(html).toContain('2 of 2 seats used')
    const { agencyId } = await ownerScopeOf(owner.email)
    expect(await openInvitations(agencyId)).toHaveLength(1)
  })

  it('never opens more invitations than seats, even for 50 invitations posted at once (the database decides)', async () => {
    const owner = await ownerWithSeats()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => invite(owner.browser, uniqueEmail(`rush${i}`))))
    const statuses = answers.map((answer) => answer.status)
    // Professional: 10 seats, the owner holds one.
    expect(statuses.filter((status) => status === 302)).toHaveLength(9)
    expect(statuses.filter((status) => status === 409)).toHaveLength(41)
    expect(await openInvitations(owner.agencyId)).toHaveLength(9)
    // One address posted 20 times at once, three times over: one open invitation each, every
    // answer a clean one (the later ones renew it; none trips the open-invitation index).
    await getDb().update(agencyInvitations).set({ revokedAt: new Date() }).where(eq(agencyInvitations.agencyId, owner.agencyId))
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail(`same${round}`)
      const again = await Promise.all(Array.from({ length: 20 }, () => invite(owner.browser, email)))
      expect(again.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 302))
    }
    expect(await openInvitations(owner.agencyId)).toHaveLength(3)
    // 110 invitations, each a transaction and a queued mail: on the embedded database they queue
    // one behind another, which takes longer than the default 30 s on a loaded 2-core machine.
  }, 120_000)

  it('does not revive an expired invitation beyond the seats', async () => {
    const owner = await signedInBroker('Tina Trial')
    const { agencyId } = await ownerScopeOf(owner.email)
    const lapsed = uniqueEmail('lapsed')
    expect((await invite(owner.browser, lapsed)).status).toBe(302)
    await getDb().update(agencyInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(agencyInvitations.email, lapsed))
    // The lapsed invitation holds no seat: another address takes it.
    expect((await invite(owner.browser, uniqueEmail('taker'))).status).toBe(302)
    const revived = await invite(owner.browser, lapsed)
    expect(revived.status).toBe(409)
    const live = await getDb()
      .select({ email: agencyInvitations.email })
      .from(agencyInvitations)
      .where(and(eq(agencyInvitations.agencyId, agencyId), isNull(agencyInvitations.acceptedAt), isNull(agencyInvitations.revokedAt), sql`${agencyInvitations.expiresAt} > now()`))
    expect(live).toHaveLength(1)
  })
})

describe('agency roles', () => {
  it('gives an agent 403 for invite, role, remove and revoke, and for the audit log', async () => {
    const owner = await ownerWithSeats()
    const agent = await join(owner.browser, 'agent', 'Ana Agent')
    const other = await join(owner.browser, 'agent', 'Otto Other')
    expect((await invite(owner.browser, uniqueEmail('pending'))).status).toBe(302)
    const [pending] = await openInvitations(owner.agencyId)
    const before = await membersOf(owner.agencyId)

    const posts: Record<string, string>[] = [
      { intent: 'invite', email: uniqueEmail('sneaky'), role: 'agent' },
      { intent: 'role', userId: other.userId, role: 'admin' },
      { intent: 'remove', userId: other.userId, successorId: agent.userId },
      { intent: 'revoke', invitationId: pending!.id },
      { intent: 'transfer', userId: agent.userId },
      { intent: 'identity', name: 'Taken over' },
    ]
    for (const form of posts) expect((await agent.browser.post('/agency', form)).status, form.intent).toBe(403)
    expect((await agent.browser.get('/agency/audit')).status).toBe(403)
    const page = await text(await agent.browser.get('/agency'))
    expect(page).not.toContain('Send invitation')
    expect(page).not.toContain('href="/agency/audit"')
    expect(await membersOf(owner.agencyId)).toEqual(before)
    expect(await openInvitations(owner.agencyId)).toHaveLength(1)

    // An admin manages members but does not hand the agency on.
    expect((await owner.browser.post('/agency', { intent: 'role', userId: agent.userId, role: 'admin' })).status).toBe(302)
    expect((await agent.browser.post('/agency', { intent: 'transfer', userId: other.userId })).status).toBe(403)
    const audit = await agent.browser.get('/agency/audit')
    expect(audit.status).toBe(200)
    expect(await text(audit)).toContain(`Olga Owner</span> · Role of ${agent.email} changed to admin`)
  })

  it("gives a member of another agency 404 for this agency's invitations and members", async () => {
    const owner = await ownerWithSeats()
    const member = await join(owner.browser, 'agent', 'Mira Member')
    expect((await invite(owner.browser, uniqueEmail('pending'))).status).toBe(302)
    const [pending] = await openInvitations(owner.agencyId)
    const outsider = await ownerWithSeats('Xavier Outsider')
    const outsiderColleague = await join(outsider.browser, 'agent', 'Xena Colleague')

    const posts: Record<string, string>[] = [
      { intent: 'revoke', invitationId: pending!.id },
      { intent: 'role', userId: member.userId, role: 'admin' },
      { intent: 'role', userId: owner.userId, role: 'agent' },
      { intent: 'remove', userId: member.userId, successorId: outsider.userId },
      { intent: 'remove', userId: outsiderColleague.userId, successorId: member.userId },
      { intent: 'transfer', userId: member.userId },
      { intent: 'switch', agencyId: owner.agencyId },
    ]
    for (const form of posts) expect((await outsider.browser.post('/agency', form)).status, JSON.stringify(form)).toBe(404)
    expect(await membersOf(owner.agencyId)).toEqual(expect.arrayContaining([{ userId: member.userId, role: 'agent' }]))
    expect(await membersOf(owner.agencyId)).toHaveLength(2)
    expect(await membersOf(outsider.agencyId)).toHaveLength(2)
    expect(await openInvitations(owner.agencyId)).toHaveLength(1)
    expect(await text(await outsider.browser.get('/agency'))).not.toContain(member.email)
  })
})

describe('removing a member', () => {
  it('hands their clients, properties and deals to the chosen successor in one transaction; they fall back to an agency of their own', async () => {
    const owner = await ownerWithSeats('Olga Owner')
    const admin = await join(owner.browser, 'admin', 'Adam Admin')
    const leaver = await join(owner.browser, 'agent', 'Lena Leaver')
    const clientId = await createClientVia(leaver.browser, { fullName: 'Rita Reassigned' })
    const propertyId = await createPropertyVia(leaver.browser, { title: 'Leaver flat' })
    const deal = await leaver.browser.post('/deals', { intent: 'create', clientId, title: 'Leaver deal', value: '100000', currency: 'EUR', redirectTo: '' })
    const dealId = /^\/deal\/([0-9a-f-]{36})$/.exec(deal.headers.get('Location') ?? '')?.[1]
    expect(dealId).toBeDefined()
    const ownersOf = async () => ({
      client: (await getDb().select({ ownerId: clients.ownerId }).from(clients).where(eq(clients.id, clientId)))[0]?.ownerId,
      property: (await getDb().select({ ownerId: properties.ownerId }).from(properties).where(eq(properties.id, propertyId)))[0]?.ownerId,
      deal: (await getDb().select({ ownerId: deals.ownerId }).from(deals).where(eq(deals.id, dealId!)))[0]?.ownerId,
    })
    expect(await ownersOf()).toEqual({ client: leaver.userId, property: leaver.userId, deal: leaver.userId })

    // A failure half-way (here: the membership cannot be deleted) leaves every record where it was.
    const guard = `refuse_${randomBytes(4).toString('hex')}`
    await getDb().execute(
      sql.raw(`create function ${guard}() returns trigger language plpgsql as $$ begin if old.user_id = '${leaver.userId}' then raise exception 'refused by the test'; end if; return old; end $$`),
    )
    await getDb().execute(sql.raw(`create trigger ${guard} before delete on agency_members for each row execute function ${guard}()`))
    try {
      const failed = await owner.browser.post('/agency', { intent: 'remove', userId: leaver.userId, successorId: admin.userId })
      expect(failed.status).toBe(500)
      expect(logs.take(atLeast('error')).length).toBeGreaterThan(0)
      consoleErrors.splice(0)
    } finally {
      await getDb().execute(sql.raw(`drop trigger ${guard} on agency_members`))
      await getDb().execute(sql.raw(`drop function ${guard}()`))
    }
    expect(await ownersOf()).toEqual({ client: leaver.userId, property: leaver.userId, deal: leaver.userId })
    expect(await membersOf(owner.agencyId)).toHaveLength(3)

    // A successor from outside the agency or the member themselves: refused, nothing moves.
    expect((await owner.browser.post('/agency', { intent: 'remove', userId: leaver.userId, successorId: leaver.userId })).status).toBe(400)
    expect((await owner.browser.post('/agency', { intent: 'remove', userId: owner.userId, successorId: admin.userId })).status).toBe(400)

    const removed = await owner.browser.post('/agency', { intent: 'remove', userId: leaver.userId, successorId: admin.userId })
    expect(removed.status).toBe(302)
    expect(await ownersOf()).toEqual({ client: admin.userId, property: admin.userId, deal: admin.userId })
    expect((await membersOf(owner.agencyId)).map((m) => m.userId).sort()).toEqual([owner.userId, admin.userId].sort())
    expect(await text(await admin.browser.get('/clients'))).toContain('Rita Reassigned')
    expect(await text(await admin.browser.get(`/deal/${dealId}`))).toContain('Leaver deal')

    // The removed member's very next request works in an agency of their own, without the records.
    const home = await leaver.browser.get('/home')
    expect(home.status).toBe(200)
    const theirs = await agenciesOf(leaver.userId)
    expect(theirs).toHaveLength(1)
    expect(theirs[0]).toMatchObject({ role: 'owner' })
    expect(theirs[0]!.agencyId).not.toBe(owner.agencyId)
    const leaverAgency = await text(await leaver.browser.get('/agency'))
    expect(leaverAgency).not.toContain(owner.email)
    expect(leaverAgency.match(/data-testid="member"/g)).toHaveLength(1)
    expect(await text(await leaver.browser.get('/clients'))).not.toContain('Rita Reassigned')
    expect((await leaver.browser.get(`/client/${clientId}`)).status).toBe(404)

    // The audit log: who invited whom, who joined, who removed whom.
    const audit = await text(await owner.browser.get('/agency/audit'))
    expect(audit).toContain(`Olga Owner</span> · Invited ${leaver.email} as agent`)
    // The removed member is no longer one of the agency's people: named as a former member.
    expect(audit).toContain(`A former member</span> · ${leaver.email} joined as agent`)
    expect(audit).toContain(`Olga Owner</span> · Removed ${leaver.email} from the agency; their records went to ${admin.email}`)
  })
})

describe('several agencies', () => {
  it('keeps the agency of one a broker already works in, and switches between the two', async () => {
    const owner = await ownerWithSeats('Olga Owner')
    await owner.browser.post('/agency', { intent: 'identity', name: 'Casa Grande' })
    // A broker with a client of their own accepts: their agency is not empty, so it stays.
    const broker = await signedInBroker('Bea Busy')
    await broker.browser.post('/agency', { intent: 'identity', name: 'Bea Solo' })
    await createClientVia(broker.browser, { fullName: 'Solo Client' })
    const { agencyId: soloId } = await ownerScopeOf(broker.email)
    expect((await invite(owner.browser, broker.email)).status).toBe(302)
    expect((await broker.browser.post(await queuedInvitePath(broker.email), {})).status).toBe(302)
    const brokerId = (await findUser(broker.email)).id
    expect((await agenciesOf(brokerId)).map((a) => a.agencyId).sort()).toEqual([owner.agencyId, soloId].sort())

    // Accepting put the session in the new agency; the switcher lists both.
    const inGrande = await text(await broker.browser.get('/agency'))
    expect(inGrande).toMatch(/<option value="[0-9a-f-]{36}"[^>]*>Casa Grande \(Agent\)<\/option>/)
    expect(inGrande).toMatch(/<option value="[0-9a-f-]{36}"[^>]*>Bea Solo \(Owner\)<\/option>/)
    expect(await text(await broker.browser.get('/clients'))).not.toContain('Solo Client')

    const switched = await broker.browser.post('/agency', { intent: 'switch', agencyId: soloId })
    expect(switched.status).toBe(302)
    expect(await text(await broker.browser.get('/clients'))).toContain('Solo Client')
    const inSolo = await text(await broker.browser.get('/agency'))
    expect(inSolo.match(/data-testid="member"/g)).toHaveLength(1)
    expect(inSolo).toContain('Send invitation')
  })
})

describe('leaving', () => {
  it('lets a member leave with their records going to the owner; the owner cannot leave', async () => {
    const owner = await ownerWithSeats('Olga Owner')
    const member = await join(owner.browser, 'agent', 'Lars Leaving')
    const clientId = await createClientVia(member.browser, { fullName: 'Left Behind' })
    const refused = await owner.browser.post('/agency', { intent: 'leave' })
    expect(refused.status).toBe(400)
    expect(await text(refused)).toContain("The owner's role changes only by transferring ownership.")

    const left = await member.browser.post('/agency', { intent: 'leave' })
    expect(left.status).toBe(302)
    expect(left.headers.get('Location')).toBe('/home')
    expect(await membersOf(owner.agencyId)).toEqual([{ userId: owner.userId, role: 'owner' }])
    const [client] = await getDb().select({ ownerId: clients.ownerId }).from(clients).where(eq(clients.id, clientId))
    expect(client?.ownerId).toBe(owner.userId)
    expect((await member.browser.get('/home')).status).toBe(200)
    expect((await member.browser.get(`/client/${clientId}`)).status).toBe(404)
    expect(await text(await owner.browser.get('/agency/audit'))).toContain(`A former member</span> · ${member.email} left the agency`)
  })
})

describe('ownership', () => {
  it('passes the agency on: the new owner is owner, the old one admin, and the plan stays the agency’s', async () => {
    const owner = await signedInBroker('Olga Owner')
    await setSubscription(owner.email, { plan: 'advanced' })
    const { agencyId, memberId: ownerId } = await ownerScopeOf(owner.email)
    const heir = await join(owner.browser, 'agent', 'Hugo Heir')
    expect(await text(await owner.browser.get('/agency'))).toContain('2 of 3 seats used')

    const moved = await owner.browser.post('/agency', { intent: 'transfer', userId: heir.userId })
    expect(moved.status).toBe(302)
    expect((await membersOf(agencyId)).sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { userId: ownerId, role: 'admin' },
      { userId: heir.userId, role: 'owner' },
    ])
    const [plan] = await getDb().select({ userId: userSubscriptions.userId, plan: userSubscriptions.plan }).from(userSubscriptions).where(eq(userSubscriptions.userId, heir.userId))
    expect(plan).toEqual({ userId: heir.userId, plan: 'advanced' })
    // Both still work under the agency's plan (advanced: 3 seats).
    for (const browser of [owner.browser, heir.browser]) {
      const page = await browser.get('/agency')
      expect(page.status).toBe(200)
      expect(await text(page)).toContain('2 of 3 seats used')
    }
    for (const browser of [owner.browser, heir.browser]) expect((await browser.get('/profile')).status).toBe(200)
    expect((await owner.browser.post('/agency', { intent: 'transfer', userId: heir.userId })).status).toBe(403)
    expect((await heir.browser.post('/agency', { intent: 'invite', email: uniqueEmail('next'), role: 'agent' })).status).toBe(302)
    expect(await text(await heir.browser.get('/agency/audit'))).toContain(`Olga Owner</span> · Ownership transferred to ${heir.email}`)
  })
})

describe('account deletion in an agency', () => {
  it("leaves a member's records to the owner; refuses an owner with colleagues", async () => {
    const owner = await ownerWithSeats('Olga Owner')
    const member = await join(owner.browser, 'agent', 'Dora Deleter')
    const clientId = await createClientVia(member.browser, { fullName: 'Kept Client' })
    const propertyId = await createPropertyVia(member.browser, { title: 'Kept flat' })

    const refused = await owner.browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation: 'DELETE' })
    expect(refused.status).toBe(409)
    expect(await text(refused)).toContain('Transfer the ownership of')
    expect(await membersOf(owner.agencyId)).toHaveLength(2)

    const gone = await member.browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation: 'DELETE' })
    expect(gone.status).toBe(302)
    expect(gone.headers.get('Location')).toBe('/')
    expect(await membersOf(owner.agencyId)).toEqual([{ userId: owner.userId, role: 'owner' }])
    const [client] = await getDb().select({ ownerId: clients.ownerId, agencyId: clients.agencyId }).from(clients).where(eq(clients.id, clientId))
    expect(client).toEqual({ ownerId: owner.userId, agencyId: owner.agencyId })
    const [property] = await getDb().select({ ownerId: properties.ownerId }).from(properties).where(eq(properties.id, propertyId))
    expect(property?.ownerId).toBe(owner.userId)
    expect(await text(await owner.browser.get('/clients'))).toContain('Kept Client')
    expect((await owner.browser.get(`/property/${propertyId}`)).status).toBe(200)
  })
})
