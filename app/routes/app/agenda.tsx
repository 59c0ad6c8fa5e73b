import { Link } from 'react-router'
import { readForm } from '#app/http/form-body.server.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { formatClockTime, formatDay } from '#app/lib/when.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { listAgenda } from '#app/modules/agenda/agenda.server.ts'
import { subjectPath } from '#app/modules/agenda/format.ts'
import { TASK_REPEAT_LABELS, VIEWING_STATUS_LABELS } from '#app/modules/agenda/schemas.ts'
import { listClientOptions, listPropertyOptions } from '#app/modules/deals/options.server.ts'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { AddTaskForm, TaskActions } from '#app/ui/task-panel.tsx'
import { z } from 'zod'
import { handleAgendaIntent } from './agenda-actions.server.ts'
import type { Route } from './+types/agenda'
import { data } from 'react-router'
import { handleAssignmentIntent, loadTaskAssignments } from '#app/http/assignment-forms.server.ts'
import { assignedFilterView, loadTeam, readAssignedFilter } from '#app/http/team.server.ts'
import { AssignedFilter } from '#app/ui/assigned-filter.tsx'
import { assignmentStateOf, AssigneeLine } from '#app/ui/assignment-card.tsx'
import { TaskTeam } from '#app/ui/task-panel.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Agenda · BrokerVault' }]

/**
 * GET /agenda: upcoming viewings and open tasks by local day, overdue tasks first. A fixed
 * number of queries whatever the number of rows (tests/integration/agenda.test.ts counts them).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireAuth(context)
  const { scope, user } = auth
  // An agency of several: an agent's own viewings and tasks by default, the agency's for owners and admins (issue 26).
  const url = new URL(request.url)
  const team = await loadTeam(auth)
  const assigned = readAssignedFilter(url, team, 'agenda')
  const [days, properties, clients] = await Promise.all([
    listAgenda(scope, user.timeZone, undefined, undefined, { assignedTo: assigned?.assignedTo }),
    listPropertyOptions(scope),
    listClientOptions(scope),
  ])
  const about = [
    ...properties.map((p) => ({ value: `property:${p.id}`, label: `Property: ${p.title}` })),
    ...clients.map((c) => ({ value: `client:${c.id}`, label: `Client: ${c.fullName}` })),
  ]
  const tasks = days.flatMap((day) => day.items.flatMap((item) => (item.kind === 'task' ? [{ id: item.id, ownerId: item.assigneeId }] : [])))
  return data(
    { days, about, timeZone: user.timeZone, names: team?.names ?? null, assigned: assignedFilterView(team, assigned), search: url.search, taskTeam: await loadTaskAssignments(team, tasks) },
    { status: assigned?.error ? 400 : 200 },
  )
}

const AgendaIntentSchema = z.object({ intent: z.enum(['add-task', 'complete-task', 'reopen-task', 'delete-task', 'assign-task', 'share-task', 'unshare-task']) })

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context)
  const form = await readForm(request)
  parseIntentForm(form, AgendaIntentSchema)
  const here = `/agenda${new URL(request.url).search}`
  return (await handleAssignmentIntent(context, auth, form, null, here)) ?? handleAgendaIntent(context, auth.user, form, here)
}

export default function AgendaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { days, about, timeZone, names } = loaderData
  const state = actionData && 'agendaIntent' in actionData ? actionData : null
  const assignmentState = assignmentStateOf(actionData)
  const { clock } = useFormats()
  // The server's "HH:MM" on the broker's clock, in their style ("14:10" or "2:10 PM").
  const time = (hhmm: string) => formatClockTime(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), clock)
  return (
    <>
      <PageHeader title="Agenda" />
      <p className="-mt-4 mb-4 text-sm text-muted">{`Viewings and tasks for the next 60 days, in your time zone (${timeZone}).`}</p>
      <AssignedFilter view={loaderData.assigned} action="/agenda" search={loaderData.search} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {days.length === 0 ? (
            <Card>
              <p className="text-sm text-muted">Nothing scheduled. Schedule viewings from a property or client page; add tasks here or there.</p>
            </Card>
          ) : (
            days.map((day) => (
              <section key={day.date} aria-labelledby={`day-${day.date}`} className="rounded-xl border border-line bg-surface p-4">
                <h2 id={`day-${day.date}`} className={`mb-2 font-semibold ${day.date === 'overdue' ? 'text-danger' : ''}`}>
                  {day.date === 'overdue' ? 'Overdue' : formatDay(day.date, clock)}
                </h2>
                <ul className="space-y-2 text-sm">
                  {day.items.map((item) =>
                    item.kind === 'viewing' ? (
                      <li key={item.id} className="flex flex-wrap gap-x-2" data-testid="agenda-viewing">
                        <span className="font-mono">{time(item.time)}</span>
                        <Link to={`/viewing/${item.id}`}>{`Viewing: ${item.propertyTitle}`}</Link>
                        <span className="text-muted">{`with ${item.clientName} · ${item.durationMinutes} min · ${VIEWING_STATUS_LABELS[item.status]}`}</span>
                        <AssigneeLine name={names ? (names[item.assigneeId] ?? 'a former member') : null} className="w-full text-xs text-muted" />
                      </li>
                    ) : (
                      <li key={item.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="agenda-task">
                        <span className="flex flex-wrap gap-x-2">
                          <span className="font-mono">{time(item.time)}</span>
                          <span>{`Task: ${item.title}`}</span>
                          {item.subject ? <Link to={subjectPath(item.subject)} className="text-muted">{item.subject.label}</Link> : null}
                          {item.repeat ? <span className="text-muted">{TASK_REPEAT_LABELS[item.repeat]}</span> : null}
                          {item.overdue ? <strong className="text-danger">Overdue</strong> : null}
                        </span>
                        <TaskActions id={item.id} done={false} />
                        <TaskTeam taskId={item.id} view={loaderData.taskTeam[item.id] ?? null} state={assignmentState} />
                      </li>
                    ),
                  )}
                </ul>
              </section>
            ))
          )}
        </div>
        <div className="space-y-4">
          <Card title="Add a task">
            <AddTaskForm state={state} about={about} />
          </Card>
          <Card title="In your calendar">
            <p className="text-sm">
              See these in Google, Apple or Outlook calendars: <Link to="/profile/connections#calendar-feed">create your calendar address</Link>.
            </p>
          </Card>
        </div>
      </div>
    </>
  )
}
