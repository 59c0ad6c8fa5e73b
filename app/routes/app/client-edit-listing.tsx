import { orNotFound } from '#app/lib/http.ts'
import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { listListingItems, type ListingItem } from '#app/modules/listings/listing-queries.server.ts'
import {
  addListingItem,
  moveListingItem,
  removeListingItem,
  updateListingNote,
} from '#app/modules/listings/listing-mutations.server.ts'
import { LISTING_NOTE_MAX_LENGTH, ListingNoteSchema, MAX_LISTING_ITEMS } from '#app/modules/listings/schemas.ts'
import { parsePropertyFilters } from '#app/modules/properties/filters.ts'
import { listProperties } from '#app/modules/properties/queries.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { Button, ErrorList, SubmitButton, TextareaField } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { Pagination } from '#app/ui/pagination.tsx'
import { PhotoImage } from '#app/ui/photo.tsx'
import type { Route } from './+types/client-edit-listing'
import { priceText } from '#app/modules/properties/price-text.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { readForm } from '#app/http/form-body.server.ts'
import { requireOwnedFormIds } from '#app/http/owned-ids.server.ts'

/** The property picker shows this many of the broker's properties a page. */
const PICKER_PAGE_SIZE = 20

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Edit shortlist · ${data?.client.fullName ?? 'Client'} · BrokerVault` }]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const client = orNotFound(await findOwnedClient(scope, params.clientId))
  const { filters, errors } = parsePropertyFilters(new URL(request.url).searchParams)
  const [items, candidates] = await Promise.all([
    listListingItems(scope, client.id),
    listProperties(scope, { ...filters, pageSize: PICKER_PAGE_SIZE }),
  ])
  return { client, items, candidates, q: filters.q ?? '', page: filters.page, searchError: errors.q ?? null }
}

type ActionError = { intent: string; propertyId: string; error: string; note?: string }
const refuse = (error: ActionError) => data(error, { status: 400 })

const choose = 'Choose a property.'
// One union for the page's forms; propertyId stays the raw string so a malformed one is a 404.
const ListingActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['add', 'remove', 'move-up', 'move-down']), propertyId: z.string({ error: choose }) }),
  z.object({ intent: z.literal('note'), propertyId: z.string({ error: choose }).min(1, choose), note: ListingNoteSchema.shape.note }),
])

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const client = orNotFound(await findOwnedClient(scope, params.clientId))
  const form = await readForm(request)
  // Ownership first: another broker's property is a 404 even with a note that is too long.
  await requireOwnedFormIds(scope, [['property', form.get('propertyId')]])
  const parsed = parseIntentForm(form, ListingActionSchema)
  const url = new URL(request.url)
  const back = (propertyId: string) => `${url.pathname}${url.search}#item-${propertyId}`
  if (!parsed.success) {
    const intent = String(form.get('intent'))
    if (intent !== 'note') return refuse({ intent, propertyId: '', error: choose })
    const errors: { note?: string[]; propertyId?: string[] } = z.flattenError(parsed.error).fieldErrors
    const error = errors.note?.[0] ?? errors.propertyId?.[0] ?? 'Check the note.'
    return refuse({ intent, propertyId: String(form.get('propertyId') ?? ''), error, note: String(form.get('note') ?? '') })
  }
  const { intent, propertyId } = parsed.data

  if (parsed.data.intent === 'note') {
    orNotFound(await updateListingNote(scope, client.id, propertyId, parsed.data.note))
    setFlash(context, { kind: 'success', message: 'Note saved.' })
    throw redirect(back(propertyId))
  }
  if (intent === 'add') {
    const added = orNotFound(await addListingItem(scope, client.id, propertyId))
    if (added.status === 'full') {
      return refuse({ intent, propertyId, error: `A shortlist holds at most ${MAX_LISTING_ITEMS} properties. Remove one first.` })
    }
    const message = added.status === 'added' ? `Added ${added.title} to the shortlist.` : `${added.title} is already on the shortlist.`
    setFlash(context, { kind: added.status === 'added' ? 'success' : 'info', message })
  } else if (intent === 'remove') {
    const { removed, title } = orNotFound(await removeListingItem(scope, client.id, propertyId))
    setFlash(context, { kind: removed ? 'success' : 'info', message: removed ? `Removed ${title}.` : `${title} was not on the shortlist.` })
  } else {
    const moved = orNotFound(await moveListingItem(scope, client.id, propertyId, intent === 'move-up' ? 'up' : 'down'))
    if (!moved) setFlash(context, { kind: 'info', message: `That property is already ${intent === 'move-up' ? 'first' : 'last'}.` })
  }
  throw redirect(intent === 'remove' ? `${url.pathname}${url.search}` : back(propertyId))
}

