import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import yazl from 'yazl'
import type { ExportSubject, ExportTables } from '#app/lib/export-tables.ts'
import { exportAccountRows } from '#app/modules/auth/export-rows.server.ts'
import { exportProfileRows } from '#app/modules/profile/export-rows.server.ts'
import { exportBillingRows } from '#app/modules/billing/export-rows.server.ts'
import { exportActivityRows } from '#app/modules/activity/export-rows.server.ts'
import { largestAvatarKey } from '#app/modules/media/avatars.server.ts'
import { largestLogoKey } from '#app/modules/media/logos.server.ts'
import { exportMediaRows, listExportFiles } from '#app/modules/media/export-rows.server.ts'
import { getFileStorage, type FileStorage } from '#app/modules/media/storage.server.ts'
import { exportPropertyRows } from '#app/modules/properties/export-rows.server.ts'
import { exportClientRows } from '#app/modules/clients/export-rows.server.ts'
import { exportListingRows } from '#app/modules/listings/export-rows.server.ts'
import { exportSharingRows } from '#app/modules/sharing/export-rows.server.ts'
import { exportDealRows } from '#app/modules/deals/export-rows.server.ts'
import { exportCommentRows } from '#app/modules/comments/export-rows.server.ts'
import { exportAgendaRows } from '#app/modules/agenda/export-rows.server.ts'
import { exportAlertRows } from '#app/modules/alerts/export-rows.server.ts'
import { exportAgencyRows, exportPeople, exportSubjectOf } from '#app/modules/agencies/export-rows.server.ts'
import { exportLeadRows } from '#app/modules/leads/export-rows.server.ts'
import { exportOpenHouseRows } from '#app/modules/open-houses/export-rows.server.ts'
import { toCsv } from './csv.ts'

/**
 * The agency's records: in an export of the whole agency, not in a member's own (an agent's
 * export holds their account, profile, activity, notes and audit lines; the agency's records
 * stay the agency's, as they do when the member leaves).
 */
const AGENCY_RECORD_TABLES = [
  'properties',
  'property_photos',
  'property_documents',
  'clients',
  'client_listing_items',
  'shares',
  'client_feedback',
  'deals',
  'viewings',
  'tasks',
  'calendar_feeds',
  'client_alerts',
  'alert_matches',
  'leads',
  'open_houses',
  'open_house_sign_ins',
] as const

/** A user id (a test, a script) stands for that user's export from their first agency. */
async function subjectOf(who: ExportSubject | string): Promise<ExportSubject> {
  if (typeof who !== 'string') return who
  const subject = await exportSubjectOf(who)
  if (!subject) throw new Error(`No agency for user ${who}`)
  return subject
}

/** Every table the export holds, each read by its owning module, for the subject. */
export async function collectTables(who: ExportSubject | string): Promise<ExportTables> {
  const subject = await subjectOf(who)
  const { people, planHolders } = await exportPeople(subject)
  const personal = [
    exportAccountRows(people),
    exportProfileRows(people),
    exportBillingRows(planHolders),
    exportActivityRows(subject),
    exportCommentRows(subject),
    exportAgencyRows(subject),
  ]
  const records = subject.wholeAgency
    ? [
        exportPropertyRows(subject),
        exportMediaRows(subject),
        exportClientRows(subject),
        exportListingRows(subject),
        exportSharingRows(subject),
        exportDealRows(subject),
        exportAgendaRows(subject),
        exportAlertRows(subject),
        exportLeadRows(subject),
        exportOpenHouseRows(subject),
      ]
    : [Promise.resolve(Object.fromEntries(AGENCY_RECORD_TABLES.map((table) => [table, []])) as ExportTables)]
  const parts = await Promise.all([...personal, ...records])
  return Object.assign({}, ...parts) as ExportTables
}

/** How many files an export carries and their bytes (from the rows): decides job or download. */
export async function measureExport(who: ExportSubject | string) {
  const subject = await subjectOf(who)
  if (!subject.wholeAgency) return { files: 0, bytes: 0 }
  const { photos, documents } = await listExportFiles(subject)
  const all = [...photos, ...documents]
  return { files: all.length, bytes: all.reduce((sum, file) => sum + file.bytes, 0) }
}

type ArchiveFile = { path: string; key: string }

/**
 * The export as a zip stream (yazl): files are read from storage one at a time as the zip
 * reaches them, never the whole archive in memory. Layout (README.txt in the zip says it too):
 *   data.json                      every table, { tables: { name: rows } }
 *   csv/{table}.csv                one RFC 4180 CSV per table with rows
 *   files/avatar.webp              the 256 px avatar, if any
 *   files/members/{id}/avatar.webp each colleague's, in an export of the whole agency
 *   files/logos/{agencyId}.webp    the agency's logo (its largest size), if any
 *   files/properties/{title}-{id}/photos/{nn}-{id}.jpg      each photo's original
 *   files/properties/{title}-{id}/documents/{file name}     each document as uploaded
 */
