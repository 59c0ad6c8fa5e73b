import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { leadReplyTemplates } from '#db/schema.ts'
import { receiveMail } from '#app/modules/leads/receive-mail.server.ts'
import { GOOD_PASSWORD, signedInBroker, uniqueEmail } from './app.ts'
import { createClientVia } from './clients.ts'
import { setSubscription } from './db.ts'
import { dayAhead, startOpenHouseVia } from './open-houses.ts'
import { createPropertyVia, propertyForm } from './properties.ts'
import {
  ACTORS,
  documentUpload,
  idFrom,
  importUpload,
  inviteTo,
  joinAgency,
  logoUpload,
  newestDocument,
  newestPhoto,
  newestShare,
  photoUpload,
  taskTitled,
  viewingWithNotes,
  type Actor,
  type Person,
  type RoleWorld,
} from './role-world.ts'

/*
 * The role matrix's rows: every route of app/routes.ts by GET, and every form it takes by POST
 * (each intent), with the status each person gets (tests/integration/role-matrix.test.ts runs
 * them; a route or a form without a row fails it). The rules (docs/decisions/034):
 * - the agency's listings, with their photos and documents, are every member's to see, and their
 *   assigned agent's and the owner's and admins' to change: a colleague gets 403 for a change;
 * - clients, shortlists, deals, viewings, tasks and notes about them are the assigned agent's and
 *   the owner's and admins': anyone else gets 404, as for an unknown id;
 * - the agency's settings: every member reads them; the owner and admins change them (an agent:
 *   403); the audit log is the owner's and admins' (an agent: 403); billing is the owner's;
 * - people outside the agency (removed, only invited, another agency) find none of it (404);
 *   pages about "my own" things (the profile, lists, the agency page) show them their own.
 */

/** The world's ids, and `target`: the fresh record a permitted change uses up. */
export type Ids = RoleWorld['ids'] & { target?: string }
export type Ctx = { w: RoleWorld; actor: Actor; ids: Ids; me: Person }
export type Expect = Record<Actor, number>

export type Row = {
  /** What kind of object the row is about (the report counts by it). */
  object: string
  /** The route id in the build's manifest. */
  route: string
  method: 'GET' | 'POST'
  /** The form's intent ('' for a form without one). */
  intent?: string
  path: (c: Ctx) => string
  form?: (c: Ctx) => Record<string, string> | FormData | Promise<FormData>
  expect: Expect
  /** A page anyone holding its link may open (a share, a feed): it shows what the link shares. */
  byLink?: true
  /** Makes what a permitted actor changes fresh first (a record to delete, a member to remove). */
  fresh?: (c: Ctx) => Promise<{ target?: string; me?: Person }>
  /** Ends the session or the invitation the other rows use: after every other row. */
  last?: true
  /** Marked texts the page must show to these actors (the matrix also sees, not only refuses). */
  shows?: Partial<Record<Actor, string[]>>
}

const by = (base: number, overrides: Partial<Expect> = {}): Expect =>
  Object.fromEntries(ACTORS.map((actor) => [actor, overrides[actor] ?? base])) as Expect
/** Role makes no difference: everyone gets this (their own page, a public page, a bad link). */
const all = (status: number) => by(status)
/** The agency's stock: every member. */
const stock = (ok: number) => by(404, { owner: ok, admin: ok, agent: ok, colleague: ok })
/** A change to the stock: its assigned agent, the owner and admins; a colleague sees it (403). */
const change = (ok: number) => by(404, { owner: ok, admin: ok, agent: ok, colleague: 403 })
/** The agent's record: the agent, the owner and admins. */
const assigned = (ok: number) => by(404, { owner: ok, admin: ok, agent: ok })
/** The agent's own draft or download: the agent alone. */
const mine = (ok: number) => by(404, { agent: ok })
/**
 * The agency's management, each on their own agency: the owner and admins (agents 403); the
 * people outside are owners of agencies of their own, answered `outside`.
 */
const managers = (ok: number, outside = ok) => ({ owner: ok, admin: ok, agent: 403, colleague: 403, removed: outside, invitee: outside, outsider: outside })
const ownerOnly = (ok: number, outside = ok) => ({ owner: ok, admin: 403, agent: 403, colleague: 403, removed: outside, invitee: outside, outsider: outside })

const TRASHED = { client: 'trashedClient', property: 'trashedProperty', photo: 'trashedPhoto', document: 'trashedDocument' } as const
const INFO_PAGES = ['support', 'terms', 'privacy', 'data-policy', 'disclaimer', 'refund-policy', 'cookie-policy', 'contact', 'shipping-policy', 'about', 'help']
const UNKNOWN_TOKEN = 'A'.repeat(43)
/** A complete enquiry, as the forms of share pages and websites post it. */
const ENQUIRY = { name: 'Matrix Visitor', email: 'visitor@example.com', phone: '', message: 'Is it still available?', viewingTimes: '', consent: 'yes', website: '' }
const WRONG_PASSWORD = 'not-the-password-at-all'

