import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalS3 } from '#tests/support/local-s3.ts'
import { getDb, queryRows } from '#db/client.server.ts'
import { dataExports, propertyDocuments, propertyPhotos } from '#db/schema.ts'
import { createExportArchive } from '#app/modules/exports/archive.server.ts'
import { deleteExpiredDataExports, runDataExportJob } from '#app/modules/exports/data-exports.server.ts'
import { EXPORT_QUEUED_MESSAGE } from '#app/routes/app/profile-export.ts'
import { GOOD_PASSWORD, type TestBrowser } from '#tests/support/app.ts'
import { findUser } from '#tests/support/db.ts'
import { createBrokerWorld } from '#tests/support/world.ts'
import { CookieJar, getPage, postForm, projectDatabaseEnv, signedInJar, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts'
import { startSmtpListener, type SmtpListener } from '#tests/support/smtp.ts'
import { propertyForm } from '#tests/support/properties.ts'
import { unzip } from '#tests/support/zip.ts'

// The app under test runs with DATA_DIR=test-results/integration-data/<project> (vitest.config.ts) and
// EXPORT_INLINE_MAX_FILES=2: the world's broker (one photo, one document) downloads at once.
const FILES_DIR = path.resolve(process.env.DATA_DIR!, 'files')
const NOTE = 'Call "the owner", then,\nvisit on Tuesday — façade'

/** An RFC 4180 reader for the test (quoted fields, doubled quotes, CRLF records). */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      field = ''
      record = []
      i++
    } else field += c
  }
  expect(field, 'CSV ends with CRLF').toBe('')
  const [header = [], ...rows] = records
  for (const row of rows) expect(row).toHaveLength(header.length)
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])))
}

async function photo(color: string) {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).jpeg().toBuffer()
}

async function uploadPhoto(browser: TestBrowser, propertyId: string) {
  const upload = new FormData()
  upload.set('intent', 'upload-photos')
  upload.append('photos', new File([new Uint8Array(await photo('#aa3344'))], 'extra.jpg', { type: 'image/jpeg' }))
  expect((await browser.postMultipart(`/property/${propertyId}/media?upload=photos`, upload)).status).toBe(302)
}

/** A broker with properties, photos, a document, clients, a deal, notes and client feedback. */
async function brokerWithEverything() {
  const world = await createBrokerWorld()
  const user = await findUser(world.email)
  expect((await world.browser.post('/comments', { intent: 'add', subject: 'property', id: world.propertyId, body: NOTE })).status).toBe(302)
  return { ...world, userId: user.id }
}

type Tables = Record<string, Record<string, unknown>[]>

async function storedBytes(key: string) {
  return readFile(path.join(FILES_DIR, key))
}

