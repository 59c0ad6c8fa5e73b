import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { readForm } from '#app/http/form-body.server.ts'
import { badRequest, orNotFound } from '#app/lib/http.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { wallClock } from '#app/lib/zoned-time.ts'
import { describeLocal } from '#app/modules/agenda/format.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import { CLIENT_TO_VIEWING_FIELD, STAGES_BEFORE_VIEWING, MAX_NOTES_CHARS, MAX_PLACE_CHARS, MAX_VIEWING_MINUTES, MIN_VIEWING_MINUTES, VIEWING_STATUS_LABELS, ViewingFormSchema, ViewingStatusSchema } from '#app/modules/agenda/schemas.ts'
import { getViewing, setViewingStatus, updateViewing, withNames } from '#app/modules/agenda/viewings.server.ts'
import { getClientStages } from '#app/modules/clients/access.server.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { Field, SelectField, SubmitButton, TextareaField } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { Rating } from '#app/ui/viewing-panel.tsx'
import { VIEWING_STATUSES } from '#db/reference.ts'
import type { Route } from './+types/viewing'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Viewing of ${data?.viewing.propertyTitle ?? 'a property'} · BrokerVault` }]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const row = orNotFound(await getViewing(scope, params.id))
  const [[viewing], clientStages] = await Promise.all([withNames(scope, [row]), getClientStages(scope, [row.clientId])])
  const clock = wallClock(row.startsAt, user.timeZone)
  // The follow-on of a viewing done: a client still New or Contacted is offered a move to Viewing.
  const client = clientStages.get(row.clientId)
  const clientFollowOn = client && STAGES_BEFORE_VIEWING.includes(client.stage) ? { name: client.fullName, stage: client.stage } : null
  return {
    viewing: {
      id: row.id,
      propertyId: row.propertyId,
      propertyTitle: viewing!.propertyTitle,
      clientId: row.clientId,
      clientName: viewing!.clientName,
      when: describeLocal(row.startsAt, user.timeZone, formatStyleParts(user.formatStyle).clock),
      date: clock.date,
      time: clock.time,
      durationMinutes: row.durationMinutes,
      place: row.place,
      notes: row.notes,
      status: row.status,
      rating: row.rating,
      feedbackComment: row.feedbackComment,
    },
    clientFollowOn,
    timeZone: user.timeZone,
  }
}

const ChangeSchema = ViewingFormSchema.omit({ propertyId: true, clientId: true })

const fieldErrorsOf = (error: Record<string, string[] | null | undefined> | null | undefined): Record<string, string[]> =>
  Object.fromEntries(Object.entries(error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])))

/** Intents: `update` (date, time, duration, place, notes) and `status`; anything else is a 400. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope, user } = requireAuth(context)
  const current = orNotFound(await getViewing(scope, params.id))
  const here = `/viewing/${current.id}`
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'update') {
    const submission = parseWithZod(form, { schema: ChangeSchema })
    if (submission.status !== 'success') return data({ intent, fieldErrors: fieldErrorsOf(submission.error) }, { status: 400 })
    const result = orNotFound(await updateViewing(scope, current.id, submission.value, user.timeZone))
    if (!result.ok) return data({ intent, fieldErrors: result.fieldErrors as Record<string, string[]> }, { status: 400 })
    setFlash(context, { kind: 'success', message: result.mailed ? 'Viewing changed. The client has been sent the update.' : 'Viewing changed.' })
    throw redirect(here)
  }
  if (intent === 'status') {
    const parsed = ViewingStatusSchema.safeParse({ status: form.get('status') })
    if (!parsed.success) return data({ intent, fieldErrors: { status: ['Choose one of the statuses listed.'] } as Record<string, string[]> }, { status: 400 })
    const clientToViewing = form.get(CLIENT_TO_VIEWING_FIELD) === 'yes'
    const result = orNotFound(await setViewingStatus(scope, current.id, parsed.data.status, user.timeZone, { clientToViewing, clock: formatStyleParts(user.formatStyle).clock }))
    if (!result.ok) return data({ intent, fieldErrors: result.fieldErrors }, { status: 400 })
    const told = result.mailed ? (parsed.data.status === 'done' ? ' The client has been asked for feedback.' : ' The client has been told.') : ''
    // The follow-on change is said, never made silently.
    const moved = result.client?.changed ? ` ${result.client.fullName} is now at ${CLIENT_LABELS[result.client.to]}.` : ''
    setFlash(context, { kind: 'success', message: `Status set to ${VIEWING_STATUS_LABELS[parsed.data.status]}.${told}${moved}` })
    throw redirect(here)
  }
  badRequest('Unknown action.')
}

export default function ViewingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { viewing: v, timeZone } = loaderData
  const errors = (intent: string, name: string) => (actionData?.intent === intent ? (actionData.fieldErrors[name] ?? null) : null)
  return (
    <>
      <PageHeader title={`Viewing of ${v.propertyTitle}`}>
        <Link to="/agenda" className="text-sm">← Agenda</Link>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Viewing">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">When</dt>
              <dd>{`${v.when} (${timeZone}), ${v.durationMinutes} min`}</dd>
              <dt className="text-muted">Status</dt>
              <dd data-testid="viewing-status">{VIEWING_STATUS_LABELS[v.status]}</dd>
              <dt className="text-muted">Property</dt>
              <dd><Link to={`/property/${v.propertyId}`}>{v.propertyTitle}</Link></dd>
              <dt className="text-muted">Client</dt>
              <dd><Link to={`/client/${v.clientId}`}>{v.clientName}</Link></dd>
              <dt className="text-muted">Place</dt>
              <dd>{v.place}</dd>
              {v.notes ? (
                <>
                  <dt className="text-muted">Notes</dt>
                  <dd className="whitespace-pre-line">{v.notes}</dd>
                </>
              ) : null}
              <dt className="text-muted">Feedback</dt>
              <dd>
                {v.rating !== null ? (
                  <>
                    <Rating value={v.rating} />
                    {v.feedbackComment ? <span className="whitespace-pre-line">{` · “${v.feedbackComment}”`}</span> : null}
                  </>
                ) : v.status === 'done' ? 'Asked for; none yet.' : 'Asked for once the viewing is marked done.'}
              </dd>
            </dl>
          </Card>
          {v.status === 'scheduled' ? (
            <Card title="Change the viewing">
              <Form method="post" className="space-y-3">
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field label="Date" errors={errors('update', 'date')} inputProps={{ name: 'date', id: 'date', type: 'date', required: true, defaultValue: v.date }} />
                  <Field label="Time" errors={errors('update', 'time')} inputProps={{ name: 'time', id: 'time', type: 'time', required: true, defaultValue: v.time }} />
                  <Field label="Duration (minutes)" errors={errors('update', 'durationMinutes')} inputProps={{ name: 'durationMinutes', id: 'durationMinutes', type: 'number', required: true, min: MIN_VIEWING_MINUTES, max: MAX_VIEWING_MINUTES, step: 5, defaultValue: v.durationMinutes }} />
                </div>
                <Field label="Place" errors={errors('update', 'place')} inputProps={{ name: 'place', id: 'place', maxLength: MAX_PLACE_CHARS, defaultValue: v.place }} />
                <TextareaField label="Notes" errors={errors('update', 'notes')} textareaProps={{ name: 'notes', id: 'notes', rows: 2, maxLength: MAX_NOTES_CHARS, defaultValue: v.notes }} />
                <SubmitButton name="intent" value="update" pendingText="Saving...">Save and tell the client</SubmitButton>
              </Form>
            </Card>
          ) : null}
        </div>
        <div className="space-y-4">
          <Card title="Status">
            <Form method="post" className="space-y-2">
              <SelectField label="Status" errors={errors('status', 'status')} options={VIEWING_STATUSES.map((s) => ({ value: s, label: VIEWING_STATUS_LABELS[s] }))} selectProps={{ name: 'status', id: 'status', required: true, defaultValue: v.status }} />
              {loaderData.clientFollowOn ? (
                // Shown while Done is chosen (app-only.css); ticked, so the broker sees what else changes.
                <fieldset data-follow-on="done" className="text-sm">
                  <legend className="font-medium">When done, also:</legend>
                  <label className="mt-1 flex items-start gap-2">
                    <input type="checkbox" name={CLIENT_TO_VIEWING_FIELD} value="yes" defaultChecked className="mt-1" />
                    <span>{`Move ${loaderData.clientFollowOn.name} from ${CLIENT_LABELS[loaderData.clientFollowOn.stage]} to Viewing`}</span>
                  </label>
                </fieldset>
              ) : null}
              <SubmitButton name="intent" value="status" pendingText="Saving...">Set status</SubmitButton>
            </Form>
            <p className="mt-2 text-xs text-muted">Canceled sends the client a cancellation; Done asks the client for feedback. Done and No-show can be set once the viewing has started.</p>
          </Card>
        </div>
      </div>
    </>
  )
}
