import type { z } from 'zod'
import { existingReferenceCodes, type ImportedProperty } from '#app/modules/properties/bulk.server.ts'
import { LABELS } from '#app/modules/properties/catalog.ts'
import { toColumns } from '#app/modules/properties/mutations.server.ts'
import { getBrokerDefaults, type BrokerDefaults } from '#app/modules/profile/profile.server.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { CATEGORIES, PROPERTY_TYPES, PURPOSES, RENT_PERIODS, STATUSES, TYPES_BY_CATEGORY, VISIBILITIES, type Category, type PropertyStatus, type PropertyType, type Purpose } from '#db/reference.ts'
import { parseDate, parseNumber, splitList, valueKey } from './cells.ts'
import type { Table } from './csv-read.server.ts'
import { PROPERTY_COLUMNS } from './property-columns.ts'
import { areaUnitFromReso, categoryFromResoPropertyType, statusFromStandardStatus, TYPE_FROM_RESO_SUBTYPE } from './reso.ts'
import { dropDuplicates, photoColumnNote, previewCells, resolveHeaders, type Cells, type CheckedRows, type PreviewRow, type RowError } from './rows.ts'
import type { Scope } from '#db/tenancy.server.ts'

/** The form's field → the CSV column it comes from (for messages). */
const COLUMN_OF_FIELD: Record<string, string> = {
  referenceCode: 'ListingId', title: 'title', type: 'type', purpose: 'purpose', rentPeriod: 'rentPeriod',
  price: 'ListPrice', currency: 'currency', street: 'UnparsedAddress', area: 'area', city: 'City',
  region: 'StateOrProvince', postalCode: 'PostalCode', country: 'Country', latitude: 'Latitude',
  longitude: 'Longitude', builtArea: 'LivingArea', areaUnit: 'LivingAreaUnits', landArea: 'LotSizeArea',
  bedrooms: 'BedroomsTotal', bathrooms: 'BathroomsTotalInteger', parking: 'ParkingTotal', floor: 'floor',
  yearBuilt: 'YearBuilt', furnished: 'Furnished', features: 'features', tags: 'tags', description: 'PublicRemarks',
  status: 'status', visibility: 'visibility', privateNotes: 'PrivateRemarks',
}

/** Our value from its value or label ("Under offer", "under-offer", "UNDER_OFFER" → under_offer). */
function ourValue<T extends string>(values: readonly T[], raw: string): T | null {
  const key = valueKey(raw)
  return values.find((v) => v === key || valueKey(LABELS[v] ?? '') === key) ?? null
}

const categoryOfType = (type: PropertyType) =>
  CATEGORIES.find((c) => (TYPES_BY_CATEGORY[c] as readonly string[]).includes(type))!

const schemas = new Map<Category, ReturnType<typeof propertyFormSchema>>()
const schemaFor = (category: Category) => {
  if (!schemas.has(category)) schemas.set(category, propertyFormSchema(category))
  return schemas.get(category)!
}

type Problem = { column: string; message: string }

/**
 * One row → the columns to insert, or every problem found (one per field). The reference
 * comes from `referenceColumn`: referenceCode in our own exports (ListingId there holds our id
 * when the broker gave no reference), ListingId in other software's files.
 */