/** Mail jobs queued for an address (the worker is not running in these tests). */
async function queuedMailTo(email: string) {
  return queryRows<{ data: { to: string; subject: string; paragraphs: string[]; action?: { url: string } } }>(
    sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${email}`,
  )
}

describe('data export', () => {
  it('downloads a zip of the broker’s own rows as JSON and CSV, and the original files', async () => {
    const a = await brokerWithEverything()
    const b = await brokerWithEverything()

    const response = await a.browser.post('/profile/export', { intent: 'export-data' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/zip')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="brokervault-export-\d{4}-\d{2}-\d{2}\.zip"$/)
    const zip = await unzip(Buffer.from(await response.arrayBuffer()))

    const data = JSON.parse(zip.get('data.json')!.toString('utf8')) as { format: string; missingFiles: string[]; tables: Tables }
    expect(data.format).toBe('brokervault-export')
    expect(data.missingFiles).toEqual([])
    const t = data.tables
    expect(t.users).toEqual([{ id: a.userId, email: a.email, createdAt: expect.any(String) }])
    expect(t.profiles?.map((r) => r.id)).toEqual([a.userId])
    expect(t.user_subscriptions?.map((r) => r.userId)).toEqual([a.userId])
    expect(t.properties?.map((r) => r.id)).toEqual([a.propertyId])
    expect(t.property_photos?.map((r) => r.id)).toEqual([a.photoId])
    expect(t.property_documents?.map((r) => r.id)).toEqual([a.documentId])
    expect(t.clients?.map((r) => r.id)).toEqual([a.clientId])
    expect(t.client_listing_items?.map((r) => r.clientId)).toEqual([a.clientId])
    expect(t.deals?.map((r) => r.id)).toEqual([a.dealId])
    expect(t.comments?.map((r) => r.body)).toEqual([NOTE])
    expect(new Set(t.shares?.map((r) => r.id))).toEqual(new Set([a.propertyShare, a.listingShare]))
    expect(t.activities?.length).toBeGreaterThan(0)
    // Every row is the broker's own: owner columns name A only.
    for (const [table, rows] of Object.entries(t)) {
      for (const row of rows) {
        for (const column of ['ownerId', 'userId']) if (column in row) expect(row[column], `${table}.${column}`).toBe(a.userId)
      }
    }

    // Nothing of B, nothing secret, anywhere in the archive.
    const everything = [...zip.entries()].map(([name, bytes]) => `${name}\n${bytes.toString('latin1')}`).join('\n')
    for (const foreign of [b.userId, b.email, b.propertyId, b.clientId, b.dealId, b.photoId, b.documentId, b.propertyShare]) {
      expect(everything).not.toContain(foreign)
    }
    const [hash] = await queryRows<{ h: string }>(sql`select password_hash as h from users where id = ${a.userId}`)
    expect(everything).not.toContain(hash!.h)
    expect(everything).not.toMatch(/\$argon2/)
    expect(everything).not.toMatch(/passwordHash|password_hash|sessionId|tokenHash/)
    const [session] = await queryRows<{ s: string }>(sql`select session_id as s from user_sessions where user_id = ${a.userId} limit 1`)
    expect(everything).not.toContain(session!.s)

    // CSVs parse back to the same rows.
    const csvComments = parseCsv(zip.get('csv/comments.csv')!.toString('utf8'))
    expect(csvComments.map((r) => r.body)).toEqual([NOTE])
    const csvProperties = parseCsv(zip.get('csv/properties.csv')!.toString('utf8'))
    expect(csvProperties).toHaveLength(1)
    expect(csvProperties[0]).toMatchObject({ id: a.propertyId, ownerId: a.userId, title: t.properties![0]!.title })
    expect(parseCsv(zip.get('csv/users.csv')!.toString('utf8'))).toEqual([{ id: a.userId, email: a.email, createdAt: t.users![0]!.createdAt }])
    expect(parseCsv(zip.get('csv/deals.csv')!.toString('utf8')).map((r) => r.id)).toEqual([a.dealId])
    expect(parseCsv(zip.get('csv/clients.csv')!.toString('utf8')).map((r) => r.id)).toEqual([a.clientId])

    // The files: the photo's stored original and the document, byte for byte, at readable paths.
    const [photoRow] = await getDb().select().from(propertyPhotos).where(eq(propertyPhotos.id, a.photoId))
    const [documentRow] = await getDb().select().from(propertyDocuments).where(eq(propertyDocuments.id, a.documentId))
    const photoPath = String(t.property_photos![0]!.exportPath)
    const documentPath = String(t.property_documents![0]!.exportPath)
    expect(photoPath).toMatch(new RegExp(`^files/properties/sunny-two-bedroom-flat-${a.propertyId.slice(0, 8)}/photos/01-${a.photoId.slice(0, 8)}\\.jpg$`))
    expect(documentPath).toBe(`files/properties/sunny-two-bedroom-flat-${a.propertyId.slice(0, 8)}/documents/plan.pdf`)
    expect(zip.get(photoPath)).toEqual(await storedBytes(photoRow!.originalKey))
    expect(zip.get(documentPath)?.toString()).toBe('%PDF-1.4\n%%EOF\n')
    expect(zip.get(documentPath)).toEqual(await storedBytes(documentRow!.storageKey))
    // Originals only: no WebP variants.
    expect([...zip.keys()].filter((name) => name.endsWith('.webp'))).toEqual([])
    expect(zip.has('README.txt')).toBe(true)
  })

  it('needs a signed-in broker', async () => {
    const { TestBrowser } = await import('#tests/support/app.ts')
    const response = await new TestBrowser().post('/profile/export', { intent: 'export-data' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^\/auth/)
  })

  it('prepares a large account in the background: e-mailed link, owner-only download, swept with the account', async () => {
    const a = await brokerWithEverything()
    const b = await brokerWithEverything()
    await uploadPhoto(a.browser, a.propertyId)

    const response = await a.browser.post('/profile/export', { intent: 'export-data' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/profile/data')
    const profile = await a.browser.follow(response)
    const html = (await profile.response.text()).replace(/&#x27;/g, "'")
    expect(html).toContain(EXPORT_QUEUED_MESSAGE)
    expect(html).toContain('being prepared')
    // Asking again while it is prepared queues nothing more.
    await a.browser.post('/profile/export', { intent: 'export-data' })
    const rows = await getDb().select().from(dataExports).where(eq(dataExports.ownerId, a.userId))
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row!.status).toBe('pending')
    expect(row!.storageKey).toMatch(new RegExp(`^exports/${a.userId}/[0-9a-f]{32}\\.zip$`))

    // The job, as the worker runs it.
    await runDataExportJob({ exportId: row!.id })
    const [ready] = await getDb().select().from(dataExports).where(eq(dataExports.id, row!.id))
    expect(ready!.status).toBe('ready')
    expect(ready!.bytes).toBeGreaterThan(0)
    expect(ready!.expiresAt!.getTime() - ready!.readyAt!.getTime()).toBe(7 * 24 * 3600 * 1000)
    expect(existsSync(path.join(FILES_DIR, row!.storageKey))).toBe(true)

    const [mail] = await queuedMailTo(a.email)
    expect(mail?.data.subject).toBe('Your BrokerVault data export is ready')
    const link = new URL(mail!.data.action!.url)
    expect(link.href).toBe(`http://localhost:3000/profile/exports/${row!.id}`)

    // The profile's Data section lists it with the link.
    expect(await (await a.browser.get('/profile/data')).text()).toContain(`href="/profile/exports/${row!.id}"`)

    const download = await a.browser.get(link.pathname)
    expect(download.status).toBe(200)
    expect(download.headers.get('Content-Type')).toBe('application/zip')
    const bytes = Buffer.from(await download.arrayBuffer())
    expect(bytes.length).toBe(ready!.bytes)
    const zip = await unzip(bytes)
    const data = JSON.parse(zip.get('data.json')!.toString('utf8')) as { tables: Tables }
    expect(data.tables.property_photos).toHaveLength(2)
    for (const photoRow of data.tables.property_photos!) {
      expect(zip.get(String(photoRow.exportPath))).toEqual(await storedBytes(String(photoRow.originalKey)))
    }
    expect(data.tables.users?.[0]?.email).toBe(a.email)

    // Another broker, or nobody, gets nothing; a malformed or unknown id is the same 404.
    expect((await b.browser.get(link.pathname)).status).toBe(404)
    expect((await a.browser.get('/profile/exports/not-an-id')).status).toBe(404)
    expect((await a.browser.get(`/profile/exports/${b.propertyId}`)).status).toBe(404)
    const { TestBrowser } = await import('#tests/support/app.ts')
    expect((await new TestBrowser().get(link.pathname)).status).toBe(302)

    // Expired: no longer downloadable, and the cleanup deletes file and row.
    await getDb().update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataExports.id, row!.id))
    expect((await a.browser.get(link.pathname)).status).toBe(404)
    await deleteExpiredDataExports()
    expect(await getDb().select().from(dataExports).where(eq(dataExports.id, row!.id))).toEqual([])
    expect(existsSync(path.join(FILES_DIR, row!.storageKey))).toBe(false)
  })

  it('deleting the account removes its export files', async () => {
    const a = await brokerWithEverything()
    await uploadPhoto(a.browser, a.propertyId)
    expect((await a.browser.post('/profile/export', { intent: 'export-data' })).status).toBe(302)
    const [row] = await getDb().select().from(dataExports).where(eq(dataExports.ownerId, a.userId))
    await runDataExportJob({ exportId: row!.id })
    const file = path.join(FILES_DIR, row!.storageKey)
    expect(existsSync(file)).toBe(true)

    const deleted = await a.browser.post('/profile/data', { intent: 'delete-account', password: GOOD_PASSWORD, confirmation: 'DELETE' })
    expect(deleted.status).toBe(302)
    expect(existsSync(path.dirname(file))).toBe(false)
    expect(await getDb().select().from(dataExports).where(eq(dataExports.ownerId, a.userId))).toEqual([])
  })
})