export async function createExportArchive(who: ExportSubject | string, storage: FileStorage = getFileStorage()): Promise<Readable> {
  const subject = await subjectOf(who)
  const tables = await collectTables(subject)
  const files = placeFiles(tables)
  // The exporter's avatar, and in an export of the whole agency each colleague's.
  const avatars = (tables.profiles ?? []).flatMap((profile) =>
    typeof profile.avatarId === 'string' ? [{ userId: String(profile.id), avatarId: profile.avatarId }] : [],
  )
  for (const { userId, avatarId } of avatars.reverse()) {
    const path = userId === subject.memberId ? 'files/avatar.webp' : `files/members/${userId}/avatar.webp`
    files.unshift({ path, key: largestAvatarKey(userId, avatarId) })
  }
  for (const agency of tables.agencies ?? []) {
    if (typeof agency.id === 'string' && typeof agency.logoId === 'string') files.push({ path: `files/logos/${agency.id}.webp`, key: largestLogoKey(agency.id, agency.logoId) })
  }

  const exportedAt = new Date()
  const zip = new yazl.ZipFile()
  const options = { mtime: exportedAt }
  zip.addBuffer(Buffer.from(README), 'README.txt', options)
  for (const [name, rows] of Object.entries(tables)) {
    if (rows.length) zip.addBuffer(Buffer.from(toCsv(rows)), `csv/${name}.csv`, options)
  }
  const missing: string[] = []
  for (const file of files) {
    // Photos and documents are compressed formats already: stored, not deflated again.
    zip.addReadStreamLazy(file.path, { ...options, compress: false }, (callback) => {
      storage.get(file.key).then(
        (stored) => {
          if (!stored) missing.push(file.path)
          callback(null, stored ? Readable.fromWeb(stored.body as WebReadableStream) : Readable.from([]))
        },
        (error: Error) => callback(error, undefined as never),
      )
    })
  }
  // Last, so it can name any file that storage did not have (read when the zip reaches it).
  zip.addReadStreamLazy('data.json', options, (callback) => {
    const document = { format: 'brokervault-export', version: 1, exportedAt: exportedAt.toISOString(), missingFiles: missing, tables }
    callback(null, Readable.from([Buffer.from(JSON.stringify(document, null, 2))]))
  })
  zip.end()
  return zip.outputStream as Readable
}

/** Readable, unique paths for the photo and document files, also written into their rows. */
function placeFiles(tables: ExportTables): ArchiveFile[] {
  const folders = new Map<string, string>()
  for (const property of tables.properties ?? []) {
    folders.set(String(property.id), `files/properties/${slug(String(property.title ?? ''))}-${String(property.id).slice(0, 8)}`)
  }
  const folderOf = (propertyId: unknown) => folders.get(String(propertyId)) ?? `files/properties/${String(propertyId)}`
  const files: ArchiveFile[] = []
  for (const photo of tables.property_photos ?? []) {
    const key = String(photo.originalKey)
    const extension = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? 'jpg'
    const path = `${folderOf(photo.propertyId)}/photos/${String(Number(photo.position) + 1).padStart(2, '0')}-${String(photo.id).slice(0, 8)}.${extension}`
    photo.exportPath = path
    files.push({ path, key })
  }
  const taken = new Set<string>()
  for (const document of tables.property_documents ?? []) {
    const folder = `${folderOf(document.propertyId)}/documents`
    const name = safeFileName(String(document.fileName ?? 'document'))
    let path = `${folder}/${name}`
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${folder}/${withSuffix(name, n)}`
    taken.add(path.toLowerCase())
    document.exportPath = path
    files.push({ path, key: String(document.storageKey) })
  }
  return files
}

function slug(text: string) {
  const value = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return value || 'property'
}

/** The uploaded name, minus path separators, control and reserved characters. */
function safeFileName(name: string) {
  const cleaned = name.replace(/[\p{Cc}/\\:*?"<>|]/gu, '_').replace(/^\.+/, '').trim().slice(0, 150)
  return cleaned || 'document'
}

function withSuffix(name: string, n: number) {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
}

const README = `BrokerVault data export

data.json       Everything in your account, table by table ("tables"): your account (e-mail,
                created), profile, subscription, properties, photos, documents, clients,
                shortlists, share links, client feedback, deals, notes, activity,
                viewings (with the clients' ratings), tasks and calendar feed, leads, the
                agency, its members and its audit log. An owner's or admin's export holds the whole
                agency: every member's records and profile. An agent's holds their own
                account, profile, activity, notes and audit lines, not the agency's records.
                "missingFiles" lists any file storage could not find (normally empty).
csv/            The same tables as CSV files (RFC 4180, UTF-8, comma-separated), one per table
                that has rows. Dates are ISO 8601 in UTC; lists are JSON. Text that starts
                with = + - @, a tab or a line break begins with ' so that a spreadsheet shows
                it as text instead of running it as a formula (data.json has it as it is).
files/          Your avatar (and each colleague's in files/members/), each photo's original
                and each document, by property. The
                exportPath column of property_photos and property_documents names each file.
                files/logos/ holds the agency's logo, by the agency's id.

Not included: your password (only a hash is kept, and never exported), sign-in sessions,
your two-factor key and recovery codes, and the anonymous daily view records of share links (each share has its view count).
`
