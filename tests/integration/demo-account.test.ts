import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, countDistinct, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, describe, expect, it } from 'vitest'
import { getDb, getDriver, queryRows } from '#db/client.server.ts'
import {
  activities,
  agencies,
  agencyMembers,
  auditLog,
  clientFeedback,
  clientListingItems,
  clients,
  comments,
  deals,
  properties,
  propertyPhotos,
  shares,
  userSubscriptions,
  viewings,
} from '#db/schema.ts'
import { findUserIdByEmail, signUp } from '#app/modules/auth/accounts.server.ts'
import { activatePlan } from '#app/modules/billing/subscription.server.ts'
import { createClient } from '#app/modules/clients/mutations.server.ts'
import { ClientFormSchema } from '#app/modules/clients/schemas.ts'
import {
  DEMO_EMAIL,
  isDemoWanted,
  seedDemoAccount,
  seedDemoAccountIfWanted,
} from '#app/modules/demo/demo-account.server.ts'
import { DEMO_BILLING_PROVIDER, DEMO_PLAN } from '#app/modules/demo/demo-portfolio.server.ts'
import { DEMO_PHOTO_WIDTH } from '#app/modules/demo/demo-photos.server.ts'
import { DEMO_AGENCY, DEMO_COLLEAGUES } from '#app/modules/demo/agency.ts'
import { DEMO_CLIENTS, DEMO_PROPERTIES, DEMO_VIEWINGS } from '#app/modules/demo/portfolio.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import { createProperty } from '#app/modules/properties/mutations.server.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import { settleShareViews, signIn, TestBrowser } from '#tests/support/app.ts'
import { scopeOf } from '#tests/support/db.ts'
import { logs } from '#tests/support/setup-integration.ts'

// Each project (PGlite, PostgreSQL) has its own database, and gets its own demo-account.json.
const dataDir = mkdtempSync(path.join(tmpdir(), `brokervault-demo-${getDriver()}-`))
const demoFile = path.join(dataDir, 'demo-account.json')

const demoUserId = () => findUserIdByEmail(DEMO_EMAIL)

/** The agency the demo broker owns. */
async function demoAgencyOf(ownerId: string) {
  const [row] = await getDb()
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, ownerId), eq(agencyMembers.role, 'owner')))
  return row!.agencyId
}