function readPropertyRow(get: Cells, referenceColumn: string, defaults: BrokerDefaults): { value: ImportedProperty } | { problems: Problem[] } {
  const problems: Problem[] = []
  // The form fields whose cells were refused here: the schema's word on them would repeat it.
  const refused = new Set<string>()
  const refuse = (field: string, column: string, message: string) => {
    refused.add(field)
    problems.push({ column, message })
  }
  const fromResoType = get('PropertyType') ? categoryFromResoPropertyType(get('PropertyType')!) : null

  let type: PropertyType | null = null
  if (get('type')) {
    type = ourValue(PROPERTY_TYPES, get('type')!)
    if (!type) refuse('type', 'type', `Unknown type “${get('type')}”`)
  } else if (get('PropertySubType')) {
    type = ourValue(PROPERTY_TYPES, get('PropertySubType')!) ?? TYPE_FROM_RESO_SUBTYPE[valueKey(get('PropertySubType')!).replace(/[_/]/g, '')] ?? null
    if (!type) refuse('type', 'PropertySubType', `Unknown property sub-type “${get('PropertySubType')}”`)
  } else {
    refuse('type', 'type', 'Type is required')
  }

  let category: Category | null = type ? categoryOfType(type) : null
  if (get('category')) {
    const given = ourValue(CATEGORIES, get('category')!)
    if (!given) refuse('type', 'category', `Unknown category “${get('category')}”`)
    else if (type && given !== category) refuse('type', 'type', `A ${LABELS[type]} is not ${LABELS[given]}`)
  } else if (!category && fromResoType) category = fromResoType.category

  let purpose: Purpose = fromResoType?.purpose ?? 'sale'
  if (get('purpose')) {
    const key = valueKey(get('purpose')!)
    const given = ourValue(PURPOSES, get('purpose')!) ?? (['for_sale', 'buy'].includes(key) ? 'sale' : ['for_rent', 'lease', 'rental', 'let'].includes(key) ? 'rent' : null)
    if (given) purpose = given
    else refuse('purpose', 'purpose', `Unknown purpose “${get('purpose')}”: use sale or rent`)
  }
  let rentPeriod: string | undefined
  if (purpose === 'rent') {
    const raw = get('rentPeriod')
    const key = raw ? valueKey(raw) : 'monthly'
    rentPeriod = RENT_PERIODS.find((p) => p === key || p.startsWith(key.replace(/ly$/, ''))) ?? (key === 'month' ? 'monthly' : undefined)
    if (!rentPeriod) refuse('rentPeriod', 'rentPeriod', `Unknown rent period “${raw}”`)
  }

  let status: PropertyStatus = 'draft'
  if (get('status')) {
    const given = ourValue(STATUSES, get('status')!)
    if (given) status = given
    else refuse('status', 'status', `Unknown status “${get('status')}”`)
  } else if (get('StandardStatus')) {
    const given = statusFromStandardStatus(get('StandardStatus')!, purpose)
    if (given) status = given
    else refuse('status', 'StandardStatus', `Unknown status “${get('StandardStatus')}”`)
  }

  let areaUnit: 'sqm' | 'sqft' = defaults.areaUnit
  if (get('LivingAreaUnits')) {
    const given = areaUnitFromReso(get('LivingAreaUnits')!)
    if (given) areaUnit = given
    else refuse('areaUnit', 'LivingAreaUnits', `Unknown area unit “${get('LivingAreaUnits')}”: use Square Meters or Square Feet`)
  }

  let furnished: 'yes' | 'no' | undefined
  if (get('Furnished')) {
    const key = valueKey(get('Furnished')!)
    furnished = ['furnished', 'yes', 'true', '1', 'partially', 'partially_furnished'].includes(key) ? 'yes' : ['unfurnished', 'no', 'false', '0'].includes(key) ? 'no' : undefined
    if (!furnished) refuse('furnished', 'Furnished', `Furnished is yes or no, not “${get('Furnished')}”`)
  }

  let createdAt: Date | undefined
  if (get('OriginalEntryTimestamp')) {
    createdAt = parseDate(get('OriginalEntryTimestamp')!) ?? undefined
    if (!createdAt) refuse('createdAt', 'OriginalEntryTimestamp', `“${get('OriginalEntryTimestamp')}” is not a date (use 2024-03-01)`)
  }

  let visibility: (typeof VISIBILITIES)[number] = 'private'
  if (get('visibility')) {
    const given = ourValue(VISIBILITIES, get('visibility')!)
    if (given) visibility = given
    else refuse('visibility', 'visibility', `Visibility is private or public, not “${get('visibility')}”`)
  }

  // Every problem of the row, not the first: the other cells are checked too, against the
  // category the row names (or any, when it names none), with stand-ins where a cell was refused.
  if (!category && !refused.has('type')) refuse('type', 'type', 'Type is required')
  const checkedCategory: Category = category ?? 'residential'
  const form = {
    title: get('title'),
    type: type && categoryOfType(type) === checkedCategory ? type : TYPES_BY_CATEGORY[checkedCategory][0],
    purpose,
    rentPeriod,
    price: parseNumber(get('ListPrice')),
    currency: get('currency') ?? defaults.defaultCurrency,
    referenceCode: get(referenceColumn),
    street: get('UnparsedAddress'),
    area: get('area'),
    city: get('City'),
    region: get('StateOrProvince'),
    postalCode: get('PostalCode'),
    country: get('Country'),
    latitude: parseNumber(get('Latitude')),
    longitude: parseNumber(get('Longitude')),
    builtArea: parseNumber(get('LivingArea')),
    areaUnit,
    landArea: parseNumber(get('LotSizeArea')),
    bedrooms: parseNumber(get('BedroomsTotal')),
    bathrooms: parseNumber(get('BathroomsTotalInteger')),
    parking: parseNumber(get('ParkingTotal')),
    floor: parseNumber(get('floor')),
    yearBuilt: parseNumber(get('YearBuilt')),
    furnished,
    features: splitList(get('features')).map(valueKey),
    tags: get('tags'),
    description: get('PublicRemarks'),
    status,
    visibility,
    privateNotes: get('PrivateRemarks'),
  }
  const parsed = schemaFor(checkedCategory).safeParse(form)
  if (!parsed.success) problems.push(...issuesToProblems(parsed.error.issues, referenceColumn, refused))
  if (problems.length || !parsed.success || !category) return { problems }
  return { value: { category, ...toColumns(category, parsed.data), ...(createdAt ? { createdAt } : {}) } }
}

