import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { getDb } from '#db/client.server.ts'
import { agencies, calendarFeeds, clientAlerts, dataExports, portalFeeds, propertyDocuments, propertyPhotos, shares, tasks, viewings } from '#db/schema.ts'
import { inviteMember } from '#app/modules/agencies/invitations.server.ts'
import { runDataExportJob } from '#app/modules/exports/data-exports.server.ts'
import { receiveMail } from '#app/modules/leads/receive-mail.server.ts'
import { signedInBroker, type TestBrowser } from './app.ts'
import { createClientVia } from './clients.ts'
import { findUser, ownerScopeOf, setSubscription } from './db.ts'
import { dayAhead, makeRunning, startOpenHouseVia } from './open-houses.ts'
import { createPropertyVia } from './properties.ts'

/*
 * One agency with every kind of record, and the people the role matrix asks as
 * (tests/integration/role-matrix.test.ts): its owner, an admin, the agent whose records they
 * are, a colleague agent, a member removed from it (their records went to the agent), a person
 * invited who has not accepted yet, and the owner of another agency. Everything is made through
 * the app's own forms, as each of them; ids are read back from the database.
 */

export const ACTORS = ['owner', 'admin', 'agent', 'colleague', 'removed', 'invitee', 'outsider'] as const
export type Actor = (typeof ACTORS)[number]

export type Person = { browser: TestBrowser; email: string; userId: string; fullName: string }

const FULL_NAMES: Record<Actor, string> = {
  owner: 'Olga Owner',
  admin: 'Adam Admin',
  agent: 'Ana Agent',
  colleague: 'Carl Colleague',
  removed: 'Rui Removed',
  invitee: 'Ines Invitee',
  outsider: 'Xavier Outsider',
}

export function idFrom(response: Response, pattern: RegExp, what: string) {
  const id = pattern.exec(response.headers.get('Location') ?? '')?.[1]
  if (response.status !== 302 || !id) throw new Error(`${what} failed: ${response.status}`)
  return id
}

function expect200(response: Response, what: string) {
  if (response.status !== 200) throw new Error(`${what} failed: ${response.status}`)
}

async function expectRedirect(response: Promise<Response>, what: string) {
  const answer = await response
  if (answer.status !== 302 && answer.status !== 303) throw new Error(`${what} failed: ${answer.status} ${(await answer.text()).slice(0, 300)}`)
  return answer
}

let jpeg: Buffer | null = null
export async function photoUpload(intent = 'upload-photos') {
  jpeg ??= await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer()
  const form = new FormData()
  form.set('intent', intent)
  form.append(intent === 'upload-avatar' ? 'avatar' : 'photos', new File([new Uint8Array(jpeg)], 'room.jpg', { type: 'image/jpeg' }))
  return form
}

export function documentUpload(title: string) {
  const form = new FormData()
  form.set('intent', 'upload-document')
  form.set('title', title)
  form.set('document', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'plan.pdf', { type: 'application/pdf' }))
  return form
}

/** An agency logo as the /agency form uploads it. */
export async function logoUpload() {
  const form = await photoUpload('upload-logo')
  const file = form.get('photos')
  form.delete('photos')
  form.set('logo', file!)
  return form
}

export function importUpload(title: string) {
  const form = new FormData()
  form.set('file', new File([`title,type,purpose\n${title},apartment,sale\n`], 'listings.csv', { type: 'text/csv' }))
  return form
}

/** The newest photo of a property. */
export async function newestPhoto(propertyId: string) {
  const [photo] = await getDb().select({ id: propertyPhotos.id }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId)).orderBy(desc(propertyPhotos.createdAt)).limit(1)
  if (!photo) throw new Error('no photo')
  return photo.id
}

export async function newestDocument(propertyId: string) {
  const [document] = await getDb().select({ id: propertyDocuments.id }).from(propertyDocuments).where(eq(propertyDocuments.propertyId, propertyId)).orderBy(desc(propertyDocuments.createdAt)).limit(1)
  if (!document) throw new Error('no document')
  return document.id
}

export async function taskTitled(title: string) {
  const [task] = await getDb().select({ id: tasks.id }).from(tasks).where(eq(tasks.title, title))
  if (!task) throw new Error(`no task ${title}`)
  return task.id
}

export async function viewingWithNotes(notes: string) {
  const [viewing] = await getDb().select({ id: viewings.id, feedbackToken: viewings.feedbackToken }).from(viewings).where(eq(viewings.notes, notes))
  if (!viewing) throw new Error(`no viewing ${notes}`)
  return viewing
}