const agentOf = (c: Ctx) => c.w.people.agent.browser
/** Fresh records of the agent's, made through the app as the agent. */
const freshProperty = async (c: Ctx) => ({ target: await createPropertyVia(agentOf(c), { title: 'Matrix spare listing' }) })
const freshClient = async (c: Ctx) => ({ target: await createClientVia(agentOf(c), { fullName: 'Matrix spare client' }) })
async function freshPhoto(c: Ctx) {
  await agentOf(c).postMultipart(`/property/${c.ids.pg}/media?upload=photos`, await photoUpload())
  return { target: await newestPhoto(c.ids.pg) }
}
async function freshDocument(c: Ctx) {
  await agentOf(c).postMultipart(`/property/${c.ids.pg}/media?upload=document`, documentUpload('Matrix spare document'))
  return { target: await newestDocument(c.ids.pg) }
}
async function freshTask(c: Ctx) {
  const title = `Matrix task ${uniqueEmail('t')}`
  await agentOf(c).post(`/property/${c.ids.pg}`, { intent: 'add-task', title, dueDate: '2030-07-01', dueTime: '09:00' })
  return { target: await taskTitled(title) }
}
async function freshViewing(c: Ctx) {
  const notes = `Matrix viewing ${uniqueEmail('v')}`
  await agentOf(c).post(`/property/${c.ids.pg}`, { intent: 'schedule-viewing', clientId: c.ids.cg, date: '2030-05-02', time: '11:00', durationMinutes: '30', place: '', notes })
  return { target: (await viewingWithNotes(notes)).id }
}
async function freshShare(c: Ctx) {
  await agentOf(c).post('/shares', { intent: 'create', kind: 'property', targetId: c.ids.ps, expiresInDays: '', redirectTo: '/home' })
  return { target: await newestShare({ propertyId: c.ids.ps }) }
}
/** A planned open house of the agent's listing on a day of its own (open houses of a listing never overlap). */
let openHouseDay = 0
async function freshOpenHouse(c: Ctx) {
  openHouseDay += 1
  const date = dayAhead(200 + openHouseDay)
  return { target: (await startOpenHouseVia(agentOf(c), c.ids.ps, { date, startTime: '10:00', endTime: '11:00' })).id }
}
/** The start form, each permitted actor on a day of their own. */
const OPEN_HOUSE_START_DAY: Partial<Record<Actor, number>> = { owner: 301, admin: 302, agent: 303 }
async function freshShortlisted(c: Ctx) {
  const { target } = await freshProperty(c)
  await agentOf(c).post(`/client/${c.ids.cg}/edit-listing`, { intent: 'add', propertyId: target })
  return { target }
}
async function freshImport(c: Ctx) {
  return { target: idFrom(await agentOf(c).postMultipart('/properties/import', importUpload('Matrix imported flat')), /^\/imports\/([0-9a-f-]{36})$/, 'import') }
}
async function freshTrashed(c: Ctx, kind: 'client' | 'property' | 'photo' | 'document') {
  const agent = agentOf(c)
  if (kind === 'client') {
    const { target } = await freshClient(c)
    await agent.post(`/client/${target}`, { intent: 'delete', confirm: 'yes' })
    return { target }
  }
  if (kind === 'property') {
    const { target } = await freshProperty(c)
    await agent.post(`/property/${target}`, { intent: 'delete', confirm: 'yes' })
    return { target }
  }
  const { target } = kind === 'photo' ? await freshPhoto(c) : await freshDocument(c)
  await agent.post(`/property/${c.ids.pg}/media`, kind === 'photo' ? { intent: 'delete-photo', photoId: target } : { intent: 'delete-document', documentId: target })
  return { target }
}
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'
/** A new lead of the agency by mail, nobody's yet. */
async function freshLead(c: Ctx) {
  const tag = uniqueEmail('lead')
  const mail = [`From: Matrix Lead <${tag}>`, 'To: leads@example.com', `Subject: Matrix lead ${tag}`, '', 'Message: Is it still available?', ''].join('\r\n')
  const outcome = (await receiveMail(Buffer.from(mail), [c.w.agencyId])).outcomes[0]
  if (outcome?.status !== 'created') throw new Error('no fresh lead')
  return { target: outcome.leadId }
}
/** A reply template of the agency's own, made through the page by the owner. */
async function freshTemplate(c: Ctx) {
  const name = `Matrix spare template ${uniqueEmail('t')}`
  await c.w.people.owner.browser.post('/leads/templates', { intent: 'create', name, subject: 'Hello', body: 'Thank you.' })
  const [row] = await getDb().select({ id: leadReplyTemplates.id }).from(leadReplyTemplates).where(eq(leadReplyTemplates.name, name))
  if (!row) throw new Error('no fresh template')
  return { target: row.id }
}
/** A new member of the agency with the actor's role, who acts instead of them (leaving). */
async function freshMemberActing(c: Ctx) {
  const role = c.actor === 'admin' ? 'admin' : 'agent'
  return { me: await joinAgency(c.w.people.owner.email, role, `Matrix ${role}`) }
}
async function freshMember(c: Ctx) {
  return { target: (await joinAgency(c.w.people.owner.email, 'agent', 'Matrix leaver')).userId }
}
async function freshInvitation(c: Ctx) {
  return { target: (await inviteTo(c.w.people.owner.email, uniqueEmail('revoked'), 'agent')).invitationId }
}
/** Handing an agency on takes it from its owner: an agency of its own, with a member to take it. */
async function freshAgencyToHandOn() {
  const { browser, email } = await signedInBroker('Matrix owner')
  await setSubscription(email, { plan: 'professional' })
  const heir = await joinAgency(email, 'agent', 'Matrix heir')
  const me: Person = { browser, email, fullName: 'Matrix owner', userId: '' }
  return { me, target: heir.userId }
}

const viewingFields = { date: '2030-04-01', time: '12:00', durationMinutes: '30', place: '' }
const taskFields = { title: 'Matrix follow-up', dueDate: '2030-04-02', dueTime: '09:00' }

/** The agenda forms every property, client and deal page takes. */
function agendaRows(object: string, route: string, path: (c: Ctx) => string, allowed: (ok: number) => Expect, viewing: (c: Ctx) => Record<string, string>): Row[] {
  const post = (intent: string, expect: Expect, form: (c: Ctx) => Record<string, string>, fresh?: Row['fresh']): Row => ({ object, route, method: 'POST', intent, path, expect, form: (c) => ({ intent, ...form(c) }), fresh })
  return [
    post('schedule-viewing', allowed(302), (c) => ({ ...viewing(c), ...viewingFields, notes: 'Matrix viewing' })),
    post('add-task', allowed(302), () => taskFields),
    post('complete-task', assigned(302), (c) => ({ taskId: c.ids.tg })),
    post('reopen-task', assigned(302), (c) => ({ taskId: c.ids.tg })),
    post('delete-task', assigned(302), (c) => ({ taskId: c.ids.target ?? c.ids.tg }), freshTask),
  ]
}

