import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { and, desc, eq, lt } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { getQueue, type QueueOptions } from '#db/job-queue.server.ts'
import { dataExports } from '#db/schema.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { formatExact } from '#app/lib/when.ts'
import { getTimeZone } from '#app/modules/profile/profile.server.ts'
import { findAccountEmail } from '#app/modules/auth/export-rows.server.ts'
import { sendMail } from '#app/modules/mail/outbound.server.ts'
import { recordNotifications } from '#app/modules/notifications/notifications.server.ts'
import { exportsPrefix, getFileStorage, type FileStorage, type StoredFile } from '#app/modules/media/storage.server.ts'
import type { Scope } from '#db/tenancy.server.ts'
import type { ExportSubject } from '#app/lib/export-tables.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { roleIn } from '#app/modules/agencies/membership.server.ts'
import { createExportArchive, measureExport } from './archive.server.ts'

/** Where the broker's exports are listed: the Data section of the profile. */
export const EXPORTS_SECTION_PATH = '/profile/data'

/** A ready export can be downloaded for 7 days; the cleanup job deletes it after. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const DATA_EXPORT_QUEUE = 'data-export'
/** Three attempts a few minutes apart; a big account may take a while to zip. */
export const DATA_EXPORT_QUEUE_OPTIONS: QueueOptions = { retryLimit: 2, retryDelay: 120, expireInSeconds: 60 * 60 }
export type DataExportJob = { exportId: string }

export const exportDownloadPath = (exportId: string) => `/profile/exports/${exportId}`

/**
 * "Export my data": a small account is zipped during the request (the caller streams it); a
 * large one (more than EXPORT_INLINE_MAX_FILES files or EXPORT_INLINE_MAX_MB of them) gets a
 * pending export row and a background job, which e-mails a link when the zip is stored. A
 * broker with an export still being prepared gets that one rather than another job.
 * An owner or admin exports the whole agency; an agent their own account, profile and activity
 * (docs/decisions/034-agencies-and-tenancy.md). Each request is a line of the audit log.
 */
export async function requestDataExport(scope: Scope): Promise<{ kind: 'now'; archive: Readable } | { kind: 'queued'; alreadyQueued: boolean }> {
  const env = getEnv()
  const brokerId = scope.memberId
  const subject = exportSubjectFor(scope)
  const what = subject.wholeAgency ? "the agency's data" : 'their own data'
  const size = await measureExport(subject)
  if (size.files <= env.EXPORT_INLINE_MAX_FILES && size.bytes <= env.EXPORT_INLINE_MAX_MB * 1024 * 1024) {
    await recordAudit(scope, { action: 'data_exported', objectType: 'export', summary: `Exported ${what} (download)` })
    return { kind: 'now', archive: await createExportArchive(subject) }
  }
  const [pending] = await getDb()
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.ownerId, brokerId), eq(dataExports.status, 'pending')))
    .limit(1)
  if (pending) return { kind: 'queued', alreadyQueued: true }
  const storageKey = `${exportsPrefix(brokerId)}${randomBytes(16).toString('hex')}.zip`
  const row = await getDb().transaction(async (tx) => {
    const [created] = await tx.insert(dataExports).values({ ownerId: brokerId, storageKey }).returning({ id: dataExports.id })
    await recordAudit(scope, { action: 'data_exported', objectType: 'export', objectId: created!.id, summary: `Exported ${what} (prepared in the background)` }, tx)
    return created
  })
  const queue = await getQueue(DATA_EXPORT_QUEUE, DATA_EXPORT_QUEUE_OPTIONS)
  await queue.send(DATA_EXPORT_QUEUE, { exportId: row!.id } satisfies DataExportJob)
  return { kind: 'queued', alreadyQueued: false }
}

const exportSubjectFor = (scope: Scope): ExportSubject => ({ agencyId: scope.agencyId, memberId: scope.memberId, wholeAgency: scope.role !== 'agent' })

/**
 * What the job exports: by the member's role in the export's agency when it runs (an admin made
 * an agent since gets their own data; a member who left, nothing: null).
 */