export async function newestShare(target: { propertyId: string } | { clientId: string }) {
  const where = 'propertyId' in target ? eq(shares.propertyId, target.propertyId) : and(eq(shares.clientId, target.clientId), eq(shares.kind, 'client_listing'))
  const [share] = await getDb().select({ id: shares.id }).from(shares).where(where).orderBy(desc(shares.createdAt)).limit(1)
  if (!share) throw new Error('no share')
  return share.id
}

/** A one-time invitation to the agency, made by its owner; the link's token and the invitation. */
export async function inviteTo(ownerEmail: string, email: string, role: 'admin' | 'agent') {
  const invited = await inviteMember(await ownerScopeOf(ownerEmail), { email, role })
  if (!invited.ok) throw new Error(`invite failed: ${invited.reason}`)
  return invited
}

/** A new account that accepts an invitation of `ownerEmail`'s agency: a member with that role. */
export async function joinAgency(ownerEmail: string, role: 'admin' | 'agent', fullName: string, person?: Omit<Person, 'userId'>): Promise<Person> {
  const { browser, email } = person ?? (await signedInBroker(fullName))
  const { token } = await inviteTo(ownerEmail, email, role)
  await expectRedirect(browser.post(`/invite/${token}`, {}), `accepting for ${email}`)
  return { browser, email, fullName, userId: (await findUser(email)).id }
}

async function person(actor: Actor): Promise<Omit<Person, 'userId'>> {
  const { browser, email } = await signedInBroker(FULL_NAMES[actor])
  return { browser, email, fullName: FULL_NAMES[actor] }
}

export type RoleWorld = Awaited<ReturnType<typeof createRoleWorld>>

