import { orNotFound } from '#app/lib/http.ts'
import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { setFlash } from '#app/lib/flash.server.ts'
import { formatPrice, type NumberStyle } from '#app/lib/format.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { SkippedCurrencyNote } from '#app/ui/skipped-currency-note.tsx'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { countOtherCurrencyFits, findMatchingProperties } from '#app/modules/properties/matching.server.ts'
import { changeClientStage, deleteClient } from '#app/modules/clients/mutations.server.ts'
import { getClient } from '#app/modules/clients/queries.server.ts'
import { ClientStageSchema } from '#app/modules/clients/schemas.ts'
import { feedCursorFrom, listActivity } from '#app/http/activity-feed.server.ts'
import { listComments } from '#app/modules/comments/comments.server.ts'
import { listClientDeals } from '#app/modules/deals/board.server.ts'
import { dealStageLabel, formatDealValue } from '#app/modules/deals/format.ts'
import { listPropertyOptions } from '#app/modules/deals/options.server.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { ActivityFeed } from '#app/ui/activity-feed.tsx'
import { ClientContactBar } from '#app/ui/client-contact.tsx'
import { CommentThread } from '#app/ui/comment-thread.tsx'
import { NewDealForm } from '#app/ui/deal-form.tsx'
import { ErrorList, SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { PropertyCard } from '#app/ui/property-card.tsx'
import type { Route } from './+types/client'
import { CLIENT_STAGES } from '#db/reference.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireOwnedFormIds } from '#app/http/owned-ids.server.ts'
import { getListingOrder } from '#app/modules/listings/listing-queries.server.ts'
import { addListingItem } from '#app/modules/listings/listing-mutations.server.ts'
import { MAX_LISTING_ITEMS } from '#app/modules/listings/schemas.ts'
import { TaskPanel } from '#app/ui/task-panel.tsx'
import { ViewingPanel } from '#app/ui/viewing-panel.tsx'
import { handleAgendaIntent } from './agenda-actions.server.ts'
import { loadTaskRows, loadViewingRows } from './agenda-panels.server.ts'
import { getAlertState, stopAlerts, turnOnAlerts } from '#app/modules/alerts/subscriptions.server.ts'
import { AlertCard } from '#app/ui/alert-card.tsx'
import { handleAssignmentIntent, loadAssignment, loadTaskAssignments } from '#app/http/assignment-forms.server.ts'
import { loadTeam } from '#app/http/team.server.ts'
import { AssignmentCard, assignmentStateOf } from '#app/ui/assignment-card.tsx'
import { listClientConversation } from '#app/modules/leads/replies.server.ts'
import { LeadHistoryCard } from '#app/ui/lead-history.tsx'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.client.fullName ?? 'Client'} · BrokerVault` }]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context)
  const { scope, user } = auth
  const client = orNotFound(await getClient(scope, params.id))
  const [matches, otherCurrencies, deals, propertyOptions, comments, activity, viewings, tasks, alerts, shortlist, team] = await Promise.all([
    findMatchingProperties(scope, client),
    // No statement when the client gave no budget: then no currency is left out.
    countOtherCurrencyFits(scope, client),
    listClientDeals(scope, client.id),
    listPropertyOptions(scope),
    listComments(scope, 'client', client.id),
    listActivity(scope, { clientId: client.id, before: feedCursorFrom(request), limit: 10 }),
    loadViewingRows(scope, { clientId: client.id }, user),
    loadTaskRows(scope, 'client', client.id, user),
    getAlertState(scope, client),
    getListingOrder(scope, client.id),
    loadTeam(auth),
  ])
  const listed = new Set(shortlist.propertyIds)
  const matchRows = matches.map((p) => ({ ...p, onShortlist: listed.has(p.id) }))
  // An agency of several: who has the client, who it is shared with, and each task's (issue 26).
  const [assignment, taskTeam, leadHistory] = await Promise.all([
    loadAssignment(team, 'client', client),
    loadTaskAssignments(team, tasks),
    // The leads this client came from and their conversation (docs/decisions/037-lead-routing-and-replies.md).
    listClientConversation(scope, client.id),
  ])
  const leadView = {
    leads: leadHistory.leads.map((lead) => ({ id: lead.id, source: lead.source, arrivedAt: lead.arrivedAt.toISOString() })),
    messages: leadHistory.messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString(), authorName: message.authorId ? (team?.names[message.authorId] ?? null) : null })),
    consent: client.consentText && client.consentedAt ? { text: client.consentText, at: client.consentedAt.toISOString() } : null,
  }
  return { leadView, client, matches: matchRows, otherCurrencies, deals, propertyOptions, comments, activity, viewings, tasks, timeZone: user.timeZone, alerts, assignment, taskTeam, names: team?.names ?? null }
}

// The stage form, the alert forms and a match's "Add to shortlist"; the union makes any other intent a 400.
const ClientActionSchema = z.discriminatedUnion('intent', [
  ClientStageSchema.extend({ intent: z.literal('stage') }),
  z.object({ intent: z.literal('shortlist-add'), propertyId: z.string() }),
  z.object({ intent: z.literal('alerts-on'), consent: z.literal('yes').optional() }),
  z.object({ intent: z.literal('alerts-off') }),
  z.object({ intent: z.literal('delete'), confirm: z.literal('yes') }),
])

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  const { scope, user } = auth
  const client = orNotFound(await getClient(scope, params.id))
  const form = await readForm(request)
  const agenda = await handleAgendaIntent(context, user, form, `/client/${client.id}`, { clientId: client.id })
  if (agenda) return agenda
  const assignment = await handleAssignmentIntent(context, auth, form, { kind: 'client', id: client.id }, `/client/${client.id}`)
  if (assignment) return assignment
  // Ownership first: another broker's property is a 404 whatever else the form holds.
  await requireOwnedFormIds(scope, [['property', form.get('propertyId')]])
  const parsed = parseIntentForm(form, ClientActionSchema)
  if (!parsed.success) {
    if (form.get('intent') === 'shortlist-add') return data({ matchError: 'Choose a property.' }, { status: 400 })
    if (form.get('intent') === 'alerts-on') return data({ alertError: 'Confirm that the client agreed to receive alerts.' }, { status: 400 })
    if (form.get('intent') === 'delete') return data({ deleteError: 'Tick the box to confirm the deletion.' }, { status: 400 })
    return data({ error: 'Choose one of the stages listed.' }, { status: 400 })
  }
  if (parsed.data.intent === 'alerts-on') {
    const result = orNotFound(await turnOnAlerts(scope, client.id, parsed.data.consent === 'yes'))
    if (!result.ok) return data({ alertError: result.message }, { status: 400 })
    setFlash(context, { kind: 'success', message: 'Property alerts are on.' })
    throw redirect(`/client/${client.id}`)
  }
  if (parsed.data.intent === 'shortlist-add') {
    // Straight from the matches (issue 25): the same add as the shortlist editor's.
    const added = orNotFound(await addListingItem(scope, client.id, parsed.data.propertyId))
    if (added.status === 'full') return data({ matchError: `A shortlist holds at most ${MAX_LISTING_ITEMS} properties. Remove one first.`, propertyId: parsed.data.propertyId }, { status: 400 })
    setFlash(context, {
      kind: added.status === 'added' ? 'success' : 'info',
      message: added.status === 'added' ? `Added ${added.title} to the shortlist of ${client.fullName}.` : `${added.title} is already on the shortlist.`,
    })
    throw redirect(`/client/${client.id}#match-${parsed.data.propertyId}`)
  }
  if (parsed.data.intent === 'alerts-off') {
    orNotFound(await stopAlerts(scope, client.id))
    setFlash(context, { kind: 'success', message: 'Property alerts are off.' })
    throw redirect(`/client/${client.id}`)
  }
  if (parsed.data.intent === 'delete') {
    // A colleague the client is shared with works on it, but does not delete it.
    if (orNotFound(await deleteClient(scope, client.id)) === 'forbidden') throw data('Forbidden', { status: 403 })
    setFlash(context, { kind: 'success', message: `Moved ${client.fullName} to the trash. Restore them from the Trash within 30 days.`, restore: { kind: 'client', id: client.id } })
    throw redirect('/clients')
  }
  orNotFound(await changeClientStage(scope, client.id, parsed.data.stage))
  setFlash(context, { kind: 'success', message: `Stage set to ${CLIENT_LABELS[parsed.data.stage]}.` })
  throw redirect(`/client/${client.id}`)
}

