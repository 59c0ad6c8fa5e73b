import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { ListObjectsCommand } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalS3, type LocalS3 } from '#tests/support/local-s3.ts'
import { queryRows } from '#db/client.server.ts'
import { sweepAccountFiles } from '#app/modules/media/sweep.server.ts'
import { GOOD_PASSWORD, settleShareViews, signIn, TestBrowser } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'
import { enableTwoFactor } from '#tests/support/two-factor.ts'
import { runClientAlerts } from '#app/modules/alerts/run.server.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { createBrokerWorld, type BrokerWorld } from '#tests/support/world.ts'

// The app under test runs with DATA_DIR=test-results/integration-data/<project> (vitest.config.ts).
const FILES_DIR = path.resolve(process.env.DATA_DIR!, 'files')

/** Every base table in every schema of this database (ours: public, and drizzle's own). */
async function allTables() {
  const rows = await queryRows<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`)
  return rows
}

/**
 * Rows, per table, whose text (every column, jsonb included, as Postgres prints the row)
 * contains any of the given ids or e-mail addresses: references by user id, owner id, e-mail,
 * property, client, deal or share id, wherever they sit.
 */
async function rowsMentioning(needles: string[]) {
  const found: Record<string, number> = {}
  const patterns = sql.join(needles.map((needle) => sql`${`%${needle}%`}`), sql`, `)
  for (const table of await allTables()) {
    const [row] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} as r where r::text ilike any (array[${patterns}])`,
    )
    if (Number(row?.n) > 0) found[`${table.schema}.${table.name}`] = Number(row?.n)
  }
  return found
}

async function uploadAvatar(browser: TestBrowser) {
  const form = new FormData()
  form.set('intent', 'upload-avatar')
  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#445566' } }).png().toBuffer()
  form.set('avatar', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }))
  const response = await browser.postMultipart('/profile/account?upload=avatar', form)
  if (response.status !== 302) throw new Error(`avatar upload failed: ${response.status}`)
}

/** A broker with one of everything, an avatar, a note, client feedback, a share view and counters. */
async function fullAccount() {
  const world = await createBrokerWorld()
  const user = await findUser(world.email)
  await uploadAvatar(world.browser)
  await world.browser.post('/comments', { intent: 'add', subject: 'property', id: world.propertyId, body: 'Call the owner' })
  const visitor = new TestBrowser()
  await visitor.get(`/client-listing/${world.listingShare}`)
  await visitor.post(`/client-listing/${world.listingShare}`, { propertyId: world.propertyId, reaction: 'interested', comment: 'Lovely' })
  // The view is written with the next batch (within a second): now, so the account is complete.
  await settleShareViews()
  // Client alerts on, and a property mailed to the client (the mail itself is not sent here).
  expect((await world.browser.post(`/client/${world.clientId}`, { intent: 'alerts-on', consent: 'yes' })).status).toBe(302)
  await createPropertyVia(world.browser, { title: 'Alert fixture flat' })
  await runClientAlerts({ send: async () => {} })
  // An import waiting for its confirmation, and a portal feed address.
  const upload = new FormData()
  upload.set('file', new File(['FullName\nWaiting Client\n'], 'clients.csv', { type: 'text/csv' }))
  expect((await world.browser.postMultipart('/clients/import', upload)).status).toBe(302)
  expect((await world.browser.post('/profile/portal-feed', { intent: 'create' })).status).toBe(302)
  expect((await world.browser.post('/profile/calendar-feed', { intent: 'create' })).status).toBe(302)
  // A failed sign-in from elsewhere leaves a per-account counter keyed by the e-mail.
  expect((await signIn(new TestBrowser(), world.email, 'not-the-password')).status).toBe(400)
  // Two-factor on (secret, recovery codes), and a half-finished sign-in with a wrong code
  // (a challenge row and a per-account counter keyed by the user id).
  const { recoveryCodes } = await enableTwoFactor(world.browser)
  const halfSignedIn = new TestBrowser()
  expect((await signIn(halfSignedIn, world.email)).headers.get('Location')).toBe('/auth/two-factor')
  expect((await halfSignedIn.post('/auth/two-factor', { code: 'not-a-code' })).status).toBe(400)
  // The share view above is written in a batch up to a second later: written now, so the
  // account's rows are all there before a test counts them (else a late view reads as a change).
  await settleShareViews()
  return { ...world, userId: user.id, recoveryCodes }
}