export default function EditListingPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const errorFor = (intent: string, propertyId: string) =>
    actionData?.intent === intent && actionData.propertyId === propertyId ? actionData : null
  const listed = new Set(d.items.map((item) => item.id))
  const { numbers } = useFormats()
  return (
    <>
      <PageHeader title={`Shortlist for ${d.client.fullName}`}>
        <div className="flex flex-wrap gap-2 text-sm">
          <Link to={`/client/${d.client.id}/listing`} className="rounded-md border border-line px-3 py-1.5 no-underline">View shortlist and reactions</Link>
          <Link to={`/client/${d.client.id}`} className="rounded-md border border-line px-3 py-1.5 no-underline">Back to client</Link>
        </div>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={`On the shortlist (${d.items.length} of at most ${MAX_LISTING_ITEMS})`}>
          {d.items.length === 0 ? <p className="text-sm text-muted">Nothing yet: add properties from the list.</p> : null}
          <ol className="space-y-4">
            {d.items.map((item, index) => (
              <ShortlistItem key={item.id} item={item} isFirst={index === 0} isLast={index === d.items.length - 1} noteError={errorFor('note', item.id)} />
            ))}
          </ol>
        </Card>
        <Card title="Add your properties">
          <Form method="get" className="mb-3 flex gap-2" role="search">
            <label htmlFor="q" className="sr-only">Search your properties</label>
            <input id="q" name="q" type="search" defaultValue={d.q} placeholder="Title, address, reference…" className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2" />
            <Button type="submit" variant="secondary">Search</Button>
          </Form>
          <ErrorList errors={d.searchError ? [d.searchError] : null} />
          {d.candidates.items.length === 0 ? <p className="text-sm text-muted">No properties match.</p> : null}
          <ul className="divide-y divide-line">
            {d.candidates.items.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">{p.title}</p>
                  <p className="text-muted">{[priceText(p, numbers), p.city].filter(Boolean).join(' · ')}</p>
                  <ErrorList errors={errorFor('add', p.id) ? [errorFor('add', p.id)!.error] : null} />
                </div>
                {listed.has(p.id) ? (
                  <span className="text-muted">On the shortlist</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="propertyId" value={p.id} />
                    <SubmitButton name="intent" value="add" variant="secondary" pendingText="Adding...">Add</SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={d.page} pageSize={PICKER_PAGE_SIZE} total={d.candidates.total} />
        </Card>
      </div>
    </>
  )
}

type ShortlistItemProps = { item: ListingItem; isFirst: boolean; isLast: boolean; noteError: ActionError | null }

function ShortlistItem({ item, isFirst, isLast, noteError }: ShortlistItemProps) {
  const { numbers } = useFormats()
  return (
    <li id={`item-${item.id}`} className="space-y-2 rounded-lg border border-line p-3">
      <div className="flex gap-3">
        {item.cover ? <PhotoImage photo={item.cover} alt="" sizes="96px" className="h-16 w-24 shrink-0 rounded object-cover" /> : null}
        <div className="min-w-0 text-sm">
          <p className="font-medium">{item.title}</p>
          <p className="text-muted">{[priceText(item, numbers), item.city].filter(Boolean).join(' · ')}</p>
        </div>
      </div>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="propertyId" value={item.id} />
        <TextareaField
          label="Note for the client (optional)"
          errors={noteError ? [noteError.error] : null}
          textareaProps={{ id: `note-${item.id}`, name: 'note', rows: 2, maxLength: LISTING_NOTE_MAX_LENGTH, defaultValue: noteError?.note ?? item.note }}
        />
        <SubmitButton name="intent" value="note" variant="secondary" pendingText="Saving...">Save note</SubmitButton>
      </Form>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="propertyId" value={item.id} />
        <Button type="submit" name="intent" value="move-up" variant="secondary" disabled={isFirst} className="px-3 py-1">Move up</Button>
        <Button type="submit" name="intent" value="move-down" variant="secondary" disabled={isLast} className="px-3 py-1">Move down</Button>
        <Button type="submit" name="intent" value="remove" variant="danger" className="px-3 py-1">Remove</Button>
      </Form>
    </li>
  )
}