/** "$300,000 – $450,000", "Up to €650,000", "From £1,200": always in the budget's currency. */
function describeBudget(min: number | null, max: number | null, currency: string, numbers: NumberStyle) {
  const price = (amount: number) => formatPrice(amount, currency, numbers)
  if (min !== null && max !== null) return `${price(min)} – ${price(max)}`
  if (min !== null) return `From ${price(min)}`
  if (max !== null) return `Up to ${price(max)}`
  return null
}

function describeRequirements(c: Route.ComponentProps['loaderData']['client'], numbers: NumberStyle) {
  const budget = describeBudget(c.budgetMin, c.budgetMax, c.budgetCurrency, numbers)
  return [
    ['Purpose', c.wantedPurpose ? label(c.wantedPurpose) : null],
    ['Categories', c.wantedCategories.map(label).join(', ') || null],
    ['Types', c.wantedTypes.map(label).join(', ') || null],
    ['Budget', budget],
    ['Cities or areas', c.wantedPlaces.join(', ') || null],
    ['Bedrooms', c.minBedrooms !== null ? `${c.minBedrooms}+` : null],
  ].filter(([, v]) => v) as [string, string][]
}

export default function ClientPage({ loaderData, actionData }: Route.ComponentProps) {
  const { client: c, matches, otherCurrencies, deals, propertyOptions, comments, activity, alerts } = loaderData
  const here = `/client/${c.id}`
  const { numbers } = useFormats()
  const requirements = describeRequirements(c, numbers)
  const agendaState = actionData && 'agendaIntent' in actionData ? actionData : null
  const stageError = actionData && 'error' in actionData && !('assignmentIntent' in actionData) ? actionData.error : null
  const matchError = actionData && 'matchError' in actionData ? (actionData as { matchError: string; propertyId?: string }) : null
  const deleteError = actionData && 'deleteError' in actionData ? actionData.deleteError : null
  const assignmentState = assignmentStateOf(actionData)
  return (
    <>
      <PageHeader title={c.fullName}>
        <div className="flex flex-wrap gap-2 text-sm">
          <Link to={`/client/edit/${c.id}`} className="rounded-md border border-line px-3 py-1.5 no-underline">Edit</Link>
          <Link to={`/client/${c.id}/listing`} className="rounded-md border border-line px-3 py-1.5 no-underline">Shortlist</Link>
          <a href={`/client/${c.id}/export.vcf`} download className="rounded-md border border-line px-3 py-1.5 no-underline">vCard</a>
        </div>
      </PageHeader>
      <p className="-mt-4 mb-3 text-muted">{`${CLIENT_LABELS[c.kind]} · ${CLIENT_LABELS[c.stage]}${c.source ? ` · via ${c.source}` : ''}`}</p>
      <ClientContactBar clientId={c.id} phone={c.phone} email={c.email} tags={c.tags} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Matching properties">
            {matches.length === 0 ? (
              <p className="text-sm text-muted">
                None of your active properties fits these requirements yet.{' '}
                <Link to={`/client/edit/${c.id}`}>Adjust the requirements</Link>
              </p>
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {matches.map((p) => (
                  <li key={p.id} id={`match-${p.id}`} className="space-y-2">
                    <PropertyCard property={p} href={`/property/${p.id}`} eager={false} />
                    {p.onShortlist ? (
                      <p className="text-sm text-muted">
                        On the shortlist · <Link to={`/client/${c.id}/edit-listing#item-${p.id}`}>Edit the shortlist</Link>
                      </p>
                    ) : (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="propertyId" value={p.id} />
                        <SubmitButton name="intent" value="shortlist-add" variant="secondary" pendingText="Adding..." aria-label={`Add to shortlist: ${p.title}`}>
                          Add to shortlist
                        </SubmitButton>
                        <ErrorList errors={matchError?.propertyId === p.id ? [matchError.matchError] : null} />
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <SkippedCurrencyNote skipped={otherCurrencies} budgetCurrency={c.budgetCurrency} editHref={`/client/edit/${c.id}`} />
          </Card>
          {c.notes ? (
            <Card title="About this client">
              <p className="whitespace-pre-line text-sm">{c.notes}</p>
            </Card>
          ) : null}
          <LeadHistoryCard view={loaderData.leadView} />
          <Card title="Deals">
            {deals.length === 0 ? (
              <p className="mb-3 text-sm text-muted">No deals with this client yet.</p>
            ) : (
              <ul className="mb-3 space-y-1 text-sm">
                {deals.map((d) => (
                  <li key={d.id}>
                    <Link to={`/deal/${d.id}`}>{d.title}</Link>
                    <span className="text-muted">{` · ${dealStageLabel(d.stage)} · ${formatDealValue(d.value, d.currency, numbers)}`}</span>
                  </li>
                ))}
              </ul>
            )}
            <details>
              <summary className="cursor-pointer text-sm font-medium">New deal</summary>
              <div className="mt-3">
                <NewDealForm clientId={c.id} properties={propertyOptions} redirectTo={here} />
              </div>
            </details>
          </Card>
          <ViewingPanel viewings={loaderData.viewings} choose="property" options={propertyOptions.map((p) => ({ id: p.id, label: p.title }))} state={agendaState} timeZone={loaderData.timeZone} names={loaderData.names} />
          <TaskPanel tasks={loaderData.tasks} state={agendaState} team={loaderData.taskTeam} assignmentState={assignmentState} />
          <CommentThread subject="client" id={c.id} comments={comments} redirectTo={here} seenByColleagues={Boolean(loaderData.names)} />
          <ActivityFeed items={activity.items} nextCursor={activity.nextCursor} basePath={here} />
        </div>
        <div className="space-y-4">
          <AssignmentCard view={loaderData.assignment} state={assignmentState} recordId={c.id} />
          <Card title="Stage">
            <Form method="post" className="flex gap-2">
              <label htmlFor="stage" className="sr-only">Stage</label>
              <select id="stage" name="stage" required defaultValue={c.stage} className="flex-1 rounded-md border border-line bg-surface px-2 py-2">
                {CLIENT_STAGES.map((s) => <option key={s} value={s}>{CLIENT_LABELS[s]}</option>)}
              </select>
              <SubmitButton name="intent" value="stage" pendingText="Saving...">Set stage</SubmitButton>
            </Form>
            <ErrorList errors={stageError ? [stageError] : null} />
          </Card>
          <AlertCard state={alerts} hasEmail={Boolean(c.email)} error={actionData && 'alertError' in actionData ? actionData.alertError : null} />
          <Card title="Requirements">
            {requirements.length === 0 ? (
              <p className="text-sm text-muted">No requirements yet: every active property matches.</p>
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {requirements.map(([name, value]) => (
                  <div key={name} className="contents"><dt className="text-muted">{name}</dt><dd>{value}</dd></div>
                ))}
              </dl>
            )}
          </Card>
          <details className="rounded-xl border border-danger p-4" open={Boolean(deleteError)}>
            <summary className="cursor-pointer font-medium text-danger">Delete client</summary>
            <Form method="post" className="mt-3 space-y-2">
              <p className="text-sm">The client, with their shortlist, deals, viewings and tasks, goes to the <Link to="/trash">Trash</Link>: their shortlist link stops working and alerts stop. You can restore them for 30 days; then they are deleted for good.</p>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="confirm" value="yes" required /> I understand, delete them
              </label>
              <ErrorList errors={deleteError ? [deleteError] : null} />
              <SubmitButton name="intent" value="delete" variant="danger" pendingText="Deleting...">Move to trash</SubmitButton>
            </Form>
          </details>
        </div>
      </div>
    </>
  )
}
