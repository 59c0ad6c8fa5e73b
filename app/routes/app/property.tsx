import { orNotFound } from '#app/lib/http.ts'
import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { priceText } from '#app/modules/properties/price-text.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { feedCursorFrom, listActivity } from '#app/http/activity-feed.server.ts'
import { listComments } from '#app/modules/comments/comments.server.ts'
import { listDocuments, listPhotos } from '#app/modules/media/queries.server.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { changePropertyStatus, deleteProperty, updatePrivateNotes } from '#app/modules/properties/mutations.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { findChangeableProperty } from '#app/modules/properties/access.server.ts'
import { PrivateNotesSchema, StatusChangeSchema } from '#app/modules/properties/schemas.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { listSharesForProperty } from '#app/modules/sharing/shares.server.ts'
import { ActivityFeed } from '#app/ui/activity-feed.tsx'
import { CommentThread } from '#app/ui/comment-thread.tsx'
import { Button, ErrorList, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { PAGE_GALLERY, PhotoGallery } from '#app/ui/photo-gallery.tsx'
import { PropertyFacts } from '#app/ui/property-facts.tsx'
import { ShareLinks } from '#app/ui/share-links.tsx'
import { StatusBadge } from '#app/ui/status-badge.tsx'
import type { Route } from './+types/property'
import { STATUSES } from '#db/reference.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireChangeableProperty } from '#app/http/owned-ids.server.ts'
import { listClientOptions } from '#app/modules/deals/options.server.ts'
import { TaskPanel } from '#app/ui/task-panel.tsx'
import { ViewingPanel } from '#app/ui/viewing-panel.tsx'
import { handleAgendaIntent } from './agenda-actions.server.ts'
import { loadTaskRows, loadViewingRows } from './agenda-panels.server.ts'
import { handleAssignmentIntent, loadAssignment, loadTaskAssignments } from '#app/http/assignment-forms.server.ts'
import { loadTeam } from '#app/http/team.server.ts'
import { AssignmentCard, assignmentStateOf } from '#app/ui/assignment-card.tsx'
import { listOpenHouses } from '#app/modules/open-houses/open-houses.server.ts'
import { suggestedTimes } from '#app/modules/open-houses/rules.ts'
import { OpenHouseCard } from '#app/ui/open-house-card.tsx'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.property.title ?? 'Property'} · BrokerVault` }]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context)
  const { scope, user } = auth
  const property = orNotFound(await getProperty(scope, params.id))
  const [photos, documents, comments, activity, sharePanel, viewings, tasks, clientOptions, team, changeable, openHouses] = await Promise.all([
    listPhotos(scope, property.id),
    listDocuments(scope, property.id),
    listComments(scope, 'property', property.id),
    listActivity(scope, { propertyId: property.id, before: feedCursorFrom(request), limit: 10 }),
    listSharesForProperty(scope, property.id),
    loadViewingRows(scope, { propertyId: property.id }, user),
    loadTaskRows(scope, 'property', property.id, user),
    listClientOptions(scope),
    loadTeam(auth),
    // A colleague's listing is shown, not offered for change (those forms would be a 403).
    findChangeableProperty(scope, property.id),
    // The newest open house with its sign-ins (two: the card says when there are more).
    listOpenHouses(scope, property.id, { limit: 2 }),
  ])
  const clients = clientOptions.map((c) => ({ id: c.id, label: c.fullName }))
  // An agency of several: who the listing is assigned to, and each task's (issue 26).
  const [assignment, taskTeam] = await Promise.all([loadAssignment(team, 'property', property), loadTaskAssignments(team, tasks)])
  return { property, photos, documents, comments, activity, sharePanel, viewings, tasks, clients, timeZone: user.timeZone, assignment, taskTeam, names: team?.names ?? null, canChange: changeable !== null, openHouses, openHouseTimes: suggestedTimes(user.timeZone) }
}

const PropertyActionSchema = z.discriminatedUnion('intent', [
  StatusChangeSchema.extend({ intent: z.literal('status') }),
  PrivateNotesSchema.extend({ intent: z.literal('notes') }),
  z.object({ intent: z.literal('delete'), confirm: z.literal('yes') }),
])

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  const { scope, user } = auth
  const property = orNotFound(await getProperty(scope, params.id))
  const form = await readForm(request)
  const agenda = await handleAgendaIntent(context, user, form, `/property/${property.id}`, { propertyId: property.id })
  if (agenda) return agenda
  const assignment = await handleAssignmentIntent(context, auth, form, { kind: 'property', id: property.id }, `/property/${property.id}`)
  if (assignment) return assignment
  // Viewings and tasks about any of the agency's listings are every member's; the listing itself
  // (status, notes, the trash) is its agent's and the admins' (a colleague's: 403).
  await requireChangeableProperty(scope, property.id)
  const submission = parseIntentSubmission(form, PropertyActionSchema)
  if (submission.status !== 'success') {
    switch (submission.payload.intent) {
      case 'status':
        return data({ intent: 'status', error: 'Choose one of the statuses listed.' }, { status: 400 })
      case 'notes':
        return data({ intent: 'notes', error: submission.error?.privateNotes?.[0] ?? 'Invalid notes' }, { status: 400 })
      default:
        return data({ intent: 'delete', error: 'Tick the box to confirm the deletion.' }, { status: 400 })
    }
  }
  const value = submission.value
  switch (value.intent) {
    case 'status': {
      orNotFound(await changePropertyStatus(scope, property.id, value.status))
      setFlash(context, { kind: 'success', message: `Status set to ${label(value.status)}.` })
      throw redirect(`/property/${property.id}`)
    }
    case 'notes': {
      orNotFound(await updatePrivateNotes(scope, property.id, value.privateNotes ?? ''))
      setFlash(context, { kind: 'success', message: 'Notes saved.' })
      throw redirect(`/property/${property.id}`)
    }
    case 'delete': {
      orNotFound(await deleteProperty(scope, property.id))
      setFlash(context, { kind: 'success', message: `Moved ${property.title} to the trash. Restore it from the Trash within 30 days.`, restore: { kind: 'property', id: property.id } })
      throw redirect('/properties')
    }
  }
}

export default function PropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property: p, photos, documents, comments, activity, sharePanel, canChange } = loaderData
  const here = `/property/${p.id}`
  const errorFor = (intent: string) => (actionData && 'intent' in actionData && actionData.intent === intent ? [actionData.error] : null)
  const agendaState = actionData && 'agendaIntent' in actionData ? actionData : null
  const assignmentState = assignmentStateOf(actionData)
  const { numbers } = useFormats()
  return (
    <>
      <PageHeader title={p.title}>
        <div className="flex flex-wrap gap-2 text-sm">
          {canChange ? <Link to={`/property/${p.id}/edit`} className="rounded-md border border-line px-3 py-1.5 no-underline">Edit</Link> : null}
          {canChange ? <Link to={`/property/${p.id}/media`} className="rounded-md border border-line px-3 py-1.5 no-underline">Photos and documents</Link> : null}
          <Link to={`/property/${p.id}/brochure`} className="rounded-md border border-line px-3 py-1.5 no-underline">Print brochure</Link>
        </div>
      </PageHeader>
      <p className="-mt-4 mb-4 flex flex-wrap items-center gap-2 text-muted">
        <StatusBadge status={p.status} />
        <span>{priceText(p, numbers)}</span>
        <span>· {label(p.type)} · {label(p.purpose)} · {label(p.visibility)}</span>
      </p>

      {photos.length > 0 ? (
        <div className="mb-6">
          <PhotoGallery photos={photos} title={p.title} label="Photos" layout={PAGE_GALLERY} eagerCount={4} />
        </div>
      ) : (
        <p className="mb-6 rounded-lg border border-dashed border-line p-4 text-sm text-muted">
          No photos yet.{canChange ? <> <Link to={`/property/${p.id}/media`}>Add photos</Link></> : null}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Facts">
            <PropertyFacts property={p} />
          </Card>
          {p.description ? (
            <Card title="Description">
              <p className="whitespace-pre-line">{p.description}</p>
            </Card>
          ) : null}
          <Card title="Documents">
            {documents.length === 0 ? (
              <p className="text-sm text-muted">No documents yet.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {documents.map((d) => (
                  <li key={d.id}>
                    <a href={`/documents/${d.id}`}>{d.title}</a>
                    <span className="text-muted">{` · ${d.fileName}${d.sharedWithClients ? ' · shared with clients' : ''}`}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <ViewingPanel viewings={loaderData.viewings} choose="client" options={loaderData.clients} state={agendaState} timeZone={loaderData.timeZone} reportHref={`${here}/viewing-report`} names={loaderData.names} />
          <TaskPanel tasks={loaderData.tasks} state={agendaState} team={loaderData.taskTeam} assignmentState={assignmentState} />
          <CommentThread subject="property" id={p.id} comments={comments} redirectTo={here} seenByColleagues={Boolean(loaderData.names)} />
          <ActivityFeed items={activity.items} nextCursor={activity.nextCursor} basePath={here} />
        </div>
        <div className="space-y-4">
          <AssignmentCard view={loaderData.assignment} state={assignmentState} recordId={p.id} />
          {canChange ? (
            <Card title="Status">
              <Form method="post" className="flex gap-2">
                <label htmlFor="status" className="sr-only">Status</label>
                <select id="status" name="status" required defaultValue={p.status} className="flex-1 rounded-md border border-line bg-surface px-2 py-2">
                  {STATUSES.map((s) => <option key={s} value={s}>{label(s)}</option>)}
                </select>
                <SubmitButton name="intent" value="status" pendingText="Saving...">Set status</SubmitButton>
              </Form>
              <ErrorList errors={errorFor('status')} />
            </Card>
          ) : null}
          <ShareLinks {...sharePanel} redirectTo={here} />
          <OpenHouseCard propertyId={p.id} openHouses={loaderData.openHouses} canChange={canChange} suggested={loaderData.openHouseTimes} />
          {canChange ? (
            <>
              <Card title="Private notes">
                <Form method="post" className="space-y-2">
                  <label htmlFor="privateNotes" className="sr-only">Private notes</label>
                  <textarea id="privateNotes" name="privateNotes" defaultValue={p.privateNotes} rows={5} maxLength={10000} className="block w-full rounded-md border border-line bg-surface px-3 py-2" />
                  <ErrorList errors={errorFor('notes')} />
                  <SubmitButton name="intent" value="notes" variant="secondary" pendingText="Saving...">Save notes</SubmitButton>
                </Form>
              </Card>
              <details className="rounded-xl border border-danger p-4">
                <summary className="cursor-pointer font-medium text-danger">Delete property</summary>
                <Form method="post" className="mt-3 space-y-2">
                  <p className="text-sm">The listing, with all its photos and documents, goes to the <Link to="/trash">Trash</Link>: it leaves your lists and its share links stop working. You can restore it for 30 days; then it is deleted for good.</p>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="confirm" value="yes" required /> I understand, delete it
                  </label>
                  <ErrorList errors={errorFor('delete')} />
                  <Button type="submit" name="intent" value="delete" variant="danger">Move to trash</Button>
                </Form>
              </details>
            </>
          ) : (
            // A colleague's listing: its notes to read; its agent and the admins change it.
            <Card title="Private notes">
              <p className="whitespace-pre-line text-sm">{p.privateNotes || 'No notes.'}</p>
            </Card>
          )}
        </div>
      </div>
    </>
  )
}
