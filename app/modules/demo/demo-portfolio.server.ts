import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { activatePlan, getSubscription } from '#app/modules/billing/subscription.server.ts'
import type { PaidPlan } from '#app/modules/billing/plans.ts'
import { addPhotos, updatePhotoCaption } from '#app/modules/media/photos.server.ts'
import { listPhotos } from '#app/modules/media/queries.server.ts'
import { findPropertyIdsByReferenceCode } from '#app/modules/properties/access.server.ts'
import { changePropertyStatus, createProperty } from '#app/modules/properties/mutations.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { findClientIdsByEmail, findOwnedClient } from '#app/modules/clients/access.server.ts'
import { changeClientStage, createClient } from '#app/modules/clients/mutations.server.ts'
import { ClientFormSchema } from '#app/modules/clients/schemas.ts'
import { addListingItem, updateListingNote } from '#app/modules/listings/listing-mutations.server.ts'
import { getListingOrder } from '#app/modules/listings/listing-queries.server.ts'
import { listListingFeedback, submitFeedback } from '#app/modules/sharing/feedback.server.ts'
import { createShare, listSharesForClientListing, resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import { listClientDeals } from '#app/modules/deals/board.server.ts'
import { createDeal, moveDeal } from '#app/modules/deals/deals.server.ts'
import { addComment, listComments } from '#app/modules/comments/comments.server.ts'
import { createViewing, getViewing, listViewings, setViewingStatus } from '#app/modules/agenda/viewings.server.ts'
import { saveViewingFeedback } from '#app/modules/agenda/viewing-feedback.server.ts'
import { ViewingFormSchema } from '#app/modules/agenda/schemas.ts'
import type { DealStage, PropertyStatus } from '#db/reference.ts'
import type { Scope } from '#db/tenancy.server.ts'
import { DAY_MS } from '#app/lib/time.ts'
import { DEMO_TIME_ZONE, type DemoMember } from './agency.ts'
import { seedDemoAgency, type DemoTeam } from './demo-agency.server.ts'
import { renderDemoPhoto } from './demo-photos.server.ts'
import {
  DEMO_CLIENTS,
  DEMO_COMMENTS,
  DEMO_DEALS,
  DEMO_PROPERTIES,
  DEMO_SHORTLISTS,
  DEMO_VIEWINGS,
  type DemoDeal,
  type DemoProperty,
} from './portfolio.ts'

/**
 * Room for the portfolio and for the visitor to add many more, and three seats: the demo
 * broker, the admin and the agent of the demo agency (agency.ts).
 */
export const DEMO_PLAN: PaidPlan = 'advanced'
/** Plans that hold the portfolio and the demo agency's three seats (plan_seats, migration 0022). */
const ROOMY_PLANS: readonly PaidPlan[] = ['advanced', 'professional']
/** The plan's provider column: no payment behind it, and nobody should mistake it for one. */
export const DEMO_BILLING_PROVIDER = 'demo'
/** Where the demo client's feedback "comes from" (a TEST-NET-1 address, RFC 5737): its own rate-limit bucket. */
const DEMO_CLIENT_ADDRESS = '192.0.2.80'
/** Photos are encoded two properties at a time: the image work, not the database, is the slow part. */
const PHOTO_CONCURRENCY = 2

/** What one run created (a run that finds everything in place creates nothing). */
export type PortfolioSeedReport = {
  /** Colleagues who joined the demo agency. */
  members: number
  properties: number
  photos: number
  clients: number
  shortlistItems: number
  shares: number
  feedback: number
  deals: number
  dealMoves: number
  comments: number
  viewings: number
  skipped: string[]
}

/** Who a client's records are assigned to, by the client's e-mail (lower case). */
const clientMember = new Map<string, DemoMember>(DEMO_CLIENTS.map((client) => [client.form.email.toLowerCase(), client.member ?? 'owner']))
const propertyMember = new Map<string, DemoMember>(DEMO_PROPERTIES.map((property) => [property.form.referenceCode, property.member ?? 'owner']))
const memberOfClient = (team: DemoTeam, email: string) => team[clientMember.get(email.toLowerCase()) ?? 'owner']
const memberOfProperty = (team: DemoTeam, code: string) => team[propertyMember.get(code) ?? 'owner']
const byMember = <T>(items: T[], memberOf: (item: T) => DemoMember | undefined) =>
  (['owner', 'admin', 'agent'] as const).map((member) => ({ member, items: items.filter((item) => (memberOf(item) ?? 'owner') === member) }))

/**
 * Seeds the demo agency (its details, logo and two colleagues: demo-agency.server.ts) and its
 * portfolio (DEMO_PROPERTIES, DEMO_CLIENTS, …) through the modules' own functions, each record
 * by the member it is assigned to, so every row, file, photo variant and activity entry is made
 * exactly as that member's clicks would make it. Each step first looks for what it would create
 * by its natural key and only adds what is missing, so a run cut short by a crash is completed
 * by the next one and a complete portfolio is left as it is.
 */
export async function seedDemoPortfolio(owner: Scope): Promise<PortfolioSeedReport> {
  const report: PortfolioSeedReport = {
    members: 0,
    properties: 0,
    photos: 0,
    clients: 0,
    shortlistItems: 0,
    shares: 0,
    feedback: 0,
    deals: 0,
    dealMoves: 0,
    comments: 0,
    viewings: 0,
    skipped: [],
  }
  // The plan first: its seats are what the colleagues' invitations take.
  await ensureDemoPlan(owner.memberId)
  const { team, joined } = await seedDemoAgency(owner)
  report.members = joined
  const propertyIds = await seedProperties(team, report)
  await seedPhotos(team, propertyIds, report)
  const clientIds = await seedClients(team, report)
  const dealIds = await seedDeals(team, propertyIds, clientIds, report)
  await seedComments(team, propertyIds, clientIds, dealIds, report)
  await seedViewings(team, propertyIds, clientIds, report)
  // Last, so the client's answers on the shared shortlist are the newest news on /home.
  await seedShortlists(team, propertyIds, clientIds, report)
  return report
}

/** A paid plan through the billing module, unless the broker already has one big enough (properties and seats). */
async function ensureDemoPlan(memberId: string) {
  const subscription = await getSubscription(memberId)
  if (subscription && (ROOMY_PLANS as readonly string[]).includes(subscription.plan)) return
  await activatePlan(memberId, DEMO_PLAN, DEMO_BILLING_PROVIDER)
}

/** Reference code → property id, for every demo property that exists after this step. */
async function seedProperties(team: DemoTeam, report: PortfolioSeedReport) {
  const ids = new Map<string, string>()
  for (const { member, items } of byMember(DEMO_PROPERTIES, (property) => property.member)) {
    const found = await findPropertyIdsByReferenceCode(team[member], items.map((p) => p.form.referenceCode))
    for (const [code, id] of found) ids.set(code, id)
  }
  for (const property of DEMO_PROPERTIES) {
    const scope = team[property.member ?? 'owner']
    const code = property.form.referenceCode
    const existing = ids.get(code)
    if (existing) {
      await completeStatus(scope, existing, property)
      continue
    }
    const value = propertyFormSchema(property.category).parse({ ...property.form, status: initialStatus(property) })
    const created = await createProperty(scope, property.category, value)
    if (!created.ok) {
      // Only on a demo account that already holds a plan's worth of its own listings.
      report.skipped.push(`${code}: the plan's property limit is reached`)
      continue
    }
    ids.set(code, created.id)
    report.properties++
    if (property.status !== initialStatus(property)) await changePropertyStatus(scope, created.id, property.status)
  }
  return ids
}

/** Listings start Active (a draft stays a draft) and then move on, as a broker's would. */
const initialStatus = (property: DemoProperty): PropertyStatus => (property.status === 'draft' ? 'draft' : 'active')

/** A property left at its first status by an interrupted run gets its final one. */
async function completeStatus(scope: Scope, propertyId: string, property: DemoProperty) {
  if (property.status === initialStatus(property)) return
  const current = await getProperty(scope, propertyId)
  if (current?.status === initialStatus(property)) await changePropertyStatus(scope, propertyId, property.status)
}

/**
 * Draws each property's photos and uploads them through the media module (re-encoded, variants
 * made, activity logged); a property that has photos already is left alone. Then captions.
 */
async function seedPhotos(team: DemoTeam, propertyIds: Map<string, string>, report: PortfolioSeedReport) {
  const work = DEMO_PROPERTIES.flatMap((property, index) => {
    const id = propertyIds.get(property.form.referenceCode)
    return id ? [{ property, index, ref: { id, title: property.form.title } }] : []
  })
  const folder = await mkdtemp(path.join(tmpdir(), 'brokervault-demo-photos-'))
  try {
    const next = work[Symbol.iterator]()
    const worker = async () => {
      for (const { property, index, ref } of next) {
        const scope = team[property.member ?? 'owner']
        let photos = await listPhotos(scope, ref.id)
        if (photos.length === 0) {
          const files = []
          for (const [n, photo] of property.photos.entries()) {
            const file = path.join(folder, `${property.form.referenceCode}-${n + 1}.jpg`)
            const bytes = await renderDemoPhoto(photo.scene, index * 10 + n)
            await writeFile(file, bytes)
            files.push({ path: file, name: `${property.form.referenceCode.toLowerCase()}-${n + 1}.jpg`, size: bytes.length })
          }
          const added = await addPhotos(scope, ref, files)
          if (!added?.ok) throw new Error(`Demo photos of ${ref.title}: ${added ? added.problem.message : 'property not found'}`)
          report.photos += added.value
          photos = await listPhotos(scope, ref.id)
        }
        for (const [position, photo] of photos.entries()) {
          const caption = property.photos[position]?.caption
          if (caption && !photo.caption) await updatePhotoCaption(scope, ref, photo.id, caption)
        }
      }
    }
    await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** Lower-case e-mail → client id. Clients start as New and are moved to their stage (logged). */
async function seedClients(team: DemoTeam, report: PortfolioSeedReport) {
  const ids = new Map<string, string>()
  for (const { member, items } of byMember(DEMO_CLIENTS, (client) => client.member)) {
    const found = await findClientIdsByEmail(team[member], items.map((c) => c.form.email))
    for (const [email, id] of found) ids.set(email, id)
  }
  for (const client of DEMO_CLIENTS) {
    const scope = team[client.member ?? 'owner']
    const key = client.form.email.toLowerCase()
    const value = ClientFormSchema.parse(client.form)
    let id = ids.get(key)
    if (!id) {
      id = await createClient(scope, { ...value, stage: 'new' }, 'EUR')
      ids.set(key, id)
      report.clients++
    }
    if (value.stage !== 'new' && (await findOwnedClient(scope, id))?.stage === 'new') {
      await changeClientStage(scope, id, value.stage)
    }
  }
  return ids
}

async function seedShortlists(
  team: DemoTeam,
  propertyIds: Map<string, string>,
  clientIds: Map<string, string>,
  report: PortfolioSeedReport,
) {
  for (const shortlist of DEMO_SHORTLISTS) {
    const clientId = clientIds.get(shortlist.clientEmail.toLowerCase())
    if (!clientId) continue
    const scope = memberOfClient(team, shortlist.clientEmail)
    const items = shortlist.items.flatMap((item) => {
      const propertyId = propertyIds.get(item.referenceCode)
      return propertyId ? [{ ...item, propertyId }] : []
    })
    const { notes } = await getListingOrder(scope, clientId)
    for (const item of items) {
      if (!notes.has(item.propertyId)) {
        const added = await addListingItem(scope, clientId, item.propertyId)
        if (added?.status === 'added') report.shortlistItems++
      }
      if (item.note && !notes.get(item.propertyId)) await updateListingNote(scope, clientId, item.propertyId, item.note)
    }
    if (!shortlist.shared || items.length === 0) continue

    // The link the broker sent, and what the client answered on the share page.
    const panel = await listSharesForClientListing(scope, clientId)
    let shareId = panel.shares.find((share) => share.state === 'live')?.id
    if (!shareId) {
      const created = await createShare(scope, { kind: 'client_listing', clientId })
      if (!created?.ok) throw new Error(`Demo share of ${shortlist.clientEmail}: ${created ? created.message : 'client not found'}`)
      shareId = created.id
      report.shares++
    }
    const share = await resolveLiveShare(shareId)
    if (!share) throw new Error('Demo share link is not live')
    const received = await listListingFeedback(scope, clientId)
    for (const item of items) {
      const earlier = received[item.propertyId]
      for (const entry of item.feedback ?? []) {
        const alreadySent = entry.comment
          ? earlier?.comments.some((c) => c.comment === entry.comment)
          : earlier?.latestReaction?.reaction === entry.reaction
        if (alreadySent) continue
        const form = new FormData()
        form.set('propertyId', item.propertyId)
        form.set('reaction', entry.reaction ?? '')
        form.set('comment', entry.comment ?? '')
        form.set('name', entry.name ?? '')
        const result = await submitFeedback(share, DEMO_CLIENT_ADDRESS, form)
        if (!result?.ok) throw new Error(`Demo feedback on ${item.referenceCode} was refused`)
        report.feedback++
      }
    }
  }
}

/** Deal title → id. Every deal starts as a lead and is moved along its path (each move logged). */
async function seedDeals(
  team: DemoTeam,
  propertyIds: Map<string, string>,
  clientIds: Map<string, string>,
  report: PortfolioSeedReport,
) {
  const ids = new Map<string, string>()
  const byClient = new Map<string, DemoDeal[]>()
  for (const deal of DEMO_DEALS) byClient.set(deal.clientEmail, [...(byClient.get(deal.clientEmail) ?? []), deal])
  for (const [email, clientDeals] of byClient) {
    const clientId = clientIds.get(email.toLowerCase())
    if (!clientId) continue
    // A deal is the client's member's: their client, their listing.
    const scope = memberOfClient(team, email)
    const existing = new Map((await listClientDeals(scope, clientId)).map((d) => [d.title, d]))
    for (const deal of clientDeals) {
      let id = existing.get(deal.title)?.id
      let stage: DealStage = existing.get(deal.title)?.stage ?? 'lead'
      if (!id) {
        const created = await createDeal(scope, {
          clientId,
          propertyId: deal.referenceCode ? (propertyIds.get(deal.referenceCode) ?? null) : null,
          title: deal.title,
          value: deal.value ?? null,
          currency: 'EUR',
          commission: deal.commission ?? null,
          expectedCloseDate: deal.expectedCloseDate ?? null,
          notes: deal.notes ?? null,
        })
        if (!created) continue
        id = created.id
        stage = 'lead'
        report.deals++
      }
      ids.set(deal.title, id)
      // Only forward along the path: a deal the broker moved elsewhere is not dragged back.
      const path: DealStage[] = ['lead', ...deal.path]
      const reached = path.indexOf(stage)
      if (reached < 0) continue
      for (const next of path.slice(reached + 1)) {
        if ((await moveDeal(scope, id, next))?.moved) report.dealMoves++
      }
    }
  }
  return ids
}

/** "2026-05-14": the day in Lisbon that `at` falls on (the form's date is the member's wall clock). */
const lisbonDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

/**
 * The agency's agenda (DEMO_VIEWINGS): each viewing by the client's member, days from the seed,
 * none mailed; a past one marked done, with the rating the client gave on its feedback page.
 */
async function seedViewings(team: DemoTeam, propertyIds: Map<string, string>, clientIds: Map<string, string>, report: PortfolioSeedReport) {
  const now = Date.now()
  for (const viewing of DEMO_VIEWINGS) {
    const clientId = clientIds.get(viewing.clientEmail.toLowerCase())
    const propertyId = propertyIds.get(viewing.referenceCode)
    if (!clientId || !propertyId) continue
    const scope = memberOfClient(team, viewing.clientEmail)
    let id = (await listViewings(scope, { clientId })).find((v) => v.propertyId === propertyId)?.id
    if (!id) {
      const form = ViewingFormSchema.parse({
        propertyId,
        clientId,
        date: lisbonDate(now + viewing.inDays * DAY_MS),
        time: viewing.time,
        durationMinutes: viewing.durationMinutes,
        notes: viewing.notes ?? '',
      })
      const created = await createViewing(scope, form, DEMO_TIME_ZONE, { mailClient: false })
      if (!created?.ok) throw new Error(`Demo viewing of ${viewing.referenceCode} was refused`)
      id = created.id
      report.viewings++
    }
    if (!viewing.done) continue
    if ((await getViewing(scope, id))?.status === 'scheduled') await setViewingStatus(scope, id, 'done', DEMO_TIME_ZONE, { mailClient: false })
    const done = await getViewing(scope, id)
    if (done?.feedbackToken && done.rating === null) await saveViewingFeedback(done.feedbackToken, viewing.done)
  }
}

async function seedComments(
  team: DemoTeam,
  propertyIds: Map<string, string>,
  clientIds: Map<string, string>,
  dealIds: Map<string, string>,
  report: PortfolioSeedReport,
) {
  const dealClient = new Map(DEMO_DEALS.map((deal) => [deal.title, deal.clientEmail]))
  for (const comment of DEMO_COMMENTS) {
    // Written by the member who looks after what the note is about.
    const scope =
      comment.subject === 'property'
        ? memberOfProperty(team, comment.referenceCode)
        : memberOfClient(team, comment.subject === 'client' ? comment.clientEmail : (dealClient.get(comment.dealTitle) ?? ''))
    const id =
      comment.subject === 'property'
        ? propertyIds.get(comment.referenceCode)
        : comment.subject === 'client'
          ? clientIds.get(comment.clientEmail.toLowerCase())
          : dealIds.get(comment.dealTitle)
    if (!id) continue
    const thread = await listComments(scope, comment.subject, id)
    if (thread.some((c) => c.body === comment.body)) continue
    if (await addComment(scope, { subject: comment.subject, id, body: comment.body })) report.comments++
  }
}