const needlesOf = (a: BrokerWorld & { userId: string }) => [
  a.userId,
  a.email,
  a.propertyId,
  a.clientId,
  a.dealId,
  a.photoId,
  a.documentId,
  a.propertyShare,
  a.listingShare,
  a.viewingId,
  a.taskId,
  a.feedbackToken,
]

const filesUnder = (...parts: string[]) => readdir(path.join(FILES_DIR, ...parts)).catch(() => [] as string[])

async function filesOf(a: { userId: string; propertyId: string }) {
  return {
    avatars: await filesUnder('avatars', a.userId),
    photos: await filesUnder('photos', a.propertyId),
    documents: await filesUnder('documents', a.propertyId),
  }
}

describe('account deletion', () => {
  it('refuses a wrong password or a wrong word next to its field and deletes nothing', async () => {
    const a = await fullAccount()
    const before = await rowsMentioning(needlesOf(a))
    const filesBefore = await filesOf(a)

    const wrongPassword = await a.browser.post('/profile/data', { intent: 'delete-account', password: 'wrong-password', confirmation: 'DELETE' })
    expect(wrongPassword.status).toBe(400)
    const html = await wrongPassword.text()
    expect(html).toMatch(/id="[^"]*password[^"]*"[^>]*>\s*<li>Your password is not correct/)
    // The password is never sent back.
    expect(html).not.toContain('wrong-password')

    for (const confirmation of ['delete', 'DELET', '']) {
      const wrongWord = await a.browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation })
      expect(wrongWord.status).toBe(400)
      expect(await wrongWord.text()).toMatch(/id="[^"]*confirmation[^"]*"[^>]*>\s*<li>Type DELETE/)
    }
    const noPassword = await a.browser.post('/profile/data', { intent: 'delete-account', password: '', confirmation: 'DELETE' })
    expect(noPassword.status).toBe(400)
    expect(await noPassword.text()).toContain('Enter your password')

    // Still signed in, every row and file still there (the failed check adds only its counter).
    expect((await a.browser.get('/home')).status).toBe(200)
    const after = await rowsMentioning(needlesOf(a))
    expect(after).toEqual({ ...before, 'public.rate_limits': (before['public.rate_limits'] ?? 0) + 1 })
    expect(await filesOf(a)).toEqual(filesBefore)
  })

  it('removes every row and file of the account in one go, ends its sessions and leaves other brokers alone', async () => {
    const a = await fullAccount()
    const b = await fullAccount()
    // A second device of A, signed in too.
    const otherDevice = new TestBrowser()
    expect((await signIn(otherDevice, a.email)).status).toBe(302)
    expect((await otherDevice.post('/auth/two-factor', { code: a.recoveryCodes[0]! })).headers.get('Location')).toBe('/home')
    // Counters that name the account: a failed sign-in (by e-mail), a wrong password and a
    // wrong second-factor code (by id).
    const halfSignedIn = new TestBrowser()
    await signIn(halfSignedIn, a.email)
    expect((await halfSignedIn.post('/auth/two-factor', { code: '000000' })).status).toBe(400)
    // After the right password above, which clears the e-mail's failures.
    expect((await signIn(new TestBrowser(), a.email, 'not-the-password')).status).toBe(400)
    expect((await a.browser.post('/profile/data', { intent: 'delete-account', password: 'nope-nope', confirmation: 'DELETE' })).status).toBe(400)
    // A background job that names the account: a password-reset request queued for it.
    expect((await new TestBrowser().post('/forgot-password', { email: a.email })).status).toBe(200)

    const before = await rowsMentioning(needlesOf(a))
    expect(Object.entries(before).some(([table, n]) => table.startsWith('pgboss.') && n > 0), 'the reset job names the account').toBe(true)
    // The scan does find the account: users, profiles, sessions, properties, media, clients…
    for (const table of ['users', 'profiles', 'user_sessions', 'user_subscriptions', 'rate_limits', 'properties', 'property_photos',
      'property_documents', 'activities', 'clients', 'client_listing_items', 'shares', 'share_views', 'client_feedback', 'deals', 'comments',
      'two_factor_secrets', 'two_factor_recovery_codes', 'two_factor_challenges',
      'imports', 'portal_feeds', 'viewings', 'tasks', 'calendar_feeds', 'client_alerts', 'alert_matches']) {
      expect(before[`public.${table}`], table).toBeGreaterThan(0)
    }
    // A failed sign-in and a reset request (by e-mail), a wrong password and a wrong code (by id), a share's feedback counter.
    expect(before['public.rate_limits']).toBe(5)
    const filesA = await filesOf(a)
    expect(filesA.avatars).toHaveLength(2)
    expect(filesA.photos.length).toBeGreaterThanOrEqual(2)
    expect(filesA.documents).toHaveLength(1)
    const bRows = await rowsMentioning(needlesOf(b))
    const bFiles = await filesOf(b)
    const oldCookie = [...a.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')

    const response = await a.browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation: ' DELETE ' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.getSetCookie().some((c) => /^bv_session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true)
    expect(a.browser.cookies.has('bv_session')).toBe(false)
    const landing = await a.browser.get('/')
    expect(landing.status).toBe(200)
    expect(await landing.text()).toContain('Your account has been deleted.')

    expect(await rowsMentioning(needlesOf(a))).toEqual({})
    expect(await filesOf(a)).toEqual({ avatars: [], photos: [], documents: [] })
    expect(existsSync(path.join(FILES_DIR, 'avatars', a.userId))).toBe(false)

    // The other broker: every row and file as before.
    expect(await rowsMentioning(needlesOf(b))).toEqual(bRows)
    expect(await filesOf(b)).toEqual(bFiles)
    expect((await b.browser.get('/home')).status).toBe(200)
    expect((await new TestBrowser().get(`/preview/${b.propertyShare}`)).status).toBe(200)

    // The old cookie (this device's and the other device's) opens nothing; share links are gone.
    for (const cookie of [oldCookie, [...otherDevice.cookies].map(([k, v]) => `${k}=${v}`).join('; ')]) {
      const home = await new TestBrowser().get('/home', { headers: { Cookie: cookie } })
      expect(home.status).toBe(302)
      expect(home.headers.get('Location')).toMatch(/^\/auth/)
    }
    expect((await new TestBrowser().get(`/preview/${a.propertyShare}`)).status).toBe(404)
    expect((await new TestBrowser().get(`/client-listing/${a.listingShare}`)).status).toBe(404)

    // Signing in again fails like any unknown account.
    const again = await signIn(new TestBrowser(), a.email)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('Invalid login credentials')

    // The sweep again (a retried job): nothing to do, no error, the other broker untouched.
    await expect(sweepAccountFiles({ userId: a.userId, propertyIds: [a.propertyId] })).resolves.toBeDefined()
    expect(await filesOf(b)).toEqual(bFiles)
  })
})

