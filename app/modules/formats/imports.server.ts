import { and, eq, gt, lt } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { imports } from '#db/schema.ts'
import { isUuid } from '#app/lib/ids.ts'
import { insertImportedClients, type ImportedClient } from '#app/modules/clients/bulk.server.ts'
import { freePropertySlots, insertImportedProperties, isPropertyLimitError, type ImportedProperty } from '#app/modules/properties/bulk.server.ts'
import { PROPERTY_LIMIT_MESSAGE } from '#app/modules/properties/mutations.server.ts'
import type { ImportKind } from '#db/reference.ts'
import { checkClientRows } from './client-import.server.ts'
import { decodeTextFile, isReadProblem, readCsvTable, type ReadProblem } from './csv-read.server.ts'
import { checkPropertyRows } from './property-import.server.ts'
import { checkVcardClients, looksLikeVcard } from './vcard-clients.server.ts'
import type { CheckedRows, Duplicate, PreviewRow, RowError } from './rows.ts'
import type { RowOutcome, RowView } from './row-views.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** How long an upload waits for its confirmation. */
const IMPORT_TTL_MS = 60 * 60 * 1000

export type ImportSummary = {
  format: 'csv' | 'vcard'
  totalRows: number
  toWrite: number
  errors: RowError[]
  duplicates: Duplicate[]
  notes: string[]
  ignoredColumns: string[]
  /** Every row as the preview lists it (issue 25): its telling cells, under these columns. */
  previewColumns: string[]
  previewRows: PreviewRow[]
}

/**
 * Reads an uploaded file (CSV, or vCard for clients), checks every row and keeps the result
 * for the preview: the import's id, or the problem that stops the whole file. Nothing is
 * written to the broker's properties or clients here.
 */
export async function createImport(scope: Scope, kind: ImportKind, fileName: string, bytes: Uint8Array): Promise<{ id: string } | ReadProblem> {
  let checked: CheckedRows<ImportedProperty | ImportedClient>
  let format: ImportSummary['format'] = 'csv'
  let totalRows: number
  const text = await decodeTextFile(bytes, kind === 'clients' ? ['vcf'] : [])
  if (isReadProblem(text)) return text
  if (kind === 'clients' && looksLikeVcard(text)) {
    format = 'vcard'
    const vcards = await checkVcardClients(scope, text)
    if (isReadProblem(vcards)) return vcards
    ;({ checked, totalRows } = vcards)
  } else {
    const table = readCsvTable(text)
    if (isReadProblem(table)) return table
    totalRows = table.records.length
    checked = kind === 'properties' ? await checkPropertyRows(scope, table) : await checkClientRows(scope, table)
  }
  const summary: ImportSummary = {
    format,
    totalRows,
    toWrite: checked.accepted.length,
    errors: checked.errors,
    duplicates: checked.duplicates,
    notes: checked.notes,
    ignoredColumns: checked.ignoredColumns,
    previewColumns: checked.previewColumns,
    previewRows: checked.previewRows,
  }
  const now = new Date()
  // An abandoned preview goes when the broker's next upload comes.
  await getDb().delete(imports).where(and(eq(imports.ownerId, scope.memberId), lt(imports.expiresAt, now)))
  const [row] = await getDb()
    .insert(imports)
    .values({
      ownerId: scope.memberId,
      kind,
      fileName,
      rows: checked.accepted.map((a) => a.value) as Record<string, unknown>[],
      summary,
      expiresAt: new Date(now.getTime() + IMPORT_TTL_MS),
    })
    .returning({ id: imports.id })
  return { id: row!.id }
}

/** The preview of one of the broker's live imports, or null (foreign, unknown, expired or done). */
export async function getImportPreview(scope: Scope, importId: unknown) {
  if (!isUuid(importId)) return null
  const [row] = await getDb()
    .select({ id: imports.id, kind: imports.kind, fileName: imports.fileName, summary: imports.summary, createdAt: imports.createdAt, expiresAt: imports.expiresAt })
    .from(imports)
    .where(and(eq(imports.id, importId), eq(imports.ownerId, scope.memberId), gt(imports.expiresAt, new Date())))
  return row ? { ...row, summary: row.summary as unknown as ImportSummary } : null
}

/**
 * One page of the preview's rows with what becomes of each: imported, skipped as a duplicate,
 * or refused with every problem it has. Counted over the whole file, listed a page at a time.
 */