/** Everything of the demo broker's agency, counted straight in the database. */
async function countPortfolio(ownerId: string) {
  const agencyId = await demoAgencyOf(ownerId)
  const db = getDb()
  const n = async (table: PgTable & { agencyId: AnyPgColumn }) =>
    (await db.select({ n: count() }).from(table).where(eq(table.agencyId, agencyId)))[0]?.n ?? 0
  const [categories] = await db.select({ n: countDistinct(properties.category) }).from(properties).where(eq(properties.agencyId, agencyId))
  const [statuses] = await db.select({ n: countDistinct(properties.status) }).from(properties).where(eq(properties.agencyId, agencyId))
  const [stages] = await db.select({ n: countDistinct(deals.stage) }).from(deals).where(eq(deals.agencyId, agencyId))
  const [publicOnes] = await db
    .select({ n: count() })
    .from(properties)
    .where(and(eq(properties.agencyId, agencyId), eq(properties.visibility, 'public')))
  const [withoutPhotos] = await db
    .select({ n: count() })
    .from(properties)
    .where(
      and(
        eq(properties.agencyId, agencyId),
        sql`not exists (select 1 from ${propertyPhotos} where ${propertyPhotos.propertyId} = ${properties.id})`,
      ),
    )
  return {
    members: (await db.select({ n: count() }).from(agencyMembers).where(eq(agencyMembers.agencyId, agencyId)))[0]?.n,
    viewings: await n(viewings),
    properties: await n(properties),
    photos: await n(propertyPhotos),
    clients: await n(clients),
    shortlistItems: await n(clientListingItems),
    shortlists: (await db.select({ n: countDistinct(clientListingItems.clientId) }).from(clientListingItems).where(eq(clientListingItems.agencyId, agencyId)))[0]?.n,
    shares: await n(shares),
    feedback: await n(clientFeedback),
    deals: await n(deals),
    comments: await n(comments),
    activities: await n(activities),
    categories: categories?.n,
    statuses: statuses?.n,
    dealStages: stages?.n,
    publicProperties: publicOnes?.n,
    propertiesWithoutPhotos: withoutPhotos?.n,
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the demo account', () => {
  it('is wanted on the embedded database unless SEED_DEMO=0, on a server database only with SEED_DEMO=1', () => {
    expect(isDemoWanted('pglite', undefined)).toBe(true)
    expect(isDemoWanted('pglite', false)).toBe(false)
    expect(isDemoWanted('postgres', undefined)).toBe(false)
    expect(isDemoWanted('postgres', false)).toBe(false)
    expect(isDemoWanted('postgres', true)).toBe(true)
  })

  let firstCounts: Awaited<ReturnType<typeof countPortfolio>>

  it('completes a portfolio that an interrupted first start left half-made, through the modules', { timeout: 120_000 }, async () => {
    // What a first start cut short after a few steps leaves: the account, its plan, one listing
    // (without its photos) and one client. No demo-account.json record of a finished seed.
    const signedUp = await signUp({ fullName: 'Dana Demo', email: DEMO_EMAIL, password: 'a-long-demo-password-1' })
    if (!signedUp.ok) throw new Error(signedUp.errors.join(' '))
    await activatePlan(signedUp.userId, DEMO_PLAN, DEMO_BILLING_PROVIDER)
    const first = DEMO_PROPERTIES[0]!
    const made = await createProperty(await scopeOf(signedUp.userId), first.category, propertyFormSchema(first.category).parse({ ...first.form, status: 'active' }))
    expect(made.ok).toBe(true)
    await createClient(await scopeOf(signedUp.userId), { ...ClientFormSchema.parse(DEMO_CLIENTS[0]!.form), stage: 'new' }, 'EUR')

    const demo = await seedDemoAccount(dataDir)
    expect(demo.userId).toBe(signedUp.userId)
    expect(demo.seeded).not.toBeNull()
    console.info(`demo portfolio seeded on ${getDriver()} in ${Math.round(demo.seeded!.ms)} ms (${Math.round(demo.seeded!.cpuMs)} ms of CPU)`, demo.seeded!.report)
    expect(demo.seeded!.report).toMatchObject({
      members: DEMO_COLLEAGUES.length,
      properties: DEMO_PROPERTIES.length - 1,
      clients: DEMO_CLIENTS.length - 1,
      viewings: DEMO_VIEWINGS.length,
      skipped: [],
    })
    expect(demo.planName).toBe('Advanced')

    firstCounts = await countPortfolio(demo.userId)
    expect(firstCounts).toMatchObject({
      members: 3,
      properties: 12,
      clients: 5,
      shortlists: 2,
      shares: 1,
      deals: 7,
      viewings: 3,
      propertiesWithoutPhotos: 0,
      categories: 3,
    })
    expect(firstCounts.photos).toBeGreaterThanOrEqual(24)
    expect(firstCounts.statuses).toBeGreaterThanOrEqual(5)
    expect(firstCounts.publicProperties).toBeGreaterThanOrEqual(3)
    expect(firstCounts.dealStages).toBeGreaterThanOrEqual(3)
    expect(firstCounts.comments).toBeGreaterThanOrEqual(5)

    // The plan came from the billing module, big enough for the portfolio.
    const [subscription] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, demo.userId))
    expect(subscription).toMatchObject({ plan: 'advanced', provider: 'demo' })

    // The interrupted listing got its photos and its place; each photo has its stored variants.
    const photos = await getDb().select().from(propertyPhotos).where(eq(propertyPhotos.ownerId, demo.userId))
    for (const photo of photos) {
      expect(Object.keys(photo.variantKeys).length).toBeGreaterThanOrEqual(3)
      expect(photo.caption).not.toBe('')
      expect(photo.width).toBe(DEMO_PHOTO_WIDTH)
    }
    const sample = photos[0]!
    for (const key of [sample.originalKey, ...Object.values(sample.variantKeys)]) {
      const stored = await getFileStorage().get(key)
      expect(stored, key).not.toBeNull()
      await stored?.body.cancel()
    }

    // One live share link, with the client's reactions and a comment sent through it.
    const [share] = await getDb().select().from(shares).where(and(eq(shares.ownerId, demo.userId), isNull(shares.revokedAt)))
    expect(await resolveLiveShare(share!.id)).not.toBeNull()
    const feedback = await getDb().select().from(clientFeedback).where(eq(clientFeedback.shareId, share!.id))
    expect(feedback.filter((f) => f.reaction === 'interested').length).toBeGreaterThanOrEqual(1)
    expect(feedback.filter((f) => f.reaction === 'not_for_me').length).toBeGreaterThanOrEqual(1)
    expect(feedback.some((f) => f.comment.length > 0)).toBe(true)

    // The activity is what the modules log, one kind per action they took.
    const kinds = await getDb()
      .selectDistinct({ kind: activities.kind })
      .from(activities)
      .where(eq(activities.ownerId, demo.userId))
    expect(kinds.map((k) => k.kind).sort()).toEqual(
      expect.arrayContaining([
        'property_created',
        'property_status_changed',
        'photos_added',
        'client_created',
        'client_stage_changed',
        'listing_updated',
        'listing_shared',
        'client_feedback',
        'deal_created',
        'deal_moved',
        'comment_added',
      ]),
    )
    const [dealActivities] = await getDb()
      .select({ n: count() })
      .from(activities)
      .where(and(eq(activities.ownerId, demo.userId), isNotNull(activities.dealId)))
    expect(dealActivities?.n).toBeGreaterThan(0)

    // demo-account.json records the finished seed for this account.
    expect(JSON.parse(readFileSync(demoFile, 'utf8'))).toMatchObject({ email: DEMO_EMAIL, portfolioSeededFor: demo.userId })
  })

  it('adds nothing on the next start, and nothing when the record of the finished seed is lost', { timeout: 60_000 }, async () => {
    const again = await seedDemoAccount(dataDir)
    expect(again.seeded).toBeNull()
    expect(await countPortfolio(again.userId)).toEqual(firstCounts)

    // Without the record (say the file was restored from an older copy) the seed runs, finds
    // every piece in place and creates nothing.
    const saved = JSON.parse(readFileSync(demoFile, 'utf8')) as Record<string, unknown>
    writeFileSync(demoFile, JSON.stringify({ email: saved.email, password: saved.password }))
    const rerun = await seedDemoAccount(dataDir)
    expect(rerun.seeded?.report).toEqual({
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
    })
    expect(await countPortfolio(rerun.userId)).toEqual(firstCounts)
  })

  it('signs in with the saved password and shows the portfolio on the pages', { timeout: 60_000 }, async () => {
    const { password } = JSON.parse(readFileSync(demoFile, 'utf8')) as { password: string }
    const browser = new TestBrowser()
    expect((await signIn(browser, DEMO_EMAIL, password)).status).toBe(302)
    const page = async (pathname: string) => {
      const response = await browser.get(pathname)
      expect(response.status, pathname).toBe(200)
      return response.text()
    }
    expect(await page('/properties')).toContain('Villa with pool in Quinta da Marinha')
    expect(await page('/clients')).toContain('Sofia Almeida')
    expect(await page('/deals')).toContain('Príncipe Real penthouse')
    const home = await page('/home')
    expect(home).toContain('Love the light in the living room')
    // The usage line counts the demo broker's own listings (5 of the agency's 12) against the plan.
    expect(home).toContain('5 / 100 properties')
    expect(home).not.toContain('Free trial:')
  })

  it('is an agency at work: the demo broker owns it, with an admin and an agent who hold some of the clients, deals and viewings', { timeout: 60_000 }, async () => {
    const db = getDb()
    const ownerId = (await demoUserId())!
    const agencyId = await demoAgencyOf(ownerId)
    const [agency] = await db.select().from(agencies).where(eq(agencies.id, agencyId))
    expect(agency).toMatchObject({ ...DEMO_AGENCY, logoId: expect.stringMatching(/^[0-9a-f]{32}$/) })
    const [adminId, agentId] = await Promise.all(DEMO_COLLEAGUES.map(async (colleague) => (await findUserIdByEmail(colleague.email))!))
    const members = await db.select({ userId: agencyMembers.userId, role: agencyMembers.role }).from(agencyMembers).where(eq(agencyMembers.agencyId, agencyId))
    expect(Object.fromEntries(members.map((m) => [m.userId, m.role]))).toEqual({ [ownerId]: 'owner', [adminId!]: 'admin', [agentId!]: 'agent' })
    // The colleagues joined by invitation: their own agencies of one are gone.
    expect(await db.select().from(agencyMembers).where(inArray(agencyMembers.userId, [adminId!, agentId!]))).toHaveLength(2)

    // Each member holds some of the records (the owner the Lisbon and Cascais book, the admin
    // the Porto and Braga office, the agent the south).
    const assigned = async (table: PgTable & { agencyId: AnyPgColumn; ownerId: AnyPgColumn }) =>
      Object.fromEntries(
        (await db.select({ ownerId: table.ownerId, n: count() }).from(table).where(eq(table.agencyId, agencyId)).groupBy(table.ownerId)).map((row) => [
          row.ownerId,
          row.n,
        ]),
      )
    expect(await assigned(properties)).toEqual({ [ownerId]: 5, [adminId!]: 3, [agentId!]: 4 })
    expect(await assigned(clients)).toEqual({ [ownerId]: 2, [adminId!]: 2, [agentId!]: 1 })
    expect(await assigned(deals)).toEqual({ [ownerId]: 3, [adminId!]: 2, [agentId!]: 2 })
    expect(await assigned(viewings)).toEqual({ [ownerId]: 1, [adminId!]: 1, [agentId!]: 1 })
    const [rated] = await db.select().from(viewings).where(and(eq(viewings.ownerId, agentId!), eq(viewings.status, 'done')))
    expect(rated).toMatchObject({ rating: 4 })
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.agencyId, agencyId))).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['agency_updated', 'agency_logo_saved', 'member_invited', 'member_joined']))

    // Nobody was mailed: the colleagues' invitations and the viewings concern made-up people.
    const addresses = [...DEMO_COLLEAGUES.map((c) => c.email), ...DEMO_CLIENTS.map((c) => c.form.email)]
    // The queue's table exists once anything was queued on this database.
    const [queue] = await queryRows<{ table: string | null }>(sql`select to_regclass('pgboss.job')::text as table`)
    if (queue?.table) {
      const [mailed] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' in (${sql.join(addresses.map((address) => sql`${address}`), sql`, `)})`,
      )
      expect(Number(mailed?.n)).toBe(0)
    }

    // Signed in as the demo broker: the agency's page, and a client's page with the agency on it.
    const { password } = JSON.parse(readFileSync(demoFile, 'utf8')) as { password: string }
    const browser = new TestBrowser()
    expect((await signIn(browser, DEMO_EMAIL, password)).status).toBe(302)
    const agencyPage = (await (await browser.get('/agency')).text()).replace(/<!-- -->/g, '')
    for (const shown of ['Marta Rocha', 'Tiago Nunes', `src="/logos/${agency!.logoId}/96"`, '3 of 3 seats used']) expect(agencyPage).toContain(shown)
    const [share] = await db.select({ id: shares.id }).from(shares).where(and(eq(shares.agencyId, agencyId), isNull(shares.revokedAt)))
    const card = /<section aria-label="Your broker"[\s\S]*?<\/section>/.exec(await (await new TestBrowser().get(`/client-listing/${share!.id}`)).text())?.[0] ?? ''
    for (const shown of [`src="/logos/${agency!.logoId}/96"`, 'Atlântico Imóveis', 'Avenida da Liberdade 110', 'Dana Demo', 'href="tel:+351912000140"']) expect(card).toContain(shown)
    const logo = await new TestBrowser().get(`/logos/${agency!.logoId}/256`)
    expect(logo.headers.get('Content-Type')).toBe('image/webp')
    // The client's look above is a view, written within a second: before the next test counts.
    await settleShareViews()
  })

  it('at a later start changes nothing: one line for the console on the embedded database, none on a server without SEED_DEMO', { timeout: 60_000 }, async () => {
    const before = await countPortfolio((await demoUserId())!)
    logs.take()
    await seedDemoAccountIfWanted()
    const lines = logs.take()
    if (getDriver() === 'pglite') {
      expect(lines).toEqual([
        expect.objectContaining({ level: 'info', msg: 'Demo broker ready', email: 'demo@brokervault.app', password: expect.stringMatching(/^\S+$/), plan: 'Advanced' }),
      ])
    } else {
      expect(lines).toEqual([])
    }
    expect(await countPortfolio((await demoUserId())!)).toEqual(before)
  })
})
