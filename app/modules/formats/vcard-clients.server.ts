import { inScopeLater } from '#db/client.server.ts'
import type { ClientRow } from '#app/modules/clients/bulk.server.ts'
import { clientBatches, getClientRow } from '#app/modules/clients/bulk.server.ts'
import type { ClientFilters } from '#app/modules/clients/filters.ts'
import { MAX_IMPORT_ROWS, type ReadProblem } from './csv-read.server.ts'
import { clientPreviewCells, readClientCells, withoutDuplicateClients } from './client-import.server.ts'
import { getBrokerDefaults } from '#app/modules/profile/profile.server.ts'
import type { ImportedClient } from '#app/modules/clients/bulk.server.ts'
import type { CheckedRows, PreviewRow, RowError } from './rows.ts'
import { escapeText, readCards, splitValue, unescapeText, writeCard } from './vcard.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** Our fields that vCard has no property for travel as X- properties (RFC 6350 §6.10), so a round trip is exact. */
const X = 'X-BROKERVAULT-'
const EXTENSIONS: [suffix: string, header: string, cell: (c: ClientRow) => string | number | null][] = [
  ['KIND', 'kind', (c) => c.kind],
  ['STAGE', 'stage', (c) => c.stage],
  ['SOURCE', 'LeadSource', (c) => c.source],
  ['WANTED-PURPOSE', 'wantedPurpose', (c) => c.wantedPurpose],
  ['WANTED-CATEGORIES', 'wantedCategories', (c) => c.wantedCategories.join(', ')],
  ['WANTED-TYPES', 'wantedTypes', (c) => c.wantedTypes.join(', ')],
  ['BUDGET-MIN', 'budgetMin', (c) => c.budgetMin],
  ['BUDGET-MAX', 'budgetMax', (c) => c.budgetMax],
  ['BUDGET-CURRENCY', 'budgetCurrency', (c) => c.budgetCurrency],
  ['WANTED-PLACES', 'wantedPlaces', (c) => c.wantedPlaces.join(', ')],
  ['MIN-BEDROOMS', 'minBedrooms', (c) => c.minBedrooms],
  ['CREATED', 'OriginalEntryTimestamp', (c) => c.createdAt.toISOString()],
]

/** "Ana Maria Silva" → N:Silva;Ana Maria;;; (family name last: a guess, FN keeps the name as typed). */
function structuredName(fullName: string) {
  const words = fullName.trim().split(/\s+/)
  const family = words.length > 1 ? words.pop()! : ''
  return `${escapeText(family)};${escapeText(words.join(' '))};;;`
}

/** vCard's REV: a UTC timestamp, basic format. */
const rev = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

export function clientCard(c: ClientRow): string {
  const props: [string, string][] = [
    ['UID', `urn:uuid:${c.id}`],
    ['FN', escapeText(c.fullName)],
    ['N', structuredName(c.fullName)],
  ]
  if (c.email) props.push(['EMAIL', escapeText(c.email)])
  if (c.phone) props.push(['TEL;VALUE=text', escapeText(c.phone)])
  if (c.tags.length) props.push(['CATEGORIES', c.tags.map(escapeText).join(',')])
  if (c.notes) props.push(['NOTE', escapeText(c.notes)])
  props.push(['REV', rev(c.updatedAt)])
  for (const [suffix, , cell] of EXTENSIONS) {
    const value = cell(c)
    if (value !== null && value !== '') props.push([`${X}${suffix}`, escapeText(String(value))])
  }
  return writeCard(props)
}

/** One client as a .vcf file; null when not the broker's. */
export async function clientVcard(scope: Scope, clientId: unknown) {
  const client = await getClientRow(scope, clientId)
  return client ? { name: client.fullName, text: clientCard(client) } : null
}

/**
 * The broker's clients matching the list filters as one .vcf, streamed batch by batch, each
 * batch read in the request's scope again (csv-export.server.ts says why).
 */
export function clientsVcard(scope: Scope, filters: ClientFilters): ReadableStream<Uint8Array> {
  const batches = clientBatches(scope, filters)
  const encoder = new TextEncoder()
  const inScope = inScopeLater()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await inScope(() => batches.next())
      if (next.done) return controller.close()
      controller.enqueue(encoder.encode(next.value.map(clientCard).join('')))
    },
    async cancel() {
      await inScope(() => batches.return(undefined))
    },
  })
}

export const looksLikeVcard = (text: string) => /^\uFEFF?\s*BEGIN:VCARD/i.test(text)

/**
 * The clients of a vCard file (any version that keeps RFC 6350's syntax: 3.0 too), checked as
 * CSV rows are: the "row" of a problem is the card's number in the file.
 */
export async function checkVcardClients(scope: Scope, text: string): Promise<{ checked: CheckedRows<ImportedClient>; totalRows: number } | ReadProblem> {
  const cards = readCards(text)
  if (cards.length === 0) return { status: 400, message: 'The file has no vCards (BEGIN:VCARD … END:VCARD).' }
  if (cards.length > MAX_IMPORT_ROWS) {
    return { status: 413, message: `The file has ${cards.length.toLocaleString('en-US')} cards; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time (split the file).` }
  }
  const accepted: { row: number; value: ImportedClient }[] = []
  const errors: RowError[] = []
  const { defaultCurrency } = await getBrokerDefaults(scope.memberId)
  const previewRows: PreviewRow[] = []
  let photos = false
  cards.forEach((card, i) => {
    const first = (name: string) => card.find((p) => p.name === name)
    const cells = new Map<string, string>()
    const set = (header: string, value: string | undefined) => {
      if (value?.trim()) cells.set(header, value.trim())
    }
    const n = first('N') ? splitValue(first('N')!.value, ';') : []
    set('FullName', first('FN') ? unescapeText(first('FN')!.value) : [n[1], n[0]].filter(Boolean).join(' '))
    set('Email', first('EMAIL') && unescapeText(first('EMAIL')!.value))
    set('PreferredPhone', first('TEL') && unescapeText(first('TEL')!.value).replace(/^tel:/i, ''))
    set('tags', card.filter((p) => p.name === 'CATEGORIES').flatMap((p) => splitValue(p.value, ',')).join(', '))
    set('notes', first('NOTE') && unescapeText(first('NOTE')!.value))
    for (const [suffix, header] of EXTENSIONS) set(header, first(`${X}${suffix}`) && unescapeText(first(`${X}${suffix}`)!.value))
    if (first('PHOTO')) photos = true
    const get = (header: string) => cells.get(header)
    previewRows.push({ row: i + 1, cells: clientPreviewCells(get) })
    const result = readClientCells(get, defaultCurrency)
    if ('value' in result) accepted.push({ row: i + 1, value: result.value })
    else for (const p of result.problems) errors.push({ row: i + 1, field: p.column, message: p.message })
  })
  const { kept, duplicates } = await withoutDuplicateClients(scope, accepted, 'EMAIL')
  const notes = photos ? ['Photos in the vCards are not imported.'] : []
  const previewColumns = ['Name', 'EMAIL', 'TEL', 'Stage']
  return { checked: { accepted: kept, errors, duplicates, notes, ignoredColumns: [], previewColumns, previewRows }, totalRows: cards.length }
}
