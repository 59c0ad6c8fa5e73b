import { countOf, formatNumber, plural } from '#app/lib/format.ts'
import { data, Form, Link } from 'react-router'
import { badRequest } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { BulkBar, bulkAria, downloadTicked, SelectBox, type BulkState } from '#app/ui/bulk-bar.tsx'
import { ConfirmDelete } from '#app/ui/confirm-delete.tsx'
import { Button, SubmitButton } from '#app/ui/form.tsx'
import { handleClientBulk, isClientBulkIntent, type ClientBulkStep } from './clients-bulk.server.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { parseClientFilters } from '#app/modules/clients/filters.ts'
import { listClients } from '#app/modules/clients/queries.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { countActiveFilters, FilterPanel } from '#app/ui/filter-panel.tsx'
import { ErrorList } from '#app/ui/form.tsx'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import { Pagination } from '#app/ui/pagination.tsx'
import type { Route } from './+types/clients'
import { CLIENT_KINDS, CLIENT_STAGES } from '#db/reference.ts'

const CLIENT_FILTER_NAMES = ['q', 'stage', 'kind', 'tags'] as const

export const meta: Route.MetaFunction = () => [{ title: 'Clients · BrokerVault' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const url = new URL(request.url)
  const { filters, errors } = parseClientFilters(url.searchParams)
  const list = await listClients(scope, filters)
  const filtered = CLIENT_FILTER_NAMES.some((k) => url.searchParams.get(k))
  return data(
    { ...list, errors, filtered, page: filters.page, pageSize: filters.pageSize, search: url.search },
    { status: Object.keys(errors).length ? 400 : 200 },
  )
}

/** The bulk bar's form (docs/decisions/031); the list's checkboxes name it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  if (!isClientBulkIntent(form.get('intent'))) badRequest('Unknown action.')
  const url = new URL(request.url)
  return handleClientBulk(context, form, `${url.pathname}${url.search}`)
}

const BULK_FORM = 'bulk-clients'

export default function ClientsPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const values = new URLSearchParams(d.search)
  const here = `/clients${d.search}`
  const step = actionData && 'step' in actionData ? (actionData as ClientBulkStep) : null
  const refusal: BulkState = actionData && 'bulkError' in actionData ? actionData : null
  const ticked = new Set(refusal?.selected ?? step?.selected.map((c) => c.id) ?? [])
  const select = (name: string, text: string, options: readonly string[], any: string) => (
    <div>
      <label htmlFor={`f-${name}`} className="block text-xs font-medium text-muted">{text}</label>
      <select id={`f-${name}`} name={name} defaultValue={values.get(name) ?? ''} className="mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5">
        <option value="">{any}</option>
        {options.map((o) => <option key={o} value={o}>{CLIENT_LABELS[o]}</option>)}
      </select>
      <ErrorList errors={d.errors[name as keyof typeof d.errors] ? [d.errors[name as keyof typeof d.errors] as string] : null} />
    </div>
  )
  return (
    <>
      <PageHeader title="Clients">
        <div className="flex flex-wrap items-center gap-3 whitespace-nowrap">
          {/* Downloads with the filters of this page: plain links, not client-side navigations. */}
          <a href={`/clients/export.csv${d.search}`} download className="text-sm">Export CSV</a>
          <a href={`/clients/export.vcf${d.search}`} download className="text-sm">Export vCard</a>
          <Link to="/clients/import" className="text-sm">Import</Link>
          <Link to="/trash" className="text-sm">Trash</Link>
          <Link to="/client/new" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink no-underline">Add client</Link>
        </div>
      </PageHeader>
      {step?.step === 'delete' ? (
        <ConfirmDelete
          title={`Move ${countOf(step.selected.length, 'client', 'clients')} to the trash?`}
          hiddenFields={{ intent: 'bulk-delete-confirmed', ids: step.selected.map((c) => c.id) }}
          confirmLabel="Move to trash"
          cancelHref={here}
          returnFocusTo="bulk-delete"
        >
          <p>They leave every list at once, and their share links and alerts stop. Restore them from the Trash within 30 days; after that they are deleted with their shortlists, deals, viewings and tasks.</p>
          <ul className="list-disc pl-5">{step.selected.map((c) => <li key={c.id}>{c.name}</li>)}</ul>
        </ConfirmDelete>
      ) : null}
      <FilterPanel activeCount={countActiveFilters(values, CLIENT_FILTER_NAMES)}>
        <Form method="get" action="/clients" role="search" aria-label="Filter clients" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <div className="col-span-2">
            <label htmlFor="f-q" className="block text-xs font-medium text-muted">Search</label>
            <input id="f-q" name="q" type="search" defaultValue={values.get('q') ?? ''} placeholder="Name, e-mail, phone, notes…" className="mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5" />
          </div>
          {select('stage', 'Stage', CLIENT_STAGES, 'Any stage')}
          {select('kind', 'Kind', CLIENT_KINDS, 'Any kind')}
          <div>
            <label htmlFor="f-tags" className="block text-xs font-medium text-muted">Tags</label>
            <input id="f-tags" name="tags" defaultValue={values.get('tags') ?? ''} className="mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5" />
          </div>
          <div className="col-span-2 flex gap-3 sm:col-span-5">
            <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink">Apply filters</button>
            <Link to="/clients" className="self-center text-sm">Clear</Link>
          </div>
        </Form>
      </FilterPanel>
      {d.items.length === 0 ? (
        <EmptyState title={d.filtered ? 'No clients match these filters' : 'No clients yet'}>
          <p>{d.filtered ? 'Try other filters.' : 'Buyers, sellers, tenants, landlords and investors you work with will be listed here.'}</p>
          <p><Link to="/client/new">Add a client</Link></p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{`${formatNumber(d.total)}${d.totalCapped ? '+' : ''} ${plural(d.total, 'client', 'clients')}`}</p>
          <BulkBar formId={BULK_FORM} noun="clients" state={refusal}>
            <div>
              <label htmlFor="bulk-stage" className="block text-xs font-medium text-muted">Stage</label>
              <div className="mt-1 flex gap-2">
                <select id="bulk-stage" name="stage" defaultValue="" {...bulkAria(BULK_FORM, refusal, 'stage')} className="rounded-md border border-line bg-surface px-2 py-1.5 text-sm">
                  <option value="">Choose a stage</option>
                  {CLIENT_STAGES.map((s) => <option key={s} value={s}>{CLIENT_LABELS[s]}</option>)}
                </select>
                <SubmitButton name="intent" value="bulk-stage" variant="secondary" pendingText="Saving...">Set stage</SubmitButton>
              </div>
            </div>
            <Button type="submit" name="intent" value="bulk-export" variant="secondary" onClick={(event) => downloadTicked(event, '/clients/export.csv')}>Export CSV</Button>
            <Button type="submit" name="intent" value="bulk-vcard" variant="secondary" onClick={(event) => downloadTicked(event, '/clients/export.vcf')}>Export vCard</Button>
            <SubmitButton id="bulk-delete" name="intent" value="bulk-delete" variant="danger" pendingText="Loading...">Delete…</SubmitButton>
          </BulkBar>
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {d.items.map((c) => (
              <li key={c.id} className="flex items-center gap-1 pl-2">
                <SelectBox formId={BULK_FORM} id={c.id} name={c.fullName} checked={ticked.has(c.id)} />
                <Link to={`/client/${c.id}`} className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2 py-3 pl-2 pr-4 text-ink no-underline hover:bg-canvas">
                  <span>
                    <span className="font-medium">{c.fullName}</span>
                    <span className="block text-sm text-muted">{[c.email, c.phone].filter(Boolean).join(' · ')}</span>
                  </span>
                  <span className="text-sm text-muted">{`${CLIENT_LABELS[c.kind]} · ${CLIENT_LABELS[c.stage]}`}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={d.page} pageSize={d.pageSize} total={d.total} capped={d.totalCapped} />
        </>
      )}
    </>
  )
}