describe('data export through the background worker and a real SMTP server', () => {
  let server: ServerProcess | null = null
  let smtp: SmtpListener | null = null
  afterEach(async () => {
    await server?.dispose()
    await smtp?.close()
    server = null
    smtp = null
  })

  it('answers "preparing", then the worker stores the zip and mails a link only the owner can use', async () => {
    smtp = await startSmtpListener()
    // Every account with a file goes to the job; this server's own worker runs it.
    server = await startServerProcess({ ...projectDatabaseEnv(), SMTP_URL: smtp.url, JOBS_IN_PROCESS: '1', EXPORT_INLINE_MAX_FILES: '0' })
    await server.waitUntilHealthy()
    const url = server.url
    const owner = await signedInJar(url)
    const other = await signedInJar(url)
    const created = await postForm(url, '/property/new/residential', propertyForm({ title: 'Casa do Rio' }), owner)
    const propertyId = /^\/property\/([0-9a-f-]{36})$/.exec(created.headers.get('Location') ?? '')?.[1]
    expect(propertyId).toBeDefined()
    const upload = new FormData()
    upload.set('intent', 'upload-document')
    upload.set('title', 'Floor plan')
    upload.set('document', new File([new TextEncoder().encode('%PDF-1.4\n% worker test\n%%EOF\n')], 'floor plan.pdf', { type: 'application/pdf' }))
    const uploaded = await fetch(`${url}/property/${propertyId}/media?upload=document`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: url, 'Sec-Fetch-Site': 'same-origin', Cookie: owner.header },
      body: upload,
    })
    expect(uploaded.status).toBe(302)

    const asked = await postForm(url, '/profile/export', { intent: 'export-data' }, owner)
    expect(asked.status).toBe(302)
    expect(asked.headers.get('Location')).toBe('/profile/data')
    const profile = (await (await getPage(url, '/profile/data', owner)).text()).replace(/&#x27;/g, "'")
    expect(profile).toContain(EXPORT_QUEUED_MESSAGE)

    const email = (await (await getPage(url, '/profile', owner)).text()).match(/Signed in as (?:<!-- -->)?([^<\s]+)/)?.[1]
    expect(email).toBeDefined()
    const mail = await smtp.waitForMail(email!, 30_000)
    expect(mail.subject).toBe('Your BrokerVault data export is ready')
    const link = /https?:\/\/\S+\/profile\/exports\/[0-9a-f-]{36}/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    const exportUrl = new URL(link!)
    expect(exportUrl.origin).toBe(url)

    const download = await getPage(url, exportUrl.pathname, owner)
    expect(download.status).toBe(200)
    const zip = await unzip(Buffer.from(await download.arrayBuffer()))
    expect(zip.get(`files/properties/casa-do-rio-${propertyId!.slice(0, 8)}/documents/floor plan.pdf`)?.toString()).toBe('%PDF-1.4\n% worker test\n%%EOF\n')
    const data = JSON.parse(zip.get('data.json')!.toString('utf8')) as { tables: Tables }
    expect(data.tables.users?.map((u) => u.email)).toEqual([email])

    expect((await getPage(url, exportUrl.pathname, other)).status).toBe(404)
    const anonymous = await getPage(url, exportUrl.pathname, new CookieJar())
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/auth/)
  }, 90_000)
})