export async function createRoleWorld() {
  const tag = randomBytes(4).toString('hex')
  /** A text only one record carries, so a page that shows it shows that record. */
  const mark = (name: string) => `Mx${tag}${name}Z`

  const signedUp = await Promise.all(ACTORS.map((actor) => person(actor)))
  const bare = Object.fromEntries(ACTORS.map((actor, i) => [actor, signedUp[i]!])) as Record<Actor, Omit<Person, 'userId'>>
  const ownerEmail = bare.owner.email
  await setSubscription(ownerEmail, { plan: 'professional' })
  const { agencyId } = await ownerScopeOf(ownerEmail)
  // Room for the members the matrix adds and removes on the way (invitations, leavers).
  await getDb().update(agencies).set({ extraSeats: 30 }).where(eq(agencies.id, agencyId))
  await expectRedirect(bare.owner.browser.post('/agency', { intent: 'identity', name: `Matrix ${tag}` }), 'agency name')

  const people = {} as Record<Actor, Person>
  people.owner = { ...bare.owner, userId: (await findUser(ownerEmail)).id }
  for (const actor of ['admin', 'agent', 'colleague', 'removed'] as const) {
    people[actor] = await joinAgency(ownerEmail, actor === 'admin' ? 'admin' : 'agent', FULL_NAMES[actor], bare[actor])
  }
  for (const actor of ['invitee', 'outsider'] as const) people[actor] = { ...bare[actor], userId: (await findUser(bare[actor].email)).id }
  const invitation = await inviteTo(ownerEmail, people.invitee.email, 'agent')
  const as = (actor: Actor) => people[actor].browser

  // The member who is removed: their listing and client go to the agent.
  const formerProperty = await createPropertyVia(as('removed'), { title: mark('Pr') })
  const formerClient = await createClientVia(as('removed'), { fullName: mark('Cr'), email: `cr-${tag}@example.com` })
  await expectRedirect(as('owner').post('/agency', { intent: 'remove', userId: people.removed.userId, successorId: people.agent.userId }), 'removal')

  // Everyone has a client of their own (the removed member in the agency they fell back to).
  const ownClient = {} as Record<Actor, string>
  for (const actor of ACTORS) ownClient[actor] = await createClientVia(as(actor), { fullName: mark(`Own${actor}`), email: `own-${actor}-${tag}@example.com` })

  // The agent's records.
  const agent = as('agent')
  const pg = await createPropertyVia(agent, { title: mark('Pg') })
  const ps = await createPropertyVia(agent, { title: mark('Ps') })
  await expectRedirect(agent.postMultipart(`/property/${pg}/media?upload=photos`, await photoUpload()), 'photo')
  const photo = await newestPhoto(pg)
  await expectRedirect(agent.post(`/property/${pg}/media`, { intent: 'caption', photoId: photo, caption: mark('Ph') }), 'caption')
  await expectRedirect(agent.postMultipart(`/property/${pg}/media?upload=document`, documentUpload(mark('Dc'))), 'document')
  const document = await newestDocument(pg)
  // A third file: the agency's data export is then a background job (EXPORT_INLINE_MAX_FILES=2).
  await expectRedirect(agent.postMultipart(`/property/${ps}/media?upload=photos`, await photoUpload()), 'second photo')

  // An open house of the agent's listing, running through the matrix (docs/decisions/038); of
  // the listing that has a share link already (an open house makes one: Pg's photo stays private).
  const openHouse = await startOpenHouseVia(agent, ps, { date: dayAhead(10), startTime: '10:00', endTime: '12:00' })
  await makeRunning(openHouse.id, 24 * 60)

  const cg = ownClient.agent
  await expectRedirect(agent.post(`/client/${cg}/edit-listing`, { intent: 'add', propertyId: ps }), 'shortlist')
  await expectRedirect(agent.post(`/client/${cg}/edit-listing`, { intent: 'note', propertyId: ps, note: mark('Ln') }), 'shortlist note')
  const dg = idFrom(
    await agent.post('/deals', { intent: 'create', clientId: cg, title: mark('Dg'), value: '250000', currency: 'EUR', redirectTo: '' }),
    /^\/deal\/([0-9a-f-]{36})$/,
    'deal',
  )
  const viewingForm = (date: string, notes: string) => ({ intent: 'schedule-viewing', clientId: cg, date, time: '10:30', durationMinutes: '45', place: '', notes })
  await expectRedirect(agent.post(`/property/${pg}`, viewingForm('2030-03-14', mark('Vg'))), 'viewing')
  await expectRedirect(agent.post(`/property/${pg}`, viewingForm('2024-03-14', mark('Vd'))), 'past viewing')
  const vg = (await viewingWithNotes(mark('Vg'))).id
  const done = (await viewingWithNotes(mark('Vd'))).id
  await expectRedirect(agent.post(`/viewing/${done}`, { intent: 'status', status: 'done' }), 'viewing done')
  const feedbackToken = (await viewingWithNotes(mark('Vd'))).feedbackToken
  if (!feedbackToken) throw new Error('no feedback token')
  await expectRedirect(agent.post(`/property/${pg}`, { intent: 'add-task', title: mark('Tg'), dueDate: '2030-06-02', dueTime: '09:00' }), 'task')
  const tg = await taskTitled(mark('Tg'))
  for (const [subject, id, body] of [['property', pg, 'Np'], ['client', cg, 'Nc'], ['deal', dg, 'Nd']] as const) {
    await expectRedirect(agent.post('/comments', { intent: 'add', subject, id, body: mark(body), redirectTo: '' }), `${subject} note`)
  }
  await expectRedirect(agent.post('/shares', { intent: 'create', kind: 'property', targetId: ps, expiresInDays: '', redirectTo: '/home' }), 'property share')
  const propertyShare = await newestShare({ propertyId: ps })
  await expectRedirect(agent.post('/shares', { intent: 'create', kind: 'client_listing', targetId: cg, expiresInDays: '', redirectTo: '/home' }), 'shortlist share')
  const listingShare = await newestShare({ clientId: cg })
  await expectRedirect(agent.post(`/client/${cg}`, { intent: 'alerts-on', consent: 'yes' }), 'alerts')
  const [alert] = await getDb().select({ shareId: clientAlerts.shareId, unsubscribeToken: clientAlerts.unsubscribeToken }).from(clientAlerts).where(eq(clientAlerts.clientId, cg))
  if (!alert) throw new Error('no alert')
  const importId = idFrom(await agent.postMultipart('/properties/import', importUpload(mark('Im'))), /^\/imports\/([0-9a-f-]{36})$/, 'import')
  // An admin's export holds the agency (its three files: a background job); an agent's holds
  // their own data and no files, so it downloads at once.
  await expectRedirect(as('admin').post('/profile/export', {}), 'export')
  const [exportRow] = await getDb().select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.ownerId, people.admin.userId))
  if (!exportRow) throw new Error('the export was not queued')
  await runDataExportJob({ exportId: exportRow.id })
  for (const feed of ['portal-feed', 'calendar-feed']) await expectRedirect(agent.post(`/profile/${feed}`, { intent: 'create' }), feed)
  const [portal] = await getDb().select({ token: portalFeeds.token }).from(portalFeeds).where(eq(portalFeeds.ownerId, people.agent.userId))
  const [calendar] = await getDb().select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.ownerId, people.agent.userId))
  if (!portal || !calendar) throw new Error('no feeds')
  const trashedClient = await createClientVia(agent, { fullName: mark('Tc') })
  await expectRedirect(agent.post(`/client/${trashedClient}`, { intent: 'delete', confirm: 'yes' }), 'client to the trash')
  const trashedProperty = await createPropertyVia(agent, { title: mark('Tp') })
  await expectRedirect(agent.post(`/property/${trashedProperty}`, { intent: 'delete', confirm: 'yes' }), 'property to the trash')
  await expectRedirect(agent.postMultipart(`/property/${ps}/media?upload=photos`, await photoUpload()), 'photo to trash')
  const trashedPhoto = await newestPhoto(ps)
  await expectRedirect(agent.post(`/property/${ps}/media`, { intent: 'delete-photo', photoId: trashedPhoto }), 'photo to the trash')
  await expectRedirect(agent.postMultipart(`/property/${ps}/media?upload=document`, documentUpload('Matrix old plan')), 'document to trash')
  const trashedDocument = await newestDocument(ps)
  await expectRedirect(agent.post(`/property/${ps}/media`, { intent: 'delete-document', documentId: trashedDocument }), 'document to the trash')

  // A lead that came in by mail to the agency, no one's yet: the agency's inbox, every member's.
  expect200(await as('owner').get('/leads'), 'the leads inbox')
  const mail = [`From: ${mark('Ld')} <lead-${tag}@example.com>`, 'To: leads@example.com', `Subject: Viewing request ${tag}`, '', `Name: ${mark('Ld')}`, 'Message: I would like to see the flat.', ''].join('\r\n')
  const received = await receiveMail(Buffer.from(mail), [agencyId])
  const lead = received.outcomes[0]
  if (lead?.status !== 'created') throw new Error('no lead')

  // The colleague's and the owner's listings (the owner's is public: every broker may open it),
  // and the other agency's.
  const pc = await createPropertyVia(as('colleague'), { title: mark('Pc') })
  const po = await createPropertyVia(as('owner'), { title: mark('Po'), visibility: 'public', status: 'active' })
  const px = await createPropertyVia(as('outsider'), { title: mark('Px') })

  return {
    tag,
    mark,
    agencyId,
    people,
    invitation: { token: invitation.token, id: invitation.invitationId },
    ownClient,
    ids: {
      pg,
      ps,
      pc,
      po,
      px,
      formerProperty,
      formerClient,
      photo,
      document,
      cg,
      dg,
      vg,
      tg,
      feedbackToken,
      propertyShare,
      listingShare,
      alertShare: alert.shareId,
      unsubscribeToken: alert.unsubscribeToken,
      importId,
      exportId: exportRow.id,
      portalToken: portal.token,
      calendarToken: calendar.token,
      trashedClient,
      trashedProperty,
      trashedPhoto,
      trashedDocument,
      lead: lead.leadId,
      openHouse: openHouse.id,
      openHouseToken: openHouse.token,
    },
  }
}

