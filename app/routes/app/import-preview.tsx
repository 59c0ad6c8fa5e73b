import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { orNotFound } from '#app/lib/http.ts'
import { PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { cancelImport, confirmImport, getImportPreview, previewRowsPage, propertySlotsLeft } from '#app/modules/formats/imports.server.ts'
import { ROW_VIEWS, type RowOutcome, type RowView } from '#app/modules/formats/row-views.ts'
import { countOf } from '#app/lib/format.ts'
import { Pagination } from '#app/ui/pagination.tsx'
import { Button, ErrorList, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/import-preview'

/** The preview lists at most this many errors and duplicates (the counts are always whole). */
const LISTED = 200

export const meta: Route.MetaFunction = () => [{ title: 'Import preview · BrokerVault' }]

const planLimitOf = (subscription: { plan: keyof typeof PLAN_PROPERTY_LIMITS } | null) => PLAN_PROPERTY_LIMITS[subscription?.plan ?? 'free_trial']

/** Rows listed a page at a time. */
const ROWS_PAGE_SIZE = 100

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope, subscription } = requireAuth(context)
  const preview = orNotFound(await getImportPreview(scope, params.importId))
  const { summary } = preview
  const search = new URL(request.url).searchParams
  const view: RowView = ROW_VIEWS.find((v) => v === search.get('rows')) ?? 'all'
  const page = Math.max(1, Math.min(10_000, Number.parseInt(search.get('page') ?? '1', 10) || 1))
  return {
    id: preview.id,
    kind: preview.kind,
    fileName: preview.fileName,
    format: summary.format,
    totalRows: summary.totalRows,
    toWrite: summary.toWrite,
    errorCount: summary.errors.length,
    errors: summary.errors.slice(0, LISTED),
    duplicateCount: summary.duplicates.length,
    duplicates: summary.duplicates.slice(0, LISTED),
    notes: summary.notes,
    ignoredColumns: summary.ignoredColumns,
    rows: { view, page, pageSize: ROWS_PAGE_SIZE, ...previewRowsPage(summary, view, page, ROWS_PAGE_SIZE) },
    // Properties count against the plan; clients do not.
    slotsLeft: preview.kind === 'properties' ? await propertySlotsLeft(scope, planLimitOf(subscription)) : null,
  }
}

const ImportActionSchema = z.object({ intent: z.enum(['confirm', 'cancel']) })

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope, subscription } = requireAuth(context)
  const parsed = parseIntentForm(await readForm(request), ImportActionSchema)
  if (!parsed.success) return data({ message: 'Unknown action.' }, { status: 400 })
  if (parsed.data.intent === 'cancel') {
    const preview = orNotFound(await getImportPreview(scope, params.importId))
    await cancelImport(scope, preview.id)
    setFlash(context, { kind: 'info', message: 'Import cancelled: nothing was saved.' })
    throw redirect(`/${preview.kind}`)
  }
  const result = orNotFound(await confirmImport(scope, params.importId, planLimitOf(subscription)))
  if (!result.ok) return data({ message: result.message }, { status: 403 })
  const noun = result.kind === 'properties' ? (result.written === 1 ? 'property' : 'properties') : result.written === 1 ? 'client' : 'clients'
  setFlash(context, { kind: 'success', message: `Imported ${result.written} ${noun}.` })
  throw redirect(`/${result.kind}`)
}