describe('account file sweep on S3 (s3rver)', () => {
  const BUCKET = 'sweep'
  let s3: LocalS3

  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET)
  })
  afterAll(async () => {
    await s3?.close()
  })

  async function bucketKeys() {
    const page = await s3.inspector.send(new ListObjectsCommand({ Bucket: BUCKET }))
    return (page.Contents ?? []).map((object) => object.Key as string).sort()
  }

  it('deletes the account’s avatar, photo and document folders (rows or not) and nothing else; again is harmless', async () => {
    const storage = s3.storageAt()
    const [userA, userB, propertyA1, propertyA2, propertyB] = Array.from({ length: 5 }, () => crypto.randomUUID())
    const hex = (n: number) => n.toString(16).padStart(32, '0')
    const keysA = [
      `avatars/${userA}/${hex(1)}-256.webp`,
      `avatars/${userA}/${hex(1)}-64.webp`,
      `photos/${propertyA1}/${hex(2)}.jpg`,
      `photos/${propertyA1}/${hex(3)}.webp`,
      // A file no row names any more (a delete that failed after its commit) goes too.
      `photos/${propertyA2}/${hex(4)}.webp`,
      `documents/${propertyA1}/${hex(5)}.pdf`,
    ]
    const keysB = [`avatars/${userB}/${hex(6)}-64.webp`, `photos/${propertyB}/${hex(7)}.webp`, `documents/${propertyB}/${hex(8)}.pdf`]
    for (const key of [...keysA, ...keysB]) await storage.put(key, new Uint8Array([1, 2, 3]), 'application/octet-stream')
    expect(await bucketKeys()).toEqual([...keysA, ...keysB].sort())

    const input = JSON.parse(JSON.stringify({ userId: userA, propertyIds: [propertyA1, propertyA2] }))
    await sweepAccountFiles(input, storage)
    expect(await bucketKeys()).toEqual([...keysB].sort())
    await sweepAccountFiles(input, storage)
    expect(await bucketKeys()).toEqual([...keysB].sort())
  })

  it('refuses a prefix that is not a folder built from an id', async () => {
    const storage = s3.storageAt()
    for (const prefix of ['', 'photos/', 'photos', '../x/', `photos/${crypto.randomUUID()}`]) {
      await expect(storage.deletePrefix(prefix)).rejects.toThrow('invalid storage prefix')
    }
  })
})
