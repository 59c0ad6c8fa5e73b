import type { z } from 'zod'
import { existingClientEmails, type ImportedClient } from '#app/modules/clients/bulk.server.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { toColumns } from '#app/modules/clients/mutations.server.ts'
import { getBrokerDefaults } from '#app/modules/profile/profile.server.ts'
import { ClientFormSchema } from '#app/modules/clients/schemas.ts'
import { CLIENT_KINDS, CLIENT_STAGES } from '#db/reference.ts'
import { parseDate, parseNumber, splitList, valueKey } from './cells.ts'
import type { TableRecord } from './csv-read.server.ts'
import { CLIENT_COLUMNS } from './client-columns.ts'
import { dropDuplicates, photoColumnNote, previewCells, resolveHeaders, type Cells, type CheckedRows, type PreviewRow, type RowError } from './rows.ts'
import type { Scope } from '#db/tenancy.server.ts'

const COLUMN_OF_FIELD: Record<string, string> = {
  fullName: 'FullName', email: 'Email', phone: 'PreferredPhone', kind: 'kind', stage: 'stage', source: 'LeadSource',
  tags: 'tags', notes: 'notes', wantedPurpose: 'wantedPurpose', wantedCategories: 'wantedCategories',
  wantedTypes: 'wantedTypes', budgetMin: 'budgetMin', budgetMax: 'budgetMax', budgetCurrency: 'budgetCurrency',
  wantedPlaces: 'wantedPlaces', minBedrooms: 'minBedrooms',
}
/** Spreadsheets of contacts often split the name. */
const NAME_PARTS = ['FirstName', 'LastName']

function ourValue<T extends string>(values: readonly T[], raw: string): T | null {
  const key = valueKey(raw)
  return values.find((v) => v === key || valueKey(CLIENT_LABELS[v] ?? '') === key) ?? null
}

type Problem = { column: string; message: string }

/** One client's cells (from a CSV row or a vCard) → the columns to insert, or the problems. */
/** One row as a client; a row without a budget currency takes the broker's `defaultCurrency`. */
export function readClientCells(get: Cells, defaultCurrency: string): { value: ImportedClient } | { problems: Problem[] } {
  const problems: Problem[] = []
  const kind = get('kind') ? ourValue(CLIENT_KINDS, get('kind')!) : 'buyer'
  if (!kind) problems.push({ column: 'kind', message: `Unknown kind “${get('kind')}”: use ${CLIENT_KINDS.join(', ')}` })
  const stage = get('stage') ? ourValue(CLIENT_STAGES, get('stage')!) : 'new'
  if (!stage) problems.push({ column: 'stage', message: `Unknown stage “${get('stage')}”: use ${CLIENT_STAGES.join(', ')}` })
  let createdAt: Date | undefined
  if (get('OriginalEntryTimestamp')) {
    createdAt = parseDate(get('OriginalEntryTimestamp')!) ?? undefined
    if (!createdAt) problems.push({ column: 'OriginalEntryTimestamp', message: `“${get('OriginalEntryTimestamp')}” is not a date (use 2024-03-01)` })
  }
  const fullName = get('FullName') ?? ([get('FirstName'), get('LastName')].filter(Boolean).join(' ') || undefined)
  const parsed = ClientFormSchema.safeParse({
    fullName,
    email: get('Email'),
    phone: get('PreferredPhone'),
    kind: kind ?? 'buyer',
    stage: stage ?? 'new',
    source: get('LeadSource'),
    tags: get('tags'),
    notes: get('notes'),
    wantedPurpose: get('wantedPurpose') ? valueKey(get('wantedPurpose')!) : undefined,
    wantedCategories: splitList(get('wantedCategories')).map(valueKey),
    wantedTypes: splitList(get('wantedTypes')).map(valueKey),
    budgetMin: parseNumber(get('budgetMin')),
    budgetMax: parseNumber(get('budgetMax')),
    budgetCurrency: get('budgetCurrency'),
    wantedPlaces: get('wantedPlaces'),
    minBedrooms: parseNumber(get('minBedrooms')),
  })
  if (!parsed.success) problems.push(...issuesToProblems(parsed.error.issues))
  if (problems.length || !parsed.success) return { problems }
  return { value: { ...toColumns(parsed.data, defaultCurrency), ...(createdAt ? { createdAt } : {}) } }
}

function issuesToProblems(issues: z.core.$ZodIssue[]): Problem[] {
  const seen = new Set<string>()
  return issues.flatMap((issue) => {
    const field = String(issue.path[0] ?? 'fullName')
    if (seen.has(field)) return []
    seen.add(field)
    return [{ column: COLUMN_OF_FIELD[field] ?? field, message: issue.message }]
  })
}

/** Skips the clients whose e-mail an earlier row, or one of the broker's clients, already has. */
export async function withoutDuplicateClients(
  scope: Scope,
  accepted: { row: number; value: ImportedClient }[],
  emailField: string,
) {
  const emails = accepted.map((a) => a.value.email).filter((e): e is string => !!e)
  return dropDuplicates(accepted, (v) => v.email, await existingClientEmails(scope, emails), emailField)
}

/** Reads every row of a client CSV, like checkPropertyRows; duplicates by e-mail. */
export async function checkClientRows(scope: Scope, table: { headers: string[]; records: TableRecord[] }): Promise<CheckedRows<ImportedClient>> {
  const headers = resolveHeaders(table.headers, CLIENT_COLUMNS as never, NAME_PARTS)
  const accepted: { row: number; value: ImportedClient }[] = []
  const errors: RowError[] = []
  const { defaultCurrency } = await getBrokerDefaults(scope.memberId)
  const previewRows: PreviewRow[] = []
  for (const record of table.records) {
    const cells = headers.cellsOf(record)
    previewRows.push({ row: record.row, cells: clientPreviewCells(cells) })
    const result = readClientCells(cells, defaultCurrency)
    if ('value' in result) accepted.push({ row: record.row, value: result.value })
    else for (const p of result.problems) errors.push({ row: record.row, field: headers.nameOf(p.column), message: p.message })
  }
  const { kept, duplicates } = await withoutDuplicateClients(scope, accepted, headers.nameOf('Email'))
  const previewColumns = ['Name', headers.nameOf('Email'), headers.nameOf('PreferredPhone'), headers.nameOf('stage')]
  return { accepted: kept, errors, duplicates, notes: photoColumnNote(headers.ignored), ignoredColumns: headers.ignored, previewColumns, previewRows }
}

/** A client's preview cells (a CSV row or a vCard): name (it may come in two parts), e-mail, phone, stage. */
export function clientPreviewCells(get: Cells): string[] {
  const name = get('FullName') ?? [get('FirstName'), get('LastName')].filter(Boolean).join(' ')
  return previewCells((header) => (header === 'name' ? name || undefined : get(header)), [['name'], ['Email'], ['PreferredPhone'], ['stage']])
}