export default function ImportPreviewPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const noun = d.kind === 'properties' ? 'properties' : 'clients'
  const fits = d.slotsLeft === null || d.toWrite <= d.slotsLeft
  return (
    <>
      <PageHeader title={`Import ${noun}: preview`}>
        <Link to={`/${d.kind}/import`}>Upload another file</Link>
      </PageHeader>
      <div className="space-y-4">
        <Card title={d.fileName}>
          <ul className="space-y-1" aria-label="Import summary">
            <li data-count="rows">{`${d.totalRows} ${d.totalRows === 1 ? 'row' : 'rows'} read`}</li>
            <li data-count="to-write"><strong>{`${d.toWrite} ${d.toWrite === 1 ? noun.replace(/ies$/, 'y').replace(/s$/, '') : noun} will be imported`}</strong></li>
            <li data-count="errors">{`${d.errorCount} ${d.errorCount === 1 ? 'problem' : 'problems'} (rows not imported)`}</li>
            <li data-count="duplicates">{`${d.duplicateCount} ${d.duplicateCount === 1 ? 'duplicate' : 'duplicates'} (skipped)`}</li>
            {d.slotsLeft !== null ? <li data-count="slots">{`Your plan has room for ${d.slotsLeft} more ${d.slotsLeft === 1 ? 'property' : 'properties'}.`}</li> : null}
          </ul>
          {d.notes.map((note) => <p key={note} className="mt-2 text-sm">{note}</p>)}
          {d.ignoredColumns.length ? <p className="mt-2 text-sm text-muted">{`Columns not imported: ${d.ignoredColumns.join(', ')}.`}</p> : null}
          <ErrorList id="import-error" errors={actionData ? [actionData.message] : null} />
          {!fits ? (
            <p className="mt-3 font-medium text-danger" role="alert">
              {`This import has ${d.toWrite} properties but your plan has room for ${d.slotsLeft} more: an import is written whole or not at all. Remove rows from the file, or `}
              <Link to="/pricing">choose a bigger plan</Link>.
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            {fits && d.toWrite > 0 ? (
              <Form method="post">
                <SubmitButton name="intent" value="confirm" pendingText="Importing...">{`Import ${countOf(d.toWrite, noun === 'properties' ? 'property' : 'client', noun)}`}</SubmitButton>
              </Form>
            ) : null}
            <Form method="post">
              <Button type="submit" name="intent" value="cancel" variant="secondary">Cancel</Button>
            </Form>
          </div>
        </Card>
        <RowsCard rows={d.rows} noun={noun} />
        {d.errorCount ? (
          <Card title={`Problems (${d.errorCount})`}>
            <IssueTable
              caption="Rows with a problem are not imported."
              head={['Row', 'Column', 'Problem']}
              rows={d.errors.map((e) => [String(e.row), e.field, e.message])}
              more={d.errorCount - d.errors.length}
            />
          </Card>
        ) : null}
        {d.duplicateCount ? (
          <Card title={`Duplicates (${d.duplicateCount})`}>
            <IssueTable
              caption="Duplicates are skipped."
              head={['Row', 'Column', 'Value', 'Duplicate of']}
              rows={d.duplicates.map((x) => [String(x.row), x.field, x.value, x.firstRow === null ? `one of your ${noun}` : `row ${x.firstRow}`])}
              more={d.duplicateCount - d.duplicates.length}
            />
          </Card>
        ) : null}
      </div>
    </>
  )
}

function IssueTable({ caption, head, rows, more }: { caption: string; head: string[]; rows: string[][]; more: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-muted">{caption}</caption>
        <thead>
          <tr>{head.map((h) => <th key={h} scope="col" className="py-1 pr-3">{h}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-t border-line">{cells.map((c, j) => <td key={j} className="py-1 pr-3">{c}</td>)}</tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <p className="mt-2 text-sm text-muted">{`…and ${more} more.`}</p> : null}
    </div>
  )
}

type RowsData = Route.ComponentProps['loaderData']['rows']

const VIEW_LABELS: Record<RowView, string> = { all: 'All rows', problems: 'With problems', duplicates: 'Duplicates' }

/**
 * Every row of the file as it will go (issue 25): its telling cells and what becomes of it,
 * imported, skipped as a duplicate, or refused with every problem it has. A page at a time, with
 * links to the rows with problems and the duplicates alone.
 */
function RowsCard({ rows, noun }: { rows: RowsData; noun: string }) {
  if (rows.counts.all === 0) return null
  return (
    <Card title={`Rows (${rows.counts.all})`}>
      <nav aria-label="Which rows" className="mb-3 flex flex-wrap gap-3 text-sm">
        {ROW_VIEWS.map((view) => {
          const text = `${VIEW_LABELS[view]} (${rows.counts[view]})`
          return view === rows.view ? (
            <span key={view} aria-current="page" className="font-semibold">{text}</span>
          ) : (
            <Link key={view} to={view === 'all' ? '?' : `?rows=${view}`} preventScrollReset>{text}</Link>
          )
        })}
      </nav>
      {rows.rows.length === 0 ? (
        <p className="text-sm text-muted">No rows here.</p>
      ) : (
        // Wider than a phone: the table scrolls sideways in its own box, which the keyboard can reach.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Rows of the file">
          <table className="w-full text-left text-sm" data-testid="import-rows">
            <caption className="sr-only">{`${VIEW_LABELS[rows.view]} of the file, and what becomes of each`}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">Row</th>
                {rows.columns.map((c) => <th key={c} scope="col" className="py-1 pr-3">{c}</th>)}
                <th scope="col" className="py-1 pr-3">Result</th>
              </tr>
            </thead>
            <tbody>
              {rows.rows.map((r) => (
                <tr key={r.row} className="border-t border-line align-top" data-row={r.row}>
                  <td className="py-1 pr-3">{r.row}</td>
                  {r.cells.map((cell, i) => <td key={i} className="py-1 pr-3">{cell}</td>)}
                  <td className="py-1 pr-3"><RowResult outcome={r.outcome} noun={noun} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={rows.page} pageSize={rows.pageSize} total={rows.total} />
    </Card>
  )
}

function RowResult({ outcome, noun }: { outcome: RowOutcome; noun: string }) {
  if (outcome.kind === 'import') return <span>Will be imported</span>
  if (outcome.kind === 'duplicate') {
    const of = outcome.firstRow === null ? `one of your ${noun}` : `row ${outcome.firstRow}`
    return <span className="text-muted">{`Skipped: ${outcome.column} “${outcome.value}” is a duplicate of ${of}`}</span>
  }
  return (
    <div className="text-danger">
      <p>{`Not imported: ${countOf(outcome.problems.length, 'problem', 'problems')}`}</p>
      <ul className="list-disc pl-5">
        {outcome.problems.map((p) => <li key={`${p.column}:${p.message}`}>{`${p.column}: ${p.message}`}</li>)}
      </ul>
    </div>
  )
}
