import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb, queryRows, withScope } from '#db/client.server.ts'
import { activities, clients, colleagueShares, deals, properties, propertyPhotos, tasks, viewings } from '#db/schema.ts'
import { inviteMember } from '#app/modules/agencies/invitations.server.ts'
import { assignRecords } from '#app/modules/assignment/assign.server.ts'
import { signedInBroker, type TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { findUser, ownerScopeOf, setSubscription } from '#tests/support/db.ts'
import { createPropertyVia } from '#tests/support/properties.ts'

/*
 * Issue 26: assignment and sharing inside an agency, through the built app. Owners and admins
 * reassign one record or many (one transaction, foreign ids refused); the lists filter "Mine" or
 * "Agency"; a client shared with a named colleague is theirs to see and work on, not to delete,
 * reassign or share on; activity lines name who acted. A broker alone sees none of it.
 */

type Person = { browser: TestBrowser; email: string; id: string; name: string }

// The page's text as a reader meets it: React's separators between adjacent texts dropped.
const text = async (response: Response) => (await response.text()).replace(/&#x27;/g, "'").replace(/<!-- -->/g, '')

async function person(name: string): Promise<Person> {
  const { browser, email } = await signedInBroker(name)
  return { browser, email, id: (await findUser(email)).id, name }
}

async function join(owner: Person, name: string, role: 'admin' | 'agent'): Promise<Person> {
  const invitee = await person(name)
  const invited = await inviteMember(await ownerScopeOf(owner.email), { email: invitee.email, role })
  if (!invited.ok) throw new Error(`invite failed: ${invited.reason}`)
  expect((await invitee.browser.post(`/invite/${invited.token}`, {})).status).toBe(302)
  return invitee
}

const ownerOf = async (table: typeof clients | typeof deals | typeof properties | typeof viewings | typeof tasks, id: string) => {
  const [row] = await getDb().select({ ownerId: table.ownerId }).from(table).where(eq(table.id, id))
  return row?.ownerId
}

async function dealVia(browser: TestBrowser, clientId: string, title: string) {
  const response = await browser.post('/deals', { intent: 'create', clientId, title, value: '100000', currency: 'EUR', redirectTo: '' })
  const id = /^\/deal\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
  if (!id) throw new Error(`deal failed: ${response.status}`)
  return id
}

async function viewingVia(browser: TestBrowser, clientId: string, propertyId: string, date: string) {
  expect((await browser.post(`/client/${clientId}`, { intent: 'schedule-viewing', propertyId, date, time: '10:00', durationMinutes: '30' })).status).toBe(302)
  const [row] = await getDb().select({ id: viewings.id }).from(viewings).where(and(eq(viewings.clientId, clientId), eq(viewings.startsAt, new Date(`${date}T10:00:00Z`))))
  return row!.id
}

async function taskVia(browser: TestBrowser, clientId: string, title: string) {
  // Overdue: on /agenda whatever the day the test runs.
  expect((await browser.post(`/client/${clientId}`, { intent: 'add-task', title, dueDate: '2024-01-10', dueTime: '09:00' })).status).toBe(302)
  const [row] = await getDb().select({ id: tasks.id }).from(tasks).where(and(eq(tasks.clientId, clientId), eq(tasks.title, title)))
  return row!.id
}

let owner: Person
let admin: Person
let ana: Person
let bruno: Person
let stranger: Person
let villa: string
let flat: string
let loft: string
let strangerProperty: string

beforeAll(async () => {
  owner = await person('Olga Owner')
  await setSubscription(owner.email, { plan: 'professional' })
  admin = await join(owner, 'Adam Admin', 'admin')
  ana = await join(owner, 'Ana Silva', 'agent')
  bruno = await join(owner, 'Bruno Costa', 'agent')
  stranger = await person('Sara Stranger')
  villa = await createPropertyVia(owner.browser, { title: 'Assignment villa' })
  flat = await createPropertyVia(owner.browser, { title: 'Assignment flat' })
  loft = await createPropertyVia(ana.browser, { title: 'Assignment loft' })
  strangerProperty = await createPropertyVia(stranger.browser, { title: 'Stranger cottage' })
})

describe('a broker alone in their agency', () => {
  it('sees nothing new: no Mine / Agency, no assignee, no assignment card, activity as before', async () => {
    const solo = await person('Solo Sol')
    const clientId = await createClientVia(solo.browser, { fullName: 'Solo Client Sofia', email: '' })
    await createPropertyVia(solo.browser, { title: 'Solo house' })
    for (const page of ['/properties', '/clients', '/deals', '/agenda']) {
      const html = await text(await solo.browser.get(page))
      expect(html, page).not.toContain('name="assigned"')
      expect(html, page).not.toContain('Assigned to')
    }
    const clientPage = await text(await solo.browser.get(`/client/${clientId}`))
    expect(clientPage).not.toContain('Assignment and sharing')
    expect(clientPage).toContain('Added client Solo Client Sofia')
    expect(clientPage).not.toContain('You added client')
    expect(clientPage).toContain('Private to you.')
    // Nobody to hand it to: the form is not there, and a post of it anyway is refused.
    const refused = await solo.browser.post(`/client/${clientId}`, { intent: 'assign', memberId: solo.id })
    expect(refused.status).toBe(403)
  })
})

describe('reassigning one record', () => {
  it("hands a client to a colleague with its open deals, scheduled viewings and open tasks; closed and done work stays", async () => {
    const clientId = await createClientVia(owner.browser, { fullName: 'Marta Reassigned', email: '' })
    const openDeal = await dealVia(owner.browser, clientId, 'Marta open deal')
    const wonDeal = await dealVia(owner.browser, clientId, 'Marta won deal')
    await getDb().update(deals).set({ stage: 'closed_won' }).where(eq(deals.id, wonDeal))
    const upcoming = await viewingVia(owner.browser, clientId, villa, '2031-02-01')
    const past = await viewingVia(owner.browser, clientId, flat, '2031-02-02')
    await getDb().update(viewings).set({ status: 'done' }).where(eq(viewings.id, past))
    const openTask = await taskVia(owner.browser, clientId, 'Call Marta back')
    const doneTask = await taskVia(owner.browser, clientId, 'Send Marta the brochure')
    await getDb().update(tasks).set({ doneAt: new Date() }).where(eq(tasks.id, doneTask))

    const page = await text(await owner.browser.get(`/client/${clientId}`))
    expect(page).toContain('Assignment and sharing')
    expect(page).toContain('<label for="record-assigned-to"')

    const assigned = await owner.browser.post(`/client/${clientId}`, { intent: 'assign', memberId: ana.id })
    expect(assigned.status).toBe(302)
    expect(assigned.headers.get('Location')).toBe(`/client/${clientId}`)
    expect(await ownerOf(clients, clientId)).toBe(ana.id)
    expect(await ownerOf(deals, openDeal)).toBe(ana.id)
    expect(await ownerOf(viewings, upcoming)).toBe(ana.id)
    expect(await ownerOf(tasks, openTask)).toBe(ana.id)
    expect(await ownerOf(deals, wonDeal)).toBe(owner.id)
    expect(await ownerOf(viewings, past)).toBe(owner.id)
    expect(await ownerOf(tasks, doneTask)).toBe(owner.id)

    // Ana has it under Mine, the default of an agent's list; the owner's page says who has it.
    const list = await text(await ana.browser.get('/clients'))
    expect(list).toContain('Marta Reassigned')
    const after = await text(await owner.browser.get(`/client/${clientId}`))
    expect(after).toContain('You assigned Marta Reassigned to Ana Silva')
    const anaPage = await text(await ana.browser.get(`/client/${clientId}`))
    expect(anaPage).toContain('Olga Owner assigned Marta Reassigned to Ana Silva')
    expect(anaPage).toContain('<span data-testid="assignee">Ana Silva</span>')
  })

  it('refuses a member of another agency next to the field, a foreign record with 404, an agent with 403', async () => {
    const clientId = await createClientVia(owner.browser, { fullName: 'Nuno Stays', email: '' })
    const foreignMember = await owner.browser.post(`/client/${clientId}`, { intent: 'assign', memberId: stranger.id })
    expect(foreignMember.status).toBe(400)
    expect(await text(foreignMember)).toContain("Choose one of the agency's members.")
    expect((await owner.browser.post(`/client/${clientId}`, { intent: 'assign', memberId: 'not-a-member' })).status).toBe(400)
    expect(await ownerOf(clients, clientId)).toBe(owner.id)
    expect((await stranger.browser.post(`/client/${clientId}`, { intent: 'assign', memberId: stranger.id })).status).toBe(404)
    const anaClient = await createClientVia(ana.browser, { fullName: 'Ana Keeps', email: '' })
    expect((await ana.browser.post(`/client/${anaClient}`, { intent: 'assign', memberId: bruno.id })).status).toBe(403)
    expect(await ownerOf(clients, anaClient)).toBe(ana.id)
    expect((await ana.browser.post(`/property/${loft}`, { intent: 'assign', memberId: bruno.id })).status).toBe(403)
  })

  it('hands a property with its photos on, and a deal, a viewing and a task one at a time', async () => {
    const [photo] = await getDb()
      .insert(propertyPhotos)
      .values({ ownerId: owner.id, propertyId: flat, position: 0, originalKey: `test/${flat}/p.jpg`, variantKeys: {}, width: 10, height: 10, bytes: 1 })
      .returning({ id: propertyPhotos.id })
    expect((await admin.browser.post(`/property/${flat}`, { intent: 'assign', memberId: bruno.id })).status).toBe(302)
    expect(await ownerOf(properties, flat)).toBe(bruno.id)
    const [moved] = await getDb().select({ ownerId: propertyPhotos.ownerId }).from(propertyPhotos).where(eq(propertyPhotos.id, photo!.id))
    expect(moved?.ownerId).toBe(bruno.id)

    const clientId = await createClientVia(owner.browser, { fullName: 'Olivia One-by-one', email: '' })
    const dealId = await dealVia(owner.browser, clientId, 'Olivia deal')
    const viewingId = await viewingVia(owner.browser, clientId, villa, '2031-03-01')
    const taskId = await taskVia(owner.browser, clientId, 'Olivia paperwork')
    expect((await owner.browser.post(`/deal/${dealId}`, { intent: 'assign', memberId: bruno.id })).status).toBe(302)
    expect((await owner.browser.post(`/viewing/${viewingId}`, { intent: 'assign', memberId: ana.id })).status).toBe(302)
    expect((await owner.browser.post(`/client/${clientId}`, { intent: 'assign-task', taskId, memberId: ana.id })).status).toBe(302)
    expect(await ownerOf(deals, dealId)).toBe(bruno.id)
    expect(await ownerOf(viewings, viewingId)).toBe(ana.id)
    expect(await ownerOf(tasks, taskId)).toBe(ana.id)
    expect(await ownerOf(clients, clientId)).toBe(owner.id)
    // Bruno sees the deal (his), Ana the viewing she shows, each without the client being theirs.
    expect((await bruno.browser.get(`/deal/${dealId}`)).status).toBe(200)
    expect((await ana.browser.get(`/viewing/${viewingId}`)).status).toBe(200)
    expect((await ana.browser.get(`/client/${clientId}`)).status).toBe(404)
  })
})

describe('reassigning many at once', () => {
  it('assigns the ticked properties from the bulk bar in one go', async () => {
    const one = await createPropertyVia(owner.browser, { title: 'Bulk one' })
    const two = await createPropertyVia(owner.browser, { title: 'Bulk two' })
    const bar = await text(await owner.browser.get('/properties'))
    expect(bar).toContain('value="bulk-assign"')
    const response = await owner.browser.post('/properties', { intent: 'bulk-assign', ids: one, memberId: ana.id } as Record<string, string>)
    expect(response.status).toBe(302)
    // A form posts each ticked box as its own `ids` field.
    const both = new URLSearchParams([['intent', 'bulk-assign'], ['ids', one], ['ids', two], ['memberId', bruno.id]])
    const bulk = await owner.browser.raw('/properties', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: both.toString() })
    expect(bulk.status).toBe(302)
    expect(await ownerOf(properties, one)).toBe(bruno.id)
    expect(await ownerOf(properties, two)).toBe(bruno.id)
    const flash = await text((await owner.browser.follow(bulk)).response)
    expect(flash).toContain('Assigned 2 properties to Bruno Costa.')

    const noMember = await owner.browser.raw('/properties', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams([['intent', 'bulk-assign'], ['ids', one], ['memberId', stranger.id]]).toString() })
    expect(noMember.status).toBe(400)
    expect(await text(noMember)).toContain("Choose one of the agency's members.")
    expect((await ana.browser.post('/properties', { intent: 'bulk-assign', ids: loft, memberId: bruno.id })).status).toBe(403)
    expect((await owner.browser.post('/properties', { intent: 'bulk-assign', ids: strangerProperty, memberId: ana.id })).status).toBe(404)
  })

  it('assigns ticked clients from /clients', async () => {
    const a = await createClientVia(owner.browser, { fullName: 'Bulk client Alma', email: '' })
    const b = await createClientVia(owner.browser, { fullName: 'Bulk client Bea', email: '' })
    const body = new URLSearchParams([['intent', 'bulk-assign'], ['ids', a], ['ids', b], ['memberId', bruno.id]]).toString()
    const response = await admin.browser.raw('/clients', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })
    expect(response.status).toBe(302)
    expect([await ownerOf(clients, a), await ownerOf(clients, b)]).toEqual([bruno.id, bruno.id])
  })

  it('is one transaction: one foreign id among them and none changes hands', async () => {
    const mine = await createPropertyVia(owner.browser, { title: 'All or none' })
    const scope = await ownerScopeOf(owner.email)
    const refused = await withScope(scope, () => assignRecords(scope, 'property', [mine, strangerProperty], ana.id))
    expect(refused).toEqual({ ok: false, reason: 'not_found' })
    expect(await ownerOf(properties, mine)).toBe(owner.id)
    const notMember = await withScope(scope, () => assignRecords(scope, 'property', [mine], stranger.id))
    expect(notMember).toEqual({ ok: false, reason: 'member' })
    const done = await withScope(scope, () => assignRecords(scope, 'property', [mine], ana.id))
    expect(done).toMatchObject({ ok: true, assigned: 1, unchanged: 0, memberName: 'Ana Silva' })
    expect(await ownerOf(properties, mine)).toBe(ana.id)
  })
})