async function jobSubject(row: { agencyId: string; ownerId: string }): Promise<ExportSubject | null> {
  const role = await roleIn(row.agencyId, row.ownerId)
  if (!role) return null
  return { agencyId: row.agencyId, memberId: row.ownerId, wholeAgency: role !== 'agent' }
}

/**
 * The job: writes the zip to a temporary file (streamed), stores it under
 * exports/{ownerId}/{random}.zip, marks the row ready for 7 days and e-mails the link. Runs
 * again safely: an export that is no longer pending (or whose account is gone) is skipped.
 */
export async function runDataExportJob(job: DataExportJob, storage: FileStorage = getFileStorage()) {
  const [row] = await getDb().select().from(dataExports).where(eq(dataExports.id, job.exportId))
  if (!row || row.status !== 'pending') return
  const email = await findAccountEmail(row.ownerId)
  const subject = await jobSubject(row)
  if (!email || !subject) return
  const dir = path.resolve(getEnv().DATA_DIR, 'tmp', 'exports')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${row.id}.zip`)
  try {
    await pipeline(await createExportArchive(subject, storage), createWriteStream(file))
    const { size } = await stat(file)
    await storage.putFile(row.storageKey, file, 'application/zip')
    const readyAt = new Date()
    const expiresAt = new Date(readyAt.getTime() + EXPORT_TTL_MS)
    const updated = await getDb().transaction(async (tx) => {
      const [marked] = await tx
        .update(dataExports)
        .set({ status: 'ready', bytes: size, readyAt, expiresAt })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id })
      if (!marked) return false
      await recordNotifications(tx, [
        { ownerId: row.ownerId, kind: 'export_ready', summary: 'Your data export is ready to download', href: EXPORTS_SECTION_PATH },
      ])
      return true
    })
    if (!updated) return
    // The day it goes, on the broker's calendar (their zone), in the app's one style.
    const until = formatExact(expiresAt, await getTimeZone(row.ownerId))
    await sendMail({
      to: email,
      subject: 'Your BrokerVault data export is ready',
      paragraphs: [
        'The export of your BrokerVault data you asked for is ready: a zip with your data as JSON and CSV, and your photos and documents.',
        `Download it within 7 days (until ${until}), signed in to your account; after that it is deleted and you can ask for a new one on your profile.`,
      ],
      action: { label: 'Download your data', url: `${getEnv().APP_URL}${exportDownloadPath(row.id)}` },
    })
  } finally {
    await rm(file, { force: true })
  }
}

/** The broker's exports for /profile, newest first: pending and ready ones that have not expired. */
export async function listDataExports(brokerId: string) {
  const rows = await getDb()
    .select({ id: dataExports.id, status: dataExports.status, bytes: dataExports.bytes, createdAt: dataExports.createdAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(eq(dataExports.ownerId, brokerId))
    .orderBy(desc(dataExports.createdAt))
    .limit(10)
  const now = Date.now()
  return rows.filter((row) => row.status === 'pending' || (row.status === 'ready' && row.expiresAt && row.expiresAt.getTime() > now))
}

/** The broker's own ready, unexpired export and its file; null for anything else (foreign ids included). */
export async function openDataExport(brokerId: string, exportId: string): Promise<(StoredFile & { createdAt: Date }) | null> {
  if (!isUuid(exportId)) return null
  const [row] = await getDb()
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.ownerId, brokerId), eq(dataExports.status, 'ready')))
  if (!row || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) return null
  const file = await getFileStorage().get(row.storageKey)
  return file ? { ...file, createdAt: row.createdAt } : null
}

/**
 * Scheduled cleanup: deletes expired exports (file, then row) and exports stuck pending for a
 * day (their job spent its retries). A file that cannot be deleted keeps its row for next time.
 */
export async function deleteExpiredDataExports(storage: FileStorage = getFileStorage()) {
  const now = new Date()
  const db = getDb()
  const expired = await db.select({ id: dataExports.id, storageKey: dataExports.storageKey }).from(dataExports).where(lt(dataExports.expiresAt, now))
  const stuck = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'pending'), lt(dataExports.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000))))
  let deleted = 0
  for (const row of [...expired, ...stuck]) {
    await storage.delete([row.storageKey])
    await db.delete(dataExports).where(eq(dataExports.id, row.id))
    deleted++
  }
  return { deleted }
}