/** The schema's issues, one per field (its first), leaving out the fields already refused. */
function issuesToProblems(issues: z.core.$ZodIssue[], referenceColumn: string, refused: ReadonlySet<string>): Problem[] {
  const seen = new Set<string>(refused)
  const problems: Problem[] = []
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'title')
    if (seen.has(field)) continue
    seen.add(field)
    problems.push({ column: field === 'referenceCode' ? referenceColumn : (COLUMN_OF_FIELD[field] ?? field), message: issue.message })
  }
  return problems
}

/**
 * Reads every row of a property CSV: the rows that can be written, each problem (row,
 * column as the file names it, message), and the duplicates by reference code (within the
 * file, and against the broker's properties) that will be skipped.
 */
export async function checkPropertyRows(scope: Scope, table: Table): Promise<CheckedRows<ImportedProperty>> {
  const headers = resolveHeaders(table.headers, PROPERTY_COLUMNS as never)
  const referenceColumn = headers.has('referenceCode') ? 'referenceCode' : 'ListingId'
  const accepted: { row: number; value: ImportedProperty }[] = []
  const errors: RowError[] = []
  // A file that leaves out the currency or the area unit is in the broker's (profile).
  const defaults = await getBrokerDefaults(scope.memberId)
  const previewRows: PreviewRow[] = []
  const shown = PREVIEW_COLUMNS(referenceColumn)
  for (const record of table.records) {
    const cells = headers.cellsOf(record)
    previewRows.push({ row: record.row, cells: previewCells(cells, shown.map((c) => c.headers)) })
    const result = readPropertyRow(cells, referenceColumn, defaults)
    if ('value' in result) accepted.push({ row: record.row, value: result.value })
    else for (const p of result.problems) errors.push({ row: record.row, field: headers.nameOf(p.column), message: p.message })
  }
  const codes = accepted.map((a) => a.value.referenceCode).filter((c): c is string => !!c)
  const existing = await existingReferenceCodes(scope, codes)
  const { kept, duplicates } = dropDuplicates(accepted, (v) => v.referenceCode, existing, headers.nameOf(referenceColumn))
  const previewColumns = shown.map((c) => {
    const inFile = c.headers.find((header) => headers.has(header))
    return inFile ? headers.nameOf(inFile) : c.name
  })
  return { accepted: kept, errors, duplicates, notes: photoColumnNote(headers.ignored), ignoredColumns: headers.ignored, previewColumns, previewRows }
}

/** What the preview shows of each row: enough to recognise it (the first header the file has counts). */
const PREVIEW_COLUMNS = (referenceColumn: string) => [
  { name: 'Reference', headers: [referenceColumn] },
  { name: 'Title', headers: ['title'] },
  { name: 'Type', headers: ['type', 'PropertySubType'] },
  { name: 'Price', headers: ['ListPrice'] },
  { name: 'City', headers: ['City'] },
]
