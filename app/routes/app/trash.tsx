import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { notFound, orNotFound } from '#app/lib/http.ts'
import { describeLocal } from '#app/modules/agenda/format.ts'
import { TRASH_DAYS, TRASH_KINDS, type TrashKind } from '#app/modules/trash/kinds.ts'
import { deleteFromTrash, listTrash, restoreFromTrash } from '#app/modules/trash/trash.server.ts'
import { ConfirmDelete } from '#app/ui/confirm-delete.tsx'
import { SubmitButton } from '#app/ui/form.tsx'
import { EmptyState, PageHeader } from '#app/ui/page.tsx'
import { PhotoImage } from '#app/ui/photo.tsx'
import type { Route } from './+types/trash'

export const meta: Route.MetaFunction = () => [{ title: 'Trash · BrokerVault' }]

const KIND_LABELS: Record<TrashKind, string> = { property: 'Property', client: 'Client', photo: 'Photo', document: 'Document' }

/** `?delete=<kind>:<id>` asks "Delete forever?" first: a box without JavaScript, a dialog with it. */
function itemToConfirm(query: URLSearchParams) {
  const [kind, id] = (query.get('delete') ?? '').split(':')
  return TRASH_KINDS.includes(kind as TrashKind) && id ? { kind: kind as TrashKind, id } : null
}

/** GET /trash: what the broker deleted in the last 30 days, newest first, each with Restore and Delete forever. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const entries = await listTrash(scope)
  const asked = itemToConfirm(new URL(request.url).searchParams)
  const confirm = asked && entries.find((entry) => entry.kind === asked.kind && entry.id === asked.id)
  return {
    confirm: confirm ? { kind: confirm.kind, id: confirm.id, label: confirm.label } : null,
    entries: entries.map((entry) => ({
      ...entry,
      deletedOn: describeLocal(entry.deletedAt, user.timeZone),
      purgeOn: describeLocal(entry.purgeAt, user.timeZone),
    })),
  }
}

const TrashActionSchema = z.discriminatedUnion('intent', [
  // back=item: from the toast that said "Moved … to the trash": back to the restored item's page.
  z.object({ intent: z.literal('restore'), kind: z.enum(TRASH_KINDS), id: z.string(), back: z.literal('item').optional() }),
  z.object({ intent: z.literal('delete-forever'), kind: z.enum(TRASH_KINDS), id: z.string() }),
])

export async function action({ request, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const parsed = parseIntentForm(await readForm(request), TrashActionSchema)
  // A kind the page never offers, or no id: nothing of the broker's, as for a foreign id.
  if (!parsed.success) notFound()
  const { intent, kind, id } = parsed.data
  if (intent === 'restore') {
    const result = orNotFound(await restoreFromTrash(scope, kind, id))
    // Refused (no room on the plan or the property): the reason next to the item's Restore.
    if (!result.ok) return data({ refused: { kind, id, message: result.message } }, { status: 400 })
    setFlash(context, { kind: 'success', message: result.message })
    throw redirect(parsed.data.back === 'item' ? result.path : '/trash')
  }
  const deleted = orNotFound(await deleteFromTrash(scope, kind, id))
  setFlash(context, { kind: 'success', message: deleted.message })
  throw redirect('/trash')
}

export default function TrashPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, confirm } = loaderData
  const refused = actionData?.refused ?? null
  return (
    <>
      <PageHeader title="Trash" />
      <p className="-mt-4 mb-4 text-sm text-muted">{`Deleted properties, clients, photos and documents stay here for ${TRASH_DAYS} days, then they are deleted for good. Nothing here counts towards your plan.`}</p>
      {confirm ? (
        <ConfirmDelete
          title={`Delete “${confirm.label}” forever?`}
          hiddenFields={{ intent: 'delete-forever', kind: confirm.kind, id: confirm.id }}
          confirmLabel="Delete forever"
          cancelHref="/trash"
          returnFocusTo={`delete-${confirm.kind}-${confirm.id}`}
        >
          <p>{confirm.kind === 'property' ? 'Its photos, documents, share links, viewings and tasks go with it. This cannot be undone.' : confirm.kind === 'client' ? 'Their shortlist, deals, viewings and tasks go with them. This cannot be undone.' : 'This cannot be undone.'}</p>
        </ConfirmDelete>
      ) : null}
      {entries.length === 0 ? (
        <EmptyState title="The trash is empty">
          <p>What you delete comes here first, so a slip of the finger can be undone.</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="trash-list">
          {entries.map((entry) => {
            const key = `${entry.kind}-${entry.id}`
            const refusal = refused && refused.kind === entry.kind && refused.id === entry.id ? refused.message : null
            return (
              <li key={key} className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-3" data-testid="trash-item">
                {entry.photo ? (
                  <PhotoImage photo={entry.photo} sizes="64px" alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">
                    <span className="text-muted">{`${KIND_LABELS[entry.kind]}: `}</span>
                    {entry.label}
                  </p>
                  {entry.detail ? <p className="text-sm break-words text-muted">{entry.detail}</p> : null}
                  <p className="text-sm text-muted">{`Deleted ${entry.deletedOn} · deleted for good ${entry.purgeOn}`}</p>
                  {refusal ? (
                    <p role="alert" id={`refused-${key}`} className="mt-1 text-sm text-danger">
                      {refusal}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="kind" value={entry.kind} />
                    <input type="hidden" name="id" value={entry.id} />
                    <SubmitButton
                      name="intent"
                      value="restore"
                      variant="secondary"
                      pendingText="Restoring..."
                      aria-label={`Restore ${entry.label}`}
                      aria-describedby={refusal ? `refused-${key}` : undefined}
                    >
                      Restore
                    </SubmitButton>
                  </Form>
                  <Link
                    id={`delete-${key}`}
                    to={`?delete=${entry.kind}:${entry.id}`}
                    preventScrollReset
                    aria-label={`Delete ${entry.label} forever`}
                    className="inline-flex items-center justify-center rounded-md border border-danger bg-surface px-4 py-2 text-sm font-medium text-danger no-underline hover:bg-danger-soft"
                  >
                    Delete forever
                  </Link>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