/**
 * Who may see which marked text, by the rules of docs/decisions/034: the agency's listings (their
 * photos, documents and notes) and a lead no one has taken yet are every member's; the agent's clients, deals, viewings, tasks,
 * notes and trash are the agent's and the owner's and admins'; an import waiting for
 * confirmation is its uploader's alone; each person's own client is theirs (and their agency's
 * owner's and admins'). The owner's public listing is anyone's.
 */
export function forbiddenMarks(w: RoleWorld): Record<Actor, string[]> {
  const stock = ['Pg', 'Ps', 'Pc', 'Pr', 'Ph', 'Dc', 'Ld', 'Np']
  const agents = ['Cr', 'Dg', 'Vg', 'Vd', 'Tg', 'Nc', 'Nd', 'Ln', 'Tc', 'Tp', 'Ownagent']
  const outside = ['Ownremoved', 'Owninvitee', 'Ownoutsider', 'Px', 'Im']
  const agencyPrivate = ['Ownowner', 'Ownadmin', 'Owncolleague']
  const marks = (names: string[]) => names.map(w.mark)
  const except = (names: string[], allowed: string[]) => names.filter((name) => !allowed.includes(name))
  const member = [...outside]
  return {
    owner: marks(member),
    admin: marks(member),
    agent: marks(except([...member, ...agencyPrivate], ['Im'])),
    colleague: marks(except([...member, ...agencyPrivate, ...agents], ['Owncolleague'])),
    removed: marks(except([...stock, ...agents, ...agencyPrivate, ...outside], ['Ownremoved'])),
    invitee: marks(except([...stock, ...agents, ...agencyPrivate, ...outside], ['Owninvitee'])),
    outsider: marks(except([...stock, ...agents, ...agencyPrivate, ...outside], ['Ownoutsider', 'Px'])),
  }
}
