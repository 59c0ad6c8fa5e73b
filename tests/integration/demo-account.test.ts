import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, countDistinct, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, describe, expect, it } from 'vitest'
import { getDb, getDriver } from '#db/client.server.ts'
import {
  activities,
  clientFeedback,
  clientListingItems,
  clients,
  comments,
  deals,
  properties,
  propertyPhotos,
  shares,
  userSubscriptions,
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
import { DEMO_CLIENTS, DEMO_PROPERTIES } from '#app/modules/demo/portfolio.ts'
import { getFileStorage } from '#app/modules/media/storage.server.ts'
import { createProperty } from '#app/modules/properties/mutations.server.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { resolveLiveShare } from '#app/modules/sharing/shares.server.ts'
import { signIn, TestBrowser } from '#tests/support/app.ts'
import { scopeOf } from '#tests/support/db.ts'
import { logs } from '#tests/support/setup-integration.ts'

// Each project (PGlite, PostgreSQL) has its own database, and gets its own demo-account.json.
const dataDir = mkdtempSync(path.join(tmpdir(), `brokervault-demo-${getDriver()}-`))
const demoFile = path.join(dataDir, 'demo-account.json')

const demoUserId = () => findUserIdByEmail(DEMO_EMAIL)

/** Everything the demo broker owns, counted straight in the database. */
async function countPortfolio(ownerId: string) {
  const db = getDb()
  const n = async (table: PgTable & { ownerId: AnyPgColumn }) =>
    (await db.select({ n: count() }).from(table).where(eq(table.ownerId, ownerId)))[0]?.n ?? 0
  const [categories] = await db.select({ n: countDistinct(properties.category) }).from(properties).where(eq(properties.ownerId, ownerId))
  const [statuses] = await db.select({ n: countDistinct(properties.status) }).from(properties).where(eq(properties.ownerId, ownerId))
  const [stages] = await db.select({ n: countDistinct(deals.stage) }).from(deals).where(eq(deals.ownerId, ownerId))
  const [publicOnes] = await db
    .select({ n: count() })
    .from(properties)
    .where(and(eq(properties.ownerId, ownerId), eq(properties.visibility, 'public')))
  const [withoutPhotos] = await db
    .select({ n: count() })
    .from(properties)
    .where(
      and(
        eq(properties.ownerId, ownerId),
        sql`not exists (select 1 from ${propertyPhotos} where ${propertyPhotos.propertyId} = ${properties.id})`,
      ),
    )
  return {
    properties: await n(properties),
    photos: await n(propertyPhotos),
    clients: await n(clients),
    shortlistItems: await n(clientListingItems),
    shortlists: (await db.select({ n: countDistinct(clientListingItems.clientId) }).from(clientListingItems).where(eq(clientListingItems.ownerId, ownerId)))[0]?.n,
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
    expect(demo.seeded!.report).toMatchObject({ properties: DEMO_PROPERTIES.length - 1, clients: DEMO_CLIENTS.length - 1, skipped: [] })
    expect(demo.planName).toBe('Starter')

    firstCounts = await countPortfolio(demo.userId)
    expect(firstCounts).toMatchObject({
      properties: 12,
      clients: 5,
      shortlists: 2,
      shares: 1,
      propertiesWithoutPhotos: 0,
      categories: 3,
    })
    expect(firstCounts.photos).toBeGreaterThanOrEqual(24)
    expect(firstCounts.statuses).toBeGreaterThanOrEqual(5)
    expect(firstCounts.publicProperties).toBeGreaterThanOrEqual(3)
    expect(firstCounts.dealStages).toBeGreaterThanOrEqual(3)
    expect(firstCounts.deals).toBeGreaterThanOrEqual(6)
    expect(firstCounts.comments).toBeGreaterThanOrEqual(5)

    // The plan came from the billing module, big enough for the portfolio.
    const [subscription] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, demo.userId))
    expect(subscription).toMatchObject({ plan: 'starter', provider: 'demo' })

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
      properties: 0,
      photos: 0,
      clients: 0,
      shortlistItems: 0,
      shares: 0,
      feedback: 0,
      deals: 0,
      dealMoves: 0,
      comments: 0,
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
    expect(home).toContain('12 / 25 properties')
    expect(home).not.toContain('Free trial:')
  })

  it('at a later start changes nothing: one line for the console on the embedded database, none on a server without SEED_DEMO', { timeout: 60_000 }, async () => {
    const before = await countPortfolio((await demoUserId())!)
    logs.take()
    await seedDemoAccountIfWanted()
    const lines = logs.take()
    if (getDriver() === 'pglite') {
      expect(lines).toEqual([
        expect.objectContaining({ level: 'info', msg: 'Demo broker ready', email: 'demo@brokervault.app', password: expect.stringMatching(/^\S+$/), plan: 'Starter' }),
      ])
    } else {
      expect(lines).toEqual([])
    }
    expect(await countPortfolio((await demoUserId())!)).toEqual(before)
  })
})
