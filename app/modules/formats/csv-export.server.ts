import { stringify } from 'csv-stringify/sync'
import { inScopeLater } from '#db/client.server.ts'
import { neutraliseCsvCell } from '#app/lib/csv-cells.ts'
import { recordAudit } from '#app/modules/agencies/audit.server.ts'
import { clientBatches } from '#app/modules/clients/bulk.server.ts'
import type { ClientFilters } from '#app/modules/clients/filters.ts'
import { propertyBatches } from '#app/modules/properties/bulk.server.ts'
import type { PropertyFilters } from '#app/modules/properties/filters.ts'
import { CLIENT_COLUMNS } from './client-columns.ts'
import type { Column } from './property-columns.ts'
import { PROPERTY_COLUMNS } from './property-columns.ts'
import type { Scope } from '#db/tenancy.server.ts'

// RFC 4180 with CRLF; a UTF-8 byte order mark so that Excel reads accents right (our import
// skips it). Dates as ISO 8601 (csv-stringify would write epoch milliseconds). Text a
// spreadsheet would run as a formula gets a leading apostrophe (lib/csv-cells.ts); numbers
// are cast as numbers, so a negative longitude stays a number. A field holding a lone CR or
// LF is quoted: csv-stringify quotes only the record delimiter (CRLF) unless told, and a
// spreadsheet ends the row at a bare line break outside quotes (a two-line description, or
// a neutralised "'\r=…", would spill into a row of its own).
const OPTIONS = {
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  cast: { date: (d: Date) => d.toISOString(), string: (text: string) => neutraliseCsvCell(text) },
} as const

/**
 * A CSV body written batch by batch as the client reads it (pull: the next batch is queried
 * only when the previous one has been taken), so memory holds one batch whatever the size.
 * The batches are read after the request has answered, when its own connection is given back:
 * each in the request's scope again, on a connection of its own, under row-level security as
 * every other statement of the request.
 */
function csvStream<Row>(columns: Column<Row>[], batches: AsyncGenerator<Row[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const inScope = inScopeLater()
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(`\uFEFF${stringify([columns.map((c) => c.header)], OPTIONS)}`))
        return
      }
      const next = await inScope(() => batches.next())
      if (next.done) return controller.close()
      controller.enqueue(encoder.encode(stringify(next.value.map((row) => columns.map((c) => c.cell(row) ?? '')), OPTIONS)))
    },
    async cancel() {
      await inScope(() => batches.return(undefined))
    },
  })
}

export function propertiesCsv(scope: Scope, filters: PropertyFilters) {
  return csvStream(PROPERTY_COLUMNS, propertyBatches(scope, filters))
}

export function clientsCsv(scope: Scope, filters: ClientFilters) {
  return csvStream(CLIENT_COLUMNS, clientBatches(scope, filters))
}

/**
 * A line of the agency's audit log for records taken out of the app as a file (CSV, vCard): the
 * lists' exports, like "Export my data", say who exported what and when.
 */
export async function noteListExport(scope: Scope, what: 'properties' | 'clients', format: 'CSV' | 'vCard', selected: number | null) {
  const which = selected === null ? `${what} (the list's filters)` : `${selected} selected ${what}`
  await recordAudit(scope, { action: 'list_exported', objectType: 'export', summary: `Exported ${which} as ${format}` })
}
