import { countOf, formatNumber, plural } from '#app/lib/format.ts'
import { data, Link } from 'react-router'
import { badRequest } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { STATUSES } from '#db/reference.ts'
import { BulkBar, BulkStep, bulkAria, downloadTicked, SelectBox, type BulkState } from '#app/ui/bulk-bar.tsx'
import { ConfirmDelete } from '#app/ui/confirm-delete.tsx'
import { Button, SubmitButton } from '#app/ui/form.tsx'
import { handlePropertyBulk, isPropertyBulkIntent, type PropertyBulkStep } from './properties-bulk.server.ts'
import { PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { getPropertyUsage, listProperties } from '#app/modules/properties/queries.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import { Pagination } from '#app/ui/pagination.tsx'
import { PropertyCard } from '#app/ui/property-card.tsx'
import { PropertyFilters } from '#app/ui/property-filters.tsx'
import type { Route } from './+types/properties'

export const meta: Route.MetaFunction = () => [{ title: 'Properties · BrokerVault' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, subscription } = requireAuth(context)
  const url = new URL(request.url)
  const { filters, errors } = parsePropertyFilters(url.searchParams)
  const [list, usage] = await Promise.all([
    listProperties(scope, filters),
    getPropertyUsage(scope, PLAN_PROPERTY_LIMITS[subscription?.plan ?? 'free_trial']),
  ])
  const filtered = [...url.searchParams.keys()].some((k) => k !== 'page' && k !== 'sort' && url.searchParams.get(k))
  return data(
    { ...list, usage, errors, filtered, page: filters.page, pageSize: filters.pageSize, search: url.search },
    { status: Object.keys(errors).length ? 400 : 200 },
  )
}

/** The bulk bar's form (docs/decisions/031); the list's checkboxes name it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  if (!isPropertyBulkIntent(form.get('intent'))) badRequest('Unknown action.')
  const url = new URL(request.url)
  return handlePropertyBulk(context, form, `${url.pathname}${url.search}`)
}

const BULK_FORM = 'bulk-properties'

export default function PropertiesPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const here = `/properties${d.search}`
  const step = actionData && 'step' in actionData ? (actionData as PropertyBulkStep) : null
  const refusal: BulkState = actionData && 'bulkError' in actionData ? actionData : null
  const ticked = new Set(refusal?.selected ?? step?.selected.map((p) => p.id) ?? [])
  return (
    <>
      <PageHeader title="Properties">
        <div className="flex flex-wrap items-center gap-3 whitespace-nowrap">
          <p className="text-sm text-muted">{`${d.usage.countText} / ${d.usage.limit} properties`}</p>
          {/* A download with the filters of this page: a plain link, not a client-side navigation. */}
          <a href={`/properties/export.csv${d.search}`} download className="text-sm">Export CSV</a>
          <Link to="/properties/import" className="text-sm">Import</Link>
          <Link to="/trash" className="text-sm">Trash</Link>
          <Link to="/property/type-selection" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-ink no-underline">
            Add property
          </Link>
        </div>
      </PageHeader>
      {step?.step === 'delete' ? (
        <ConfirmDelete
          title={`Move ${countOf(step.selected.length, 'property', 'properties')} to the trash?`}
          hiddenFields={{ intent: 'bulk-delete-confirmed', ids: step.selected.map((p) => p.id) }}
          confirmLabel="Move to trash"
          cancelHref={here}
          returnFocusTo="bulk-delete"
        >
          <p>They leave every list, share link and your plan count at once. Restore them from the Trash within 30 days; after that they are deleted with their photos and documents.</p>
          <ul className="list-disc pl-5">{step.selected.map((p) => <li key={p.id}>{p.title}</li>)}</ul>
        </ConfirmDelete>
      ) : null}
      {step?.step === 'shortlist' ? <ShortlistStep step={step} cancelHref={here} /> : null}
      {d.usage.count > 0 ? <PropertyFilters values={new URLSearchParams(d.search)} errors={d.errors} action="/properties" /> : null}
      {d.items.length === 0 ? (
        d.filtered ? (
          <EmptyState title="No properties match these filters">
            <p><Link to="/properties">Clear the filters</Link> or <Link to="/property/type-selection">add a property</Link>.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No properties yet">
            <p>{`Your listings, with their photos, documents and private notes, will be listed here. Your plan holds up to ${d.usage.limit} properties.`}</p>
            <p><Link to="/property/type-selection">Add your first property</Link></p>
          </EmptyState>
        )
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{`${formatNumber(d.total)}${d.totalCapped ? '+' : ''} ${plural(d.total, 'property', 'properties')}`}</p>
          <BulkBar formId={BULK_FORM} noun="properties" state={refusal}>
            <div>
              <label htmlFor="bulk-status" className="block text-xs font-medium text-muted">Status</label>
              <div className="mt-1 flex gap-2">
                <select id="bulk-status" name="status" defaultValue="" {...bulkAria(BULK_FORM, refusal, 'status')} className="rounded-md border border-line bg-surface px-2 py-1.5 text-sm">
                  <option value="">Choose a status</option>
                  {STATUSES.map((s) => <option key={s} value={s}>{label(s)}</option>)}
                </select>
                <SubmitButton name="intent" value="bulk-status" variant="secondary" pendingText="Saving...">Set status</SubmitButton>
              </div>
            </div>
            <SubmitButton name="intent" value="bulk-shortlist" variant="secondary" pendingText="Loading...">Add to a shortlist…</SubmitButton>
            <Button type="submit" name="intent" value="bulk-export" variant="secondary" onClick={(event) => downloadTicked(event, '/properties/export.csv')}>Export CSV</Button>
            <SubmitButton id="bulk-delete" name="intent" value="bulk-delete" variant="danger" pendingText="Loading...">Delete…</SubmitButton>
          </BulkBar>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {d.items.map((p, i) => (
              <li key={p.id} className="relative">
                <SelectBox formId={BULK_FORM} id={p.id} name={p.title} checked={ticked.has(p.id)} className="absolute left-2 top-2 z-10 border border-line bg-surface/90" />
                <PropertyCard property={p} href={`/property/${p.id}`} eager={i < 4} />
              </li>
            ))}
          </ul>
          <Pagination page={d.page} pageSize={d.pageSize} total={d.total} capped={d.totalCapped} />
        </>
      )}
    </>
  )
}

/** The shortlist step: which client the ticked properties go to. */
function ShortlistStep({ step, cancelHref }: { step: Extract<PropertyBulkStep, { step: 'shortlist' }>; cancelHref: string }) {
  const ids = step.selected.map((p) => p.id)
  return (
    <BulkStep title={`Add ${countOf(ids.length, 'property', 'properties')} to a client's shortlist`} ids={ids} cancelHref={cancelHref}>
      <ul className="list-disc pl-5 text-sm">{step.selected.map((p) => <li key={p.id}>{p.title}</li>)}</ul>
      {step.clients.length === 0 ? (
        <p className="text-sm">You have no clients yet. <Link to="/client/new">Add a client</Link> first.</p>
      ) : (
        <>
          <div>
            <label htmlFor="bulk-client" className="block text-sm font-medium">Client</label>
            <select id="bulk-client" name="clientId" required defaultValue="" className="mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2">
              <option value="" disabled>Choose a client</option>
              {step.clients.map((c) => <option key={c.id} value={c.id}>{c.fullName}</option>)}
            </select>
          </div>
          <SubmitButton name="intent" value="bulk-shortlist" pendingText="Adding...">Add to shortlist</SubmitButton>
        </>
      )}
    </BulkStep>
  )
}