describe('data export from S3 storage (s3rver)', () => {
  it('reads the files through the S3 adapter and stores the job’s zip there', async () => {
    const s3 = await startLocalS3('exports-test')
    try {
      const storage = s3.storageAt()
      const a = await brokerWithEverything()
      await uploadPhoto(a.browser, a.propertyId)
      // The same files, in the bucket instead of on disk.
      const photos = await getDb().select().from(propertyPhotos).where(eq(propertyPhotos.ownerId, a.userId))
      const [document] = await getDb().select().from(propertyDocuments).where(eq(propertyDocuments.ownerId, a.userId))
      for (const key of [...photos.map((p) => p.originalKey), document!.storageKey]) await storage.put(key, await storedBytes(key), 'application/octet-stream')

      const zip = await unzip(await streamToBuffer(await createExportArchive(a.userId, storage)))
      const data = JSON.parse(zip.get('data.json')!.toString('utf8')) as { missingFiles: string[]; tables: Tables }
      expect(data.missingFiles).toEqual([])
      for (const row of [...data.tables.property_photos!, ...data.tables.property_documents!]) {
        const key = String(row.originalKey ?? row.storageKey)
        expect(zip.get(String(row.exportPath))?.equals(await storedBytes(key))).toBe(true)
      }

      expect((await a.browser.post('/profile/export', { intent: 'export-data' })).status).toBe(302)
      const [row] = await getDb().select().from(dataExports).where(eq(dataExports.ownerId, a.userId))
      await runDataExportJob({ exportId: row!.id }, storage)
      const stored = await storage.get(row!.storageKey)
      expect(stored?.bytes).toBe((await getDb().select().from(dataExports).where(eq(dataExports.id, row!.id)))[0]!.bytes)
      const fromBucket = await unzip(Buffer.from(await new Response(stored!.body).arrayBuffer()))
      expect(fromBucket.get(String(data.tables.property_documents![0]!.exportPath))?.toString()).toBe('%PDF-1.4\n%%EOF\n')
    } finally {
      await s3.close()
    }
  })
})

async function streamToBuffer(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}