describe('Mine and Agency', () => {
  let anaClient: string
  let brunoClient: string

  beforeAll(async () => {
    anaClient = await createClientVia(ana.browser, { fullName: 'Filter client of Ana', email: '' })
    brunoClient = await createClientVia(bruno.browser, { fullName: 'Filter client of Bruno', email: '' })
  })

  it("shows an agent their own clients by default, the agency's to an owner, one member's on request", async () => {
    const anaDefault = await text(await ana.browser.get('/clients'))
    expect(anaDefault).toContain('Filter client of Ana')
    expect(anaDefault).not.toContain('Filter client of Bruno')
    expect(anaDefault).toContain('<option value="mine" selected="">Mine</option>')
    const ownerDefault = await text(await owner.browser.get('/clients'))
    expect(ownerDefault).toContain('Filter client of Ana')
    expect(ownerDefault).toContain('Filter client of Bruno')
    expect(ownerDefault).toContain('Assigned to Bruno Costa')
    const onlyBruno = await text(await owner.browser.get(`/clients?assigned=${bruno.id}`))
    expect(onlyBruno).toContain('Filter client of Bruno')
    expect(onlyBruno).not.toContain('Filter client of Ana')
    const ownerMine = await text(await owner.browser.get('/clients?assigned=mine'))
    expect(ownerMine).not.toContain('Filter client of Ana')
    // An agent picks no colleague's list: a 400 with the message beside the field.
    const refused = await ana.browser.get(`/clients?assigned=${bruno.id}`)
    expect(refused.status).toBe(400)
    expect(await text(refused)).toContain('Choose Mine or Agency.')
    expect((await owner.browser.get('/clients?assigned=nobody')).status).toBe(400)
    expect((await owner.browser.get(`/clients?assigned=${stranger.id}`)).status).toBe(400)
    // The list's downloads take the same choice; ticked rows are exported whatever it says.
    const ownerCsv = await (await owner.browser.get(`/clients/export.csv?assigned=${bruno.id}`)).text()
    expect(ownerCsv).toContain('Filter client of Bruno')
    expect(ownerCsv).not.toContain('Filter client of Ana')
    const anaCsv = await (await ana.browser.get('/clients/export.csv')).text()
    expect(anaCsv).toContain('Filter client of Ana')
    expect(anaCsv).not.toContain('Filter client of Bruno')
    expect((await ana.browser.get(`/clients/export.csv?assigned=${bruno.id}`)).status).toBe(400)
    expect(await (await owner.browser.get(`/clients/export.csv?assigned=mine&ids=${brunoClient}`)).text()).toContain('Filter client of Bruno')
    expect(anaClient).toBeTruthy()
  })

  it("shows the agency's stock on /properties by default, Mine on request; deals and the agenda follow the role", async () => {
    const stock = await text(await ana.browser.get('/properties'))
    expect(stock).toContain('Assignment villa')
    expect(stock).toContain('Assignment loft')
    const mine = await text(await ana.browser.get('/properties?assigned=mine'))
    expect(mine).toContain('Assignment loft')
    expect(mine).not.toContain('Assignment villa')
    const dealOfBruno = await dealVia(bruno.browser, brunoClient, 'Filter deal of Bruno')
    expect(await text(await owner.browser.get('/deals'))).toContain('Filter deal of Bruno')
    expect(await text(await owner.browser.get('/deals?assigned=mine'))).not.toContain('Filter deal of Bruno')
    expect(await text(await bruno.browser.get('/deals'))).toContain('Filter deal of Bruno')
    expect(await text(await ana.browser.get('/deals?assigned=agency'))).not.toContain('Filter deal of Bruno')
    await taskVia(bruno.browser, brunoClient, 'Filter task of Bruno')
    expect(await text(await bruno.browser.get('/agenda'))).toContain('Filter task of Bruno')
    expect(await text(await owner.browser.get('/agenda'))).toContain('Filter task of Bruno')
    expect(await text(await owner.browser.get(`/agenda?assigned=${ana.id}`))).not.toContain('Filter task of Bruno')
    expect(dealOfBruno).toBeTruthy()
  })

  it('reads a member\'s list from the per-member index (EXPLAIN)', async () => {
    const scope = await ownerScopeOf(owner.email)
    const plans = await withScope(scope, () =>
      getDb().transaction(async (tx) => {
        // Only whether an index can serve it: the test tables are too small for costs to say.
        await tx.execute(sql`set local enable_seqscan = off`)
        const plan = async (query: ReturnType<typeof sql>) => (await queryRows<{ 'QUERY PLAN': string }>(sql`explain ${query}`, tx)).map((row) => row['QUERY PLAN']).join('\n')
        return {
          clients: await plan(sql`select id from clients where agency_id = ${scope.agencyId} and owner_id = ${ana.id} and deleted_at is null order by updated_at desc, id desc limit 25`),
          properties: await plan(sql`select id from properties where agency_id = ${scope.agencyId} and owner_id = ${ana.id} and deleted_at is null order by created_at desc, id desc limit 24`),
          deals: await plan(sql`select id from deals where agency_id = ${scope.agencyId} and owner_id = ${ana.id}`),
          tasks: await plan(sql`select id from tasks where agency_id = ${scope.agencyId} and owner_id = ${ana.id} and done_at is null and due_at < now()`),
        }
      }),
    )
    for (const [table, plan] of Object.entries(plans)) {
      expect(plan, table).toMatch(/Index/)
      expect(plan, table).not.toMatch(new RegExp(`Seq Scan on ${table}`))
    }
  })
})