export function matrixRows(): Row[] {
  const get = (object: string, route: string, path: (c: Ctx) => string, expect: Expect, more: Partial<Row> = {}): Row => ({ object, route, method: 'GET', path, expect, ...more })
  const post = (object: string, route: string, intent: string, path: (c: Ctx) => string, expect: Expect, form: (c: Ctx) => Record<string, string>, more: Partial<Row> = {}): Row => ({
    object,
    route,
    method: 'POST',
    intent,
    path,
    expect,
    form: (c) => (intent === '' ? form(c) : { intent, ...form(c) }),
    ...more,
  })
  const multipart = (object: string, route: string, intent: string, path: (c: Ctx) => string, expect: Expect, form: (c: Ctx) => FormData | Promise<FormData>): Row => ({ object, route, method: 'POST', intent, path, expect, form })

  const property = (c: Ctx) => `/property/${c.ids.pg}`
  const media = (c: Ctx) => `/property/${c.ids.pg}/media`
  const client = (c: Ctx) => `/client/${c.ids.cg}`
  const deal = (c: Ctx) => `/deal/${c.ids.dg}`
  const agency = () => '/agency'

  return [
    // Public pages, sign-in pages and links that work without a session: the same for everyone.
    get('public', 'routes/public/landing', () => '/', all(200)),
    get('public', 'routes/public/pricing', () => '/pricing', all(200)),
    post('billing', 'routes/public/pricing', '', () => '/pricing', ownerOnly(302), () => ({ plan: 'professional' })),
    get('billing', 'routes/public/checkout-return', () => '/pricing/checkout-return?session_id=cs_test_unknown', all(302)),
    ...INFO_PAGES.map((page) => get('public', `routes/public/${page}`, () => `/${page}`, all(200))),
    get('public', 'routes/public/not-found', () => '/no-such-page', all(404)),
    post('public', 'routes/public/not-found', '', () => '/no-such-page', all(404), () => ({ name: 'value' })),
    get('public', 'routes/resources/healthz', () => '/healthz', all(200)),
    get('public', 'routes/resources/theme', () => '/theme', all(302)),
    post('public', 'routes/resources/theme', '', () => '/theme', all(302), () => ({ theme: 'dark', redirectTo: '/home' })),
    get('public', 'routes/webhooks/stripe', () => '/webhooks/stripe', all(405)),
    post('public', 'routes/webhooks/stripe', '', () => '/webhooks/stripe', all(404), () => ({ type: 'invoice.paid' })),
    get('public', 'routes/resources/avatar', () => `/avatars/${'0'.repeat(32)}/64`, all(404)),
    get('agency settings', 'routes/resources/logo', () => `/logos/${'0'.repeat(32)}/96`, all(404)),
    // Posted raw (message/rfc822) and signed by an inbound-mail service: a form is refused (415).
    get('lead', 'routes/webhooks/inbound-mail', () => '/webhooks/inbound-mail', all(405)),
    post('lead', 'routes/webhooks/inbound-mail', '', () => '/webhooks/inbound-mail', all(415), () => ({ subject: 'Hello' })),

    get('account', 'routes/auth/auth', () => '/auth', all(302)),
    post('account', 'routes/auth/auth', 'signin', () => '/auth', all(302), (c) => ({ email: c.me.email, password: GOOD_PASSWORD })),
    get('account', 'routes/auth/two-factor', () => '/auth/two-factor', all(302)),
    post('account', 'routes/auth/two-factor', '', () => '/auth/two-factor', all(302), () => ({ code: '000000' })),
    get('account', 'routes/auth/auth-recovery', () => '/auth-recovery', all(200)),
    ...['login', 'home', 'clear'].map((intent) => post('account', 'routes/auth/auth-recovery', intent, () => '/auth-recovery', all(302), () => ({}))),
    get('account', 'routes/auth/forgot-password', () => '/forgot-password', all(200)),
    post('account', 'routes/auth/forgot-password', '', () => '/forgot-password', all(200), () => ({ email: uniqueEmail('nobody') })),
    get('account', 'routes/auth/reset-password', () => `/reset-password/${UNKNOWN_TOKEN}`, all(404)),
    post('account', 'routes/auth/reset-password', '', () => `/reset-password/${UNKNOWN_TOKEN}`, all(404), () => ({ newPassword: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD })),
    get('account', 'routes/auth/clear-navigation', () => '/clear-navigation', all(200)),
    post('account', 'routes/auth/clear-navigation', '', () => '/clear-navigation', all(302), () => ({})),
    get('account', 'routes/auth/logout', () => '/logout', all(302)),
    // The invitation is the invitee's: anyone else signed in is told it was sent to another address.
    get('agency settings', 'routes/auth/invite', (c) => `/invite/${c.w.invitation.token}`, all(200)),
    post('agency settings', 'routes/auth/invite', '', (c) => `/invite/${c.w.invitation.token}`, by(403, { invitee: 302 }), () => ({}), { last: true }),
    // Last of all: signing out ends the session every other row used.
    post('account', 'routes/auth/logout', '', () => '/logout', all(302), () => ({}), { last: true }),

    // Links: whoever holds one sees what it shares, signed in or not, in any agency.
    get('shortlist/share', 'routes/share/preview', (c) => `/preview/${c.ids.propertyShare}`, all(200), { byLink: true }),
    post('shortlist/share', 'routes/share/preview', '', (c) => `/preview/${c.ids.propertyShare}`, all(404), (c) => ({ propertyId: c.ids.ps, reaction: 'interested' })),
    get('shortlist/share', 'client-listing', (c) => `/client-listing/${c.ids.listingShare}`, all(200), { byLink: true }),
    post('shortlist/share', 'client-listing', '', (c) => `/client-listing/${c.ids.listingShare}`, all(303), (c) => ({ propertyId: c.ids.ps, reaction: 'interested', comment: '', name: '' }), { byLink: true }),
    get('alert', 'routes/share/alert', (c) => `/alerts/${c.ids.alertShare}`, all(200), { byLink: true }),
    post('alert', 'routes/share/alert', '', (c) => `/alerts/${c.ids.alertShare}`, all(404), (c) => ({ propertyId: c.ids.pg, reaction: 'interested' })),
    // Enquiry forms on share and alert pages (docs/decisions/036-enquiries-and-website.md): anyone
    // holding the link may ask; a lead is written in the link's agency.
    get('lead', 'enquiry-property-share', (c) => `/preview/${c.ids.propertyShare}/enquiry`, all(200), { byLink: true }),
    post('lead', 'enquiry-property-share', '', (c) => `/preview/${c.ids.propertyShare}/enquiry`, all(303), () => ENQUIRY, { byLink: true }),
    get('lead', 'enquiry-shortlist-share', (c) => `/client-listing/${c.ids.listingShare}/enquiry`, all(200), { byLink: true }),
    post('lead', 'enquiry-shortlist-share', '', (c) => `/client-listing/${c.ids.listingShare}/enquiry`, all(303), () => ENQUIRY, { byLink: true }),
    get('lead', 'enquiry-alert', (c) => `/alerts/${c.ids.alertShare}/enquiry`, all(200), { byLink: true }),
    post('lead', 'enquiry-alert', '', (c) => `/alerts/${c.ids.alertShare}/enquiry`, all(303), () => ENQUIRY, { byLink: true }),
    // The agency's public website: everyone sees its public listings and nothing else (no LEAK).
    get('website', 'routes/website/agency', (c) => `/a/${c.ids.websiteSlug}`, all(200), { shows: { outsider: ['Po'], agent: ['Po'] } }),
    get('website', 'routes/website/listing', (c) => `/a/${c.ids.websiteSlug}/p/${c.ids.po}`, all(301)),
    get('website', 'routes/website/sitemap', (c) => `/a/${c.ids.websiteSlug}/sitemap.xml`, all(200)),
    get('website', 'routes/website/sitemap-index', () => '/sitemap.xml', all(200)),
    get('website', 'routes/website/robots', () => '/robots.txt', all(200)),
    get('lead', 'enquiry-website', (c) => `/a/${c.ids.websiteSlug}/enquiry`, all(200)),
    post('lead', 'enquiry-website', '', (c) => `/a/${c.ids.websiteSlug}/enquiry`, all(303), () => ENQUIRY),
    get('lead', 'enquiry-website-listing', (c) => `/a/${c.ids.websiteSlug}/p/${c.ids.po}/enquiry`, all(200), { shows: { outsider: ['Po'] } }),
    post('lead', 'enquiry-website-listing', '', (c) => `/a/${c.ids.websiteSlug}/p/${c.ids.po}/enquiry`, all(303), () => ENQUIRY),
    get('alert', 'routes/share/unsubscribe', (c) => `/unsubscribe/${c.ids.unsubscribeToken}`, all(200), { byLink: true }),
    post('alert', 'routes/share/unsubscribe', '', (c) => `/unsubscribe/${c.ids.unsubscribeToken}`, all(200), () => ({}), { byLink: true }),
    get('viewing', 'routes/share/viewing-feedback', (c) => `/viewing-feedback/${c.ids.feedbackToken}`, all(200), { byLink: true }),
    post('viewing', 'routes/share/viewing-feedback', '', (c) => `/viewing-feedback/${c.ids.feedbackToken}`, all(302), () => ({ rating: '4', comment: 'Bright rooms' }), { byLink: true }),
    get('export', 'routes/resources/kyero-feed', (c) => `/feeds/${c.ids.portalToken}/kyero.xml`, all(200), { byLink: true }),
    get('export', 'routes/resources/calendar-feed', (c) => `/calendar/${c.ids.calendarToken}/agenda.ics`, all(200), { byLink: true }),

    // Files of the agency's listings: its members (the listing is not shared or public).
    get('photo', 'routes/resources/media', (c) => `/media/${c.ids.photo}/thumb`, stock(200)),
    get('document', 'routes/resources/document', (c) => `/documents/${c.ids.document}`, stock(200)),

    // Each person's own pages.
    get('dashboard', 'routes/app/home', () => '/home', all(200)),
    get('account', 'routes/app/profile/layout', () => '/profile', all(200)),
    post('account', 'routes/app/profile/layout', 'update-profile', () => '/profile', all(307), (c) => ({ fullName: c.me.fullName })),
    get('account', 'routes/app/profile/index', () => '/profile', all(200)),
    get('account', 'routes/app/profile/account', () => '/profile/account', all(200)),
    post('account', 'routes/app/profile/account', 'update-profile', () => '/profile/account', all(302), (c) => ({ fullName: c.me.fullName, timeZone: 'UTC' })),
    post('account', 'routes/app/profile/account', 'remove-avatar', () => '/profile/account', all(302), () => ({})),
    multipart('account', 'routes/app/profile/account', 'upload-avatar', () => '/profile/account?upload=avatar', all(302), () => photoUpload('upload-avatar')),
    get('account', 'routes/app/profile/security', () => '/profile/security', all(200)),
    post('account', 'routes/app/profile/security', 'change-password', () => '/profile/security', all(400), () => ({ currentPassword: WRONG_PASSWORD, newPassword: `${GOOD_PASSWORD}-2`, confirmPassword: `${GOOD_PASSWORD}-2` })),
    post('account', 'routes/app/profile/security', 'sign-out-others', () => '/profile/security', all(302), () => ({})),
    post('account', 'routes/app/profile/security', 'sign-out-everywhere', () => '/profile/security', all(400), () => ({ passwordOrCode: WRONG_PASSWORD })),
    post('account', 'routes/app/profile/security', 'two-factor-start', () => '/profile/security', all(302), () => ({})),
    post('account', 'routes/app/profile/security', 'two-factor-confirm', () => '/profile/security', all(400), () => ({ code: '000000' })),
    post('account', 'routes/app/profile/security', 'two-factor-cancel', () => '/profile/security', all(302), () => ({})),
    post('account', 'routes/app/profile/security', 'two-factor-disable', () => '/profile/security', all(400), () => ({ passwordOrCode: WRONG_PASSWORD })),
    post('account', 'routes/app/profile/security', 'two-factor-regenerate', () => '/profile/security', all(400), () => ({ passwordOrCode: WRONG_PASSWORD })),
    get('billing', 'routes/app/profile/billing', () => '/profile/billing', ownerOnly(200)),
    post('billing', 'routes/app/profile/billing', 'manage-billing', () => '/profile/billing', ownerOnly(302), () => ({})),
    get('account', 'routes/app/profile/connections', () => '/profile/connections', all(200)),
    get('account', 'routes/app/profile/data', () => '/profile/data', all(200)),
    // The owner of an agency with colleagues is told to hand it on first (before the password).
    post('account', 'routes/app/profile/data', 'delete-account', () => '/profile/data', by(400, { owner: 409 }), () => ({ password: WRONG_PASSWORD, confirmation: 'DELETE' })),
    get('export', 'routes/app/profile-export', () => '/profile/export', all(302)),
    // The agent's export is a background job (their files); everyone else's zip comes at once.
    // The agency's owner and admins export the agency (three files: queued); an agent their own data, at once.
    post('export', 'routes/app/profile-export', 'export-data', () => '/profile/export', by(200, { owner: 302, admin: 302 }), () => ({})),
    get('export', 'routes/app/profile-export-download', (c) => `/profile/exports/${c.ids.exportId}`, by(404, { admin: 200 })),
    get('export', 'routes/app/profile-portal-feed', () => '/profile/portal-feed', all(302)),
    ...['create', 'revoke'].map((intent) => post('export', 'routes/app/profile-portal-feed', intent, () => '/profile/portal-feed', all(302), () => ({}))),
    get('export', 'routes/app/profile-calendar-feed', () => '/profile/calendar-feed', all(302)),
    ...['create', 'revoke'].map((intent) => post('export', 'routes/app/profile-calendar-feed', intent, () => '/profile/calendar-feed', all(302), () => ({}))),
    get('notification', 'routes/app/notifications', () => '/notifications', all(200)),
    post('notification', 'routes/app/notifications', 'mark-all-read', () => '/notifications', all(302), () => ({})),
    get('task', 'routes/app/agenda', () => '/agenda', all(200)),
    post('task', 'routes/app/agenda', 'add-task', () => '/agenda', all(302), () => taskFields),
    post('task', 'routes/app/agenda', 'complete-task', () => '/agenda', assigned(302), (c) => ({ taskId: c.ids.tg })),
    post('task', 'routes/app/agenda', 'reopen-task', () => '/agenda', assigned(302), (c) => ({ taskId: c.ids.tg })),
    post('task', 'routes/app/agenda', 'delete-task', () => '/agenda', assigned(302), (c) => ({ taskId: c.ids.target ?? c.ids.tg }), { fresh: freshTask }),

    // The agency: its page for each member's own agency; its management for owners and admins.
    get('agency settings', 'routes/app/agency', agency, all(200)),
    post('agency settings', 'routes/app/agency', 'identity', agency, managers(302), (c) => ({ name: c.actor === 'owner' || c.actor === 'admin' ? `Matrix ${c.w.tag}` : 'Agency of one' })),
    post('agency settings', 'routes/app/agency', 'invite', agency, managers(302), () => ({ email: uniqueEmail('invited'), role: 'agent' })),
    post('agency settings', 'routes/app/agency', 'revoke', agency, managers(302, 404), (c) => ({ invitationId: c.ids.target ?? c.w.invitation.id }), { fresh: freshInvitation }),
    post('agency settings', 'routes/app/agency', 'role', agency, managers(302, 404), (c) => ({ userId: c.w.people.colleague.userId, role: 'agent' })),
    post('agency settings', 'routes/app/agency', 'remove', agency, managers(302, 404), (c) => ({ userId: c.ids.target ?? c.w.people.colleague.userId, successorId: c.w.people.agent.userId }), { fresh: freshMember }),
    post('agency settings', 'routes/app/agency', 'transfer', agency, ownerOnly(302, 404), (c) => ({ userId: c.ids.target ?? c.w.people.agent.userId }), { fresh: freshAgencyToHandOn }),
    post('agency settings', 'routes/app/agency', 'leave', agency, by(302, { owner: 400, removed: 400, invitee: 400, outsider: 400 }), () => ({}), { fresh: freshMemberActing }),
    post('agency settings', 'routes/app/agency', 'switch', agency, stock(302), (c) => ({ agencyId: c.w.agencyId })),
    multipart('agency settings', 'routes/app/agency', 'upload-logo', () => '/agency?upload=logo', managers(302), () => logoUpload()),
    post('agency settings', 'routes/app/agency', 'remove-logo', agency, managers(302), () => ({})),
    get('audit', 'routes/app/agency-audit', () => '/agency/audit', managers(200)),

    // Leads: the agency's inbox; a lead no one has taken is every member's; its address the managers'.
    get('lead', 'routes/app/leads', () => '/leads', all(200), { shows: { colleague: ['Ld'], owner: ['Ld'] } }),
    post('lead', 'routes/app/leads', 'rotate-address', () => '/leads', managers(302), () => ({})),
    // The website's address: owners and admins (an unchanged address is saved as it is); anyone
    // else's agency cannot take this agency's address (400).
    post('agency settings', 'routes/app/agency', 'website-address', agency, managers(302, 400), (c) => ({ slug: c.ids.websiteSlug })),
    get('lead', 'routes/app/lead', (c) => `/lead/${c.ids.lead}`, stock(200), { shows: { agent: ['Ld'] } }),
    post('lead', 'routes/app/lead', 'discard', (c) => `/lead/${c.ids.lead}`, stock(302), () => ({})),
    post('lead', 'routes/app/lead', 'restore', (c) => `/lead/${c.ids.lead}`, stock(302), () => ({})),
    // Routing, claiming, replying and conversion (docs/decisions/037): every member on a lead they
    // see (a fresh one each: a claim or a conversion uses it up); assigning is the managers'.
    post('lead', 'routes/app/leads', 'claim', () => '/leads', stock(302), (c) => ({ leadId: c.ids.target ?? c.ids.lead }), { fresh: freshLead }),
    post('lead', 'routes/app/leads', 'save-routing', () => '/leads', managers(302), () => ({ mode: 'round_robin', claimMinutes: '15', escalation: 'next_member' })),
    post('lead', 'routes/app/leads', 'takes-leads', () => '/leads', all(302), (c) => ({ userId: c.me.userId, takesLeads: 'yes' })),
    post('lead', 'routes/app/lead', 'claim', (c) => `/lead/${c.ids.target ?? c.ids.lead}`, stock(302), () => ({}), { fresh: freshLead }),
    post('lead', 'routes/app/lead', 'assign', (c) => `/lead/${c.ids.target ?? c.ids.lead}`, { ...managers(302, 404) }, (c) => ({ memberId: c.w.people.owner.userId }), { fresh: freshLead }),
    post('lead', 'routes/app/lead', 'convert', (c) => `/lead/${c.ids.target ?? c.ids.lead}`, stock(302), () => ({ target: 'new' }), { fresh: freshLead }),
    post('lead', 'routes/app/lead', 'reply', (c) => `/lead/${c.ids.target ?? c.ids.lead}`, stock(302), () => ({ subject: 'Your enquiry', body: 'Hello, thank you.' }), { fresh: freshLead }),
    get('lead', 'routes/app/lead-templates', () => '/leads/templates', all(200)),
    post('lead', 'routes/app/lead-templates', 'create', () => '/leads/templates', managers(302), () => ({ name: 'Matrix template', subject: 'Hello {{name}}', body: 'Thank you.' })),
    post('lead', 'routes/app/lead-templates', 'update', () => '/leads/templates', managers(302, 404), (c) => ({ templateId: c.ids.target ?? UNKNOWN_UUID, name: 'Matrix template', subject: 'Hi', body: 'Thanks.' }), { fresh: freshTemplate }),
    post('lead', 'routes/app/lead-templates', 'delete', () => '/leads/templates', managers(302, 404), (c) => ({ templateId: c.ids.target ?? UNKNOWN_UUID }), { fresh: freshTemplate }),

    // Lists of each person's own records (the leak check reads every one of them).
    get('property', 'routes/app/properties', () => '/properties', all(200), { shows: { colleague: ['Pg', 'Pr'], agent: ['Pc', 'Pg'], owner: ['Pg', 'Pc'] } }),
    get('property', 'routes/app/public-properties', () => '/public-properties', all(200), { shows: { outsider: ['Po'], removed: ['Po'] } }),
    get('client', 'routes/app/clients', () => '/clients', all(200), { shows: { owner: ['Ownagent', 'Owncolleague', 'Cr'], admin: ['Ownagent', 'Ownowner'], agent: ['Ownagent', 'Cr'], colleague: ['Owncolleague'] } }),
    get('deal', 'routes/app/deals', () => '/deals', all(200), { shows: { owner: ['Dg'], agent: ['Dg'] } }),
    get('property', 'routes/app/properties-export', () => '/properties/export.csv', all(200), { shows: { colleague: ['Pg'] } }),
    get('client', 'routes/app/clients-export', () => '/clients/export.csv', all(200), { shows: { admin: ['Ownagent'] } }),
    get('client', 'routes/app/clients-vcard', () => '/clients/export.vcf', all(200)),
    get('property', 'routes/app/properties-import', () => '/properties/import', all(200)),
    multipart('property', 'routes/app/properties-import', '', () => '/properties/import', all(302), () => importUpload('Matrix upload')),
    get('client', 'routes/app/clients-import', () => '/clients/import', all(200)),
    multipart('client', 'routes/app/clients-import', '', () => '/clients/import', all(302), () => {
      const form = new FormData()
      form.set('file', new File(['FullName,Email\nMatrix imported client,imported@example.com\n'], 'clients.csv', { type: 'text/csv' }))
      return form
    }),
    get('export', 'routes/app/import-preview', (c) => `/imports/${c.ids.importId}`, mine(200)),
    post('export', 'routes/app/import-preview', 'confirm', (c) => `/imports/${c.ids.target ?? c.ids.importId}`, mine(302), () => ({}), { fresh: freshImport }),
    post('export', 'routes/app/import-preview', 'cancel', (c) => `/imports/${c.ids.target ?? c.ids.importId}`, mine(302), () => ({}), { fresh: freshImport }),
    get('trash', 'routes/app/trash', () => '/trash', all(200), { shows: { agent: ['Tc', 'Tp'] } }),
    get('trash', 'routes/app/trash', (c) => `/trash?delete=client:${c.ids.trashedClient}`, all(200)),
    ...(['client', 'property', 'photo', 'document'] as const).flatMap((kind) =>
      ['restore', 'delete-forever'].map((intent) =>
        post('trash', 'routes/app/trash', intent, () => '/trash', assigned(302), (c) => ({ kind, id: c.ids.target ?? c.ids[TRASHED[kind]] }), { fresh: (c) => freshTrashed(c, kind) }),
      ),
    ),

    // A listing of the agency's, assigned to the agent.
    get('property', 'routes/app/property-type-selection', () => '/property/type-selection', all(200)),
    get('property', 'routes/app/property-new-redirect', () => '/property/new', all(302)),
    get('property', 'routes/app/property-new', () => '/property/new/residential', all(200)),
    post('property', 'routes/app/property-new', '', () => '/property/new/residential', all(302), () => propertyForm({ title: 'Matrix new listing' })),
    get('property', 'routes/app/property', property, stock(200), { shows: { colleague: ['Pg', 'Ph'] } }),
    get('property', 'routes/app/property', (c) => `/property/${c.ids.formerProperty}`, stock(200)),
    get('property', 'routes/app/property', (c) => `/property/${c.ids.px}`, by(404, { outsider: 200 })),
    post('property', 'routes/app/property', 'status', property, change(302), () => ({ status: 'active' })),
    post('property', 'routes/app/property', 'notes', property, change(302), () => ({ privateNotes: 'Matrix private notes' })),
    post('property', 'routes/app/property', 'delete', (c) => `/property/${c.ids.target ?? c.ids.pg}`, change(302), () => ({ confirm: 'yes' }), { fresh: freshProperty }),
    ...agendaRows('viewing', 'routes/app/property', property, stock, (c) => ({ clientId: c.w.ownClient[c.actor] })),
    get('property', 'routes/app/property-edit', (c) => `/property/${c.ids.pg}/edit`, change(200)),
    post('property', 'routes/app/property-edit', '', (c) => `/property/${c.ids.pg}/edit`, change(302), (c) => propertyForm({ title: c.w.mark('Pg') })),
    get('property', 'property-edit-alt', (c) => `/property/edit/${c.ids.pg}`, change(200)),
    post('property', 'property-edit-alt', '', (c) => `/property/edit/${c.ids.pg}`, change(302), (c) => propertyForm({ title: c.w.mark('Pg') })),
    get('property', 'routes/app/property-brochure', (c) => `/property/${c.ids.pg}/brochure`, stock(200)),
    // Open houses (docs/decisions/038): the listing's, every member's to see; its changers' to start and end.
    get('property', 'routes/app/property-open-houses', (c) => `/property/${c.ids.ps}/open-houses`, stock(200), { shows: { colleague: ['Ps'] } }),
    post('property', 'routes/app/property-open-houses', 'start', (c) => `/property/${c.ids.ps}/open-houses`, change(302), (c) => ({ date: dayAhead(OPEN_HOUSE_START_DAY[c.actor] ?? 309), startTime: '10:00', endTime: '11:00', redirectTo: '' })),
    post('property', 'routes/app/property-open-houses', 'end', (c) => `/property/${c.ids.ps}/open-houses`, change(302), (c) => ({ openHouseId: c.ids.target ?? c.ids.openHouse, redirectTo: '' }), { fresh: freshOpenHouse }),
    get('property', 'routes/app/open-house-sign', (c) => `/property/${c.ids.ps}/open-houses/${c.ids.openHouse}/sign`, stock(200)),
    get('property', 'routes/share/open-house', (c) => `/open-house/${c.ids.openHouseToken}`, all(200), { byLink: true }),
    get('property', 'routes/share/open-house', () => '/open-house/AAAAAAAAAAAAAAAAAAAAAA', all(404)),
    post('property', 'routes/share/open-house', '', (c) => `/open-house/${c.ids.openHouseToken}`, all(303), (c) => ({ name: `Visitor ${c.actor}`, email: `visitor-${c.actor}-${c.w.tag}@example.com`, phone: '', withAgent: 'no', agentName: '', consent: 'yes', website: '' }), { byLink: true }),
    get('viewing', 'routes/app/property-viewing-report', (c) => `/property/${c.ids.pg}/viewing-report`, stock(200)),
    get('photo', 'routes/app/property-media', media, change(200)),
    get('photo', 'routes/app/property-media', (c) => `/property/${c.ids.pg}/media?delete-photo=${c.ids.photo}`, change(200)),
    multipart('photo', 'routes/app/property-media', 'upload-photos', (c) => `${media(c)}?upload=photos`, change(302), () => photoUpload()),
    post('photo', 'routes/app/property-media', 'caption', media, change(302), (c) => ({ photoId: c.ids.photo, caption: c.w.mark('Ph') })),
    ...['move-up', 'move-down', 'cover'].map((intent) => post('photo', 'routes/app/property-media', intent, media, change(302), (c) => ({ photoId: c.ids.photo }))),
    post('photo', 'routes/app/property-media', 'move-to', media, change(302), (c) => ({ photoId: c.ids.photo, position: '1' })),
    post('photo', 'routes/app/property-media', 'delete-photo', media, change(302), (c) => ({ photoId: c.ids.target ?? c.ids.photo }), { fresh: freshPhoto }),
    multipart('document', 'routes/app/property-media', 'upload-document', (c) => `${media(c)}?upload=document`, change(302), () => documentUpload('Matrix plan')),
    post('document', 'routes/app/property-media', 'share-document', media, change(302), (c) => ({ documentId: c.ids.document, shared: 'false' })),
    post('document', 'routes/app/property-media', 'delete-document', media, change(302), (c) => ({ documentId: c.ids.target ?? c.ids.document }), { fresh: freshDocument }),
    // The public view of a listing: only a public, active one, for any broker.
    get('property', 'routes/app/public-property', (c) => `/public-properties/${c.ids.po}`, all(200)),
    get('property', 'routes/app/public-property', (c) => `/public-properties/${c.ids.pg}`, all(404)),

    // The agent's client, their shortlist, deal, viewing, tasks and notes.
    get('client', 'routes/app/client-new', () => '/client/new', all(200)),
    post('client', 'routes/app/client-new', '', () => '/client/new', all(302), () => ({ fullName: 'Matrix new client', kind: 'buyer', stage: 'new' })),
    get('client', 'routes/app/client', client, assigned(200), { shows: { owner: ['Ownagent'], agent: ['Ownagent', 'Nc'] } }),
    get('client', 'routes/app/client', (c) => `/client/${c.ids.formerClient}`, assigned(200)),
    get('client', 'routes/app/client', (c) => `/client/${c.w.ownClient.outsider}`, by(404, { outsider: 200 })),
    post('client', 'routes/app/client', 'stage', client, assigned(302), () => ({ stage: 'contacted' })),
    post('shortlist/share', 'routes/app/client', 'shortlist-add', client, assigned(302), (c) => ({ propertyId: c.ids.ps })),
    post('alert', 'routes/app/client', 'alerts-on', client, assigned(302), () => ({ consent: 'yes' })),
    post('alert', 'routes/app/client', 'alerts-off', client, assigned(302), () => ({})),
    post('client', 'routes/app/client', 'delete', (c) => `/client/${c.ids.target ?? c.ids.cg}`, assigned(302), () => ({ confirm: 'yes' }), { fresh: freshClient }),
    ...agendaRows('viewing', 'routes/app/client', client, assigned, (c) => ({ propertyId: c.ids.pg })),
    get('client', 'routes/app/client-edit', (c) => `/client/edit/${c.ids.cg}`, assigned(200)),
    post('client', 'routes/app/client-edit', '', (c) => `/client/edit/${c.ids.cg}`, assigned(302), (c) => ({ fullName: c.w.mark('Ownagent'), email: `own-agent-${c.w.tag}@example.com`, kind: 'buyer', stage: 'new' })),
    get('client', 'routes/app/client-vcard', (c) => `/client/${c.ids.cg}/export.vcf`, assigned(200)),
    get('shortlist/share', 'routes/app/client-listing', (c) => `/client/${c.ids.cg}/listing`, assigned(200), { shows: { agent: ['Ps', 'Ln'] } }),
    get('shortlist/share', 'routes/app/client-listing-item', (c) => `/client/${c.ids.cg}/listing/${c.ids.ps}`, assigned(200)),
    get('shortlist/share', 'routes/app/client-edit-listing', (c) => `/client/${c.ids.cg}/edit-listing`, assigned(200)),
    ...['add', 'move-up', 'move-down'].map((intent) => post('shortlist/share', 'routes/app/client-edit-listing', intent, (c) => `/client/${c.ids.cg}/edit-listing`, assigned(302), (c) => ({ propertyId: c.ids.ps }))),
    post('shortlist/share', 'routes/app/client-edit-listing', 'note', (c) => `/client/${c.ids.cg}/edit-listing`, assigned(302), (c) => ({ propertyId: c.ids.ps, note: c.w.mark('Ln') })),
    post('shortlist/share', 'routes/app/client-edit-listing', 'remove', (c) => `/client/${c.ids.cg}/edit-listing`, assigned(302), (c) => ({ propertyId: c.ids.target ?? c.ids.ps }), { fresh: freshShortlisted }),
    get('shortlist/share', 'routes/app/shares', () => '/shares', all(404)),
    post('shortlist/share', 'routes/app/shares', 'create', () => '/shares', stock(302), (c) => ({ kind: 'property', targetId: c.ids.pg, expiresInDays: '', redirectTo: '/home' })),
    post('shortlist/share', 'routes/app/shares', 'create', () => '/shares', assigned(302), (c) => ({ kind: 'client_listing', targetId: c.ids.cg, expiresInDays: '', redirectTo: '/home' })),
    post('shortlist/share', 'routes/app/shares', 'revoke', () => '/shares', assigned(302), (c) => ({ shareId: c.ids.target ?? c.ids.propertyShare, redirectTo: '/home' }), { fresh: freshShare }),
    get('note/comment', 'routes/app/comments', () => '/comments', all(404)),
    post('note/comment', 'routes/app/comments', 'add', () => '/comments', stock(302), (c) => ({ subject: 'property', id: c.ids.pg, body: 'Matrix note', redirectTo: '' })),
    post('note/comment', 'routes/app/comments', 'add', () => '/comments', assigned(302), (c) => ({ subject: 'client', id: c.ids.cg, body: 'Matrix note', redirectTo: '' })),
    post('note/comment', 'routes/app/comments', 'add', () => '/comments', assigned(302), (c) => ({ subject: 'deal', id: c.ids.dg, body: 'Matrix note', redirectTo: '' })),
    post('deal', 'routes/app/deals', 'create', () => '/deals', assigned(302), (c) => ({ clientId: c.ids.cg, title: 'Matrix deal', value: '100000', currency: 'EUR', redirectTo: '' })),
    post('deal', 'routes/app/deals', 'move', () => '/deals', assigned(302), (c) => ({ dealId: c.ids.dg, stage: 'viewing', redirectTo: '/deals' })),
    get('deal', 'routes/app/deal', deal, assigned(200), { shows: { admin: ['Dg'], agent: ['Nd'] } }),
    post('deal', 'routes/app/deal', 'update', deal, assigned(302), (c) => ({ title: c.w.mark('Dg'), value: '250000', currency: 'EUR' })),
    post('deal', 'routes/app/deal', 'move', deal, assigned(302), () => ({ stage: 'offer' })),
    ...agendaRows('task', 'routes/app/deal', deal, assigned, (c) => ({ propertyId: c.ids.pg, clientId: c.ids.cg })),
    get('viewing', 'routes/app/viewing', (c) => `/viewing/${c.ids.vg}`, assigned(200), { shows: { admin: ['Vg'] } }),
    post('viewing', 'routes/app/viewing', 'update', (c) => `/viewing/${c.ids.vg}`, assigned(302), (c) => ({ ...viewingFields, date: '2030-03-15', notes: c.w.mark('Vg') })),
    post('viewing', 'routes/app/viewing', 'status', (c) => `/viewing/${c.ids.target ?? c.ids.vg}`, assigned(302), () => ({ status: 'canceled' }), { fresh: freshViewing }),

    // Bulk forms of the lists: a selection of the agent's records.
    // Assignment (issue 26): owners and admins reassign a record (here to the agent it is with, so
    // nothing changes hands); the agent it is assigned to may not (403), a colleague who sees a
    // listing neither. Sharing: the assigned agent, the owner and admins share a fresh client with
    // the colleague; a deal, viewing or task is offered to the owner, who sees it already (a 400
    // with its message), so the world the other rows read stays as it was.
    post('property', 'routes/app/property', 'assign', property, by(404, { owner: 302, admin: 302, agent: 403, colleague: 403 }), (c) => ({ memberId: c.w.people.agent.userId })),
    post('client', 'routes/app/client', 'assign', client, by(404, { owner: 302, admin: 302, agent: 403 }), (c) => ({ memberId: c.w.people.agent.userId })),
    post('shortlist/share', 'routes/app/client-listing', 'assign', (c) => `/client/${c.ids.cg}/listing`, by(404, { owner: 302, admin: 302, agent: 403 }), (c) => ({ memberId: c.w.people.agent.userId })),
    post('deal', 'routes/app/deal', 'assign', deal, by(404, { owner: 302, admin: 302, agent: 403 }), (c) => ({ memberId: c.w.people.agent.userId })),
    post('viewing', 'routes/app/viewing', 'assign', (c) => `/viewing/${c.ids.vg}`, by(404, { owner: 302, admin: 302, agent: 403 }), (c) => ({ memberId: c.w.people.agent.userId })),
    post('task', 'routes/app/property', 'assign-task', property, by(404, { owner: 302, admin: 302, agent: 403, colleague: 403 }), (c) => ({ taskId: c.ids.tg, memberId: c.w.people.agent.userId })),
    post('client', 'routes/app/client', 'share-colleague', (c) => `/client/${c.ids.target ?? c.ids.cg}`, assigned(302), (c) => ({ memberId: c.w.people.colleague.userId }), { fresh: freshClient }),
    post('shortlist/share', 'routes/app/client-listing', 'share-colleague', (c) => `/client/${c.ids.target ?? c.ids.cg}/listing`, assigned(302), (c) => ({ memberId: c.w.people.colleague.userId }), { fresh: freshClient }),
    post('deal', 'routes/app/deal', 'share-colleague', deal, assigned(400), (c) => ({ memberId: c.w.people.owner.userId })),
    post('viewing', 'routes/app/viewing', 'share-colleague', (c) => `/viewing/${c.ids.vg}`, assigned(400), (c) => ({ memberId: c.w.people.owner.userId })),
    post('task', 'routes/app/property', 'share-task', property, by(404, { owner: 400, admin: 400, agent: 400, colleague: 404 }), (c) => ({ taskId: c.ids.tg, memberId: c.w.people.owner.userId })),
    post('property', 'routes/app/properties', 'bulk-assign', () => '/properties', by(404, { owner: 302, admin: 302, agent: 403, colleague: 403 }), (c) => ({ ids: c.ids.pg, memberId: c.w.people.agent.userId })),
    post('client', 'routes/app/clients', 'bulk-assign', () => '/clients', by(404, { owner: 302, admin: 302, agent: 403 }), (c) => ({ ids: c.ids.cg, memberId: c.w.people.agent.userId })),
    // Extra seats are billing: the owner's (unchanged here); everyone outside owns an agency of their own.
    post('agency settings', 'routes/app/agency', 'seats', agency, ownerOnly(302), () => ({ extraSeats: '0' })),
    post('property', 'routes/app/properties', 'bulk-status', () => '/properties', change(302), (c) => ({ ids: c.ids.pg, status: 'active' })),
    post('shortlist/share', 'routes/app/properties', 'bulk-shortlist', () => '/properties', stock(302), (c) => ({ ids: c.ids.pg, clientId: c.w.ownClient[c.actor] })),
    post('export', 'routes/app/properties', 'bulk-export', () => '/properties', stock(302), (c) => ({ ids: c.ids.pg })),
    post('property', 'routes/app/properties', 'bulk-delete', () => '/properties', change(200), (c) => ({ ids: c.ids.pg })),
    post('property', 'routes/app/properties', 'bulk-delete-confirmed', () => '/properties', change(302), (c) => ({ ids: c.ids.target ?? c.ids.pg }), { fresh: freshProperty }),
    post('client', 'routes/app/clients', 'bulk-stage', () => '/clients', assigned(302), (c) => ({ ids: c.ids.cg, stage: 'contacted' })),
    post('export', 'routes/app/clients', 'bulk-export', () => '/clients', assigned(302), (c) => ({ ids: c.ids.cg })),
    post('export', 'routes/app/clients', 'bulk-vcard', () => '/clients', assigned(302), (c) => ({ ids: c.ids.cg })),
    post('client', 'routes/app/clients', 'bulk-delete', () => '/clients', assigned(200), (c) => ({ ids: c.ids.cg })),
    post('client', 'routes/app/clients', 'bulk-delete-confirmed', () => '/clients', assigned(302), (c) => ({ ids: c.ids.target ?? c.ids.cg }), { fresh: freshClient }),
  ]
}