export function previewRowsPage(summary: ImportSummary, view: RowView, page: number, pageSize: number) {
  const problemsOf = new Map<number, { column: string; message: string }[]>()
  for (const e of summary.errors) problemsOf.set(e.row, [...(problemsOf.get(e.row) ?? []), { column: e.field, message: e.message }])
  const duplicateOf = new Map(summary.duplicates.map((d) => [d.row, d]))
  const outcomeOf = (row: number): RowOutcome => {
    const problems = problemsOf.get(row)
    if (problems) return { kind: 'problems', problems }
    const duplicate = duplicateOf.get(row)
    if (duplicate) return { kind: 'duplicate', column: duplicate.field, value: duplicate.value, firstRow: duplicate.firstRow }
    return { kind: 'import' }
  }
  // Imports made before the preview listed rows have none: an empty list, never an error.
  const all = summary.previewRows ?? []
  const rows = view === 'problems' ? all.filter((r) => problemsOf.has(r.row)) : view === 'duplicates' ? all.filter((r) => duplicateOf.has(r.row) && !problemsOf.has(r.row)) : all
  const start = (page - 1) * pageSize
  return {
    columns: summary.previewColumns ?? [],
    total: rows.length,
    counts: { all: all.length, problems: problemsOf.size, duplicates: duplicateOf.size },
    rows: rows.slice(start, start + pageSize).map((r) => ({ ...r, outcome: outcomeOf(r.row) })),
  }
}

/** How many more properties fit the broker's plan now (the preview's "fits" line). */
export function propertySlotsLeft(scope: Scope, planLimit: number) {
  return freePropertySlots(scope, planLimit)
}

export type ConfirmResult =
  | { ok: true; kind: ImportKind; written: number }
  | { ok: false; reason: 'limit'; message: string; free: number; toWrite: number }

class LimitRefusal extends Error {
  constructor(readonly free: number) {
    super('import exceeds the plan limit')
  }
}

/**
 * Writes every accepted row in one transaction and deletes the import, or nothing at all:
 * an import of properties larger than the room left in the plan is refused as a whole (the
 * database trigger enforces the same limit). Null when the import is not the broker's (or gone).
 */
export async function confirmImport(scope: Scope, importId: unknown, planLimit: number): Promise<ConfirmResult | null> {
  if (!isUuid(importId)) return null
  let toWrite = 0
  try {
    return await getDb().transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(imports)
        .where(and(eq(imports.id, importId), eq(imports.ownerId, scope.memberId), gt(imports.expiresAt, new Date())))
        .for('update')
      if (!row) return null
      toWrite = row.rows.length
      if (row.kind === 'properties') {
        const free = await freePropertySlots(scope, planLimit, tx)
        if (row.rows.length > free) throw new LimitRefusal(free)
        await insertImportedProperties(tx, scope, row.rows.map(revive) as ImportedProperty[], row.fileName)
      } else {
        await insertImportedClients(tx, scope, row.rows.map(revive) as ImportedClient[], row.fileName)
      }
      await tx.delete(imports).where(eq(imports.id, row.id))
      return { ok: true as const, kind: row.kind, written: row.rows.length }
    })
  } catch (error) {
    if (error instanceof LimitRefusal) return limitRefusal(error.free, toWrite)
    if (isPropertyLimitError(error)) return limitRefusal(0, toWrite)
    throw error
  }
}

function limitRefusal(free: number, toWrite: number): ConfirmResult {
  return {
    ok: false,
    reason: 'limit',
    free,
    toWrite,
    message: `${PROPERTY_LIMIT_MESSAGE} This import has ${toWrite} ${toWrite === 1 ? 'property' : 'properties'}; your plan has room for ${free} more. Nothing was imported.`,
  }
}

/** Dates come back from JSON as text. */
function revive(row: Record<string, unknown>) {
  return typeof row.createdAt === 'string' ? { ...row, createdAt: new Date(row.createdAt) } : row
}

/** Forgets an import without writing anything; false when it is not the broker's. */
export async function cancelImport(scope: Scope, importId: unknown): Promise<boolean> {
  if (!isUuid(importId)) return false
  const deleted = await getDb()
    .delete(imports)
    .where(and(eq(imports.id, importId), eq(imports.ownerId, scope.memberId)))
    .returning({ id: imports.id })
  return deleted.length > 0
}