describe('sharing with a named colleague', () => {
  let shared: string
  let unshared: string
  let sharedDeal: string

  beforeAll(async () => {
    shared = await createClientVia(ana.browser, { fullName: 'Shared client Clara', email: '' })
    unshared = await createClientVia(ana.browser, { fullName: 'Unshared client Ursula', email: '' })
    sharedDeal = await dealVia(ana.browser, shared, 'Clara deal')
  })

  it('lets the colleague see the shared client and what hangs on it, not an unshared one', async () => {
    expect((await bruno.browser.get(`/client/${shared}`)).status).toBe(404)
    const sharing = await ana.browser.post(`/client/${shared}`, { intent: 'share-colleague', memberId: bruno.id })
    expect(sharing.status).toBe(302)
    const page = await text(await bruno.browser.get(`/client/${shared}`))
    expect(page).toContain('Shared client Clara')
    expect(page).toContain('Shared with Bruno Costa')
    expect((await bruno.browser.get(`/deal/${sharedDeal}`)).status).toBe(200)
    expect((await bruno.browser.get(`/client/${shared}/listing`)).status).toBe(200)
    expect((await bruno.browser.get(`/client/${unshared}`)).status).toBe(404)
    // Under Agency (all he sees), not under Mine.
    expect(await text(await bruno.browser.get('/clients?assigned=agency'))).toContain('Shared client Clara')
    expect(await text(await bruno.browser.get('/clients'))).not.toContain('Shared client Clara')
  })

  it('lets the colleague work on it, not delete, reassign or share it on', async () => {
    expect((await bruno.browser.post('/comments', { intent: 'add', subject: 'client', id: shared, body: 'Clara prefers mornings', redirectTo: `/client/${shared}` })).status).toBe(302)
    expect((await bruno.browser.post(`/client/${shared}`, { intent: 'stage', stage: 'contacted' })).status).toBe(302)
    const [row] = await getDb().select({ stage: clients.stage }).from(clients).where(eq(clients.id, shared))
    expect(row?.stage).toBe('contacted')
    expect((await bruno.browser.post(`/client/${shared}`, { intent: 'delete', confirm: 'yes' })).status).toBe(403)
    expect((await bruno.browser.post(`/client/${shared}`, { intent: 'assign', memberId: bruno.id })).status).toBe(403)
    expect((await bruno.browser.post(`/client/${shared}`, { intent: 'unshare-colleague', memberId: bruno.id })).status).toBe(403)
    expect(await ownerOf(clients, shared)).toBe(ana.id)
    // Ana reads his note, named, and the line of who did what.
    const anaPage = await text(await ana.browser.get(`/client/${shared}`))
    expect(anaPage).toContain('Clara prefers mornings')
    expect(anaPage).toContain('Bruno Costa · ')
    expect(anaPage).toContain('Bruno Costa added a note on Shared client Clara')
    expect(anaPage).toContain('Bruno Costa: Shared client Clara: New → Contacted')
  })

  it('refuses the assignee, an admin (who sees all) and a stranger next to the field', async () => {
    const self = await ana.browser.post(`/client/${shared}`, { intent: 'share-colleague', memberId: ana.id })
    expect(self.status).toBe(400)
    expect(await text(self)).toContain('Ana Silva is assigned to it already.')
    const toAdmin = await ana.browser.post(`/client/${shared}`, { intent: 'share-colleague', memberId: admin.id })
    expect(toAdmin.status).toBe(400)
    expect(await text(toAdmin)).toContain('Adam Admin sees every record already')
    const foreign = await ana.browser.post(`/client/${shared}`, { intent: 'share-colleague', memberId: stranger.id })
    expect(foreign.status).toBe(400)
    expect(await text(foreign)).toContain("Choose one of the agency's members.")
    expect((await stranger.browser.post(`/client/${shared}`, { intent: 'share-colleague', memberId: stranger.id })).status).toBe(404)
  })

  it('hides it again when the share is removed', async () => {
    const stopped = await ana.browser.post(`/client/${shared}`, { intent: 'unshare-colleague', memberId: bruno.id })
    expect(stopped.status).toBe(302)
    expect((await bruno.browser.get(`/client/${shared}`)).status).toBe(404)
    expect((await bruno.browser.get(`/deal/${sharedDeal}`)).status).toBe(404)
    expect(await text(await bruno.browser.get('/clients?assigned=agency'))).not.toContain('Shared client Clara')
  })

  it('shares a deal and a task on their own; removing the member removes their shares', async () => {
    const dealId = await dealVia(ana.browser, unshared, 'Ursula deal')
    expect((await ana.browser.post(`/deal/${dealId}`, { intent: 'share-colleague', memberId: bruno.id })).status).toBe(302)
    expect((await bruno.browser.get(`/deal/${dealId}`)).status).toBe(200)
    const taskId = await taskVia(ana.browser, unshared, 'Ursula keys')
    expect((await ana.browser.post(`/client/${unshared}`, { intent: 'share-task', taskId, memberId: bruno.id })).status).toBe(302)
    expect(await text(await bruno.browser.get('/agenda?assigned=agency'))).toContain('Ursula keys')
    const before = await getDb().select().from(colleagueShares).where(eq(colleagueShares.memberId, bruno.id))
    expect(before.length).toBeGreaterThanOrEqual(2)
    const removed = await owner.browser.post('/agency', { intent: 'remove', userId: bruno.id, successorId: ana.id })
    expect(removed.status).toBe(302)
    const after = await getDb().select().from(colleagueShares).where(eq(colleagueShares.memberId, bruno.id))
    expect(after).toEqual([])
  })
})

describe('who did what', () => {
  it("names the member who acted on the owner's home feed, and says You for one's own lines", async () => {
    await createClientVia(ana.browser, { fullName: 'Named client Nadia', email: '' })
    const home = await text(await owner.browser.get('/home'))
    expect(home).toContain('Ana Silva added client Named client Nadia')
    const [line] = await getDb().select({ actorId: activities.actorId }).from(activities).where(eq(activities.summary, 'Added client Named client Nadia'))
    expect(line?.actorId).toBe(ana.id)
    const anaHome = await text(await ana.browser.get('/home'))
    expect(anaHome).toContain('You added client Named client Nadia')
  })
})
