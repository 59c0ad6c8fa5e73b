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

export const meta: Route.MetaFunction = () => [{ title: 'Agenda · BrokerVault' }]

/**
 * GET /agenda: upcoming viewings and open tasks by local day, overdue tasks first. A fixed
 * number of queries whatever the number of rows (tests/integration/agenda.test.ts counts them).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const [days, properties, clients] = await Promise.all([listAgenda(scope, user.timeZone), listPropertyOptions(scope), listClientOptions(scope)])
  const about = [
    ...properties.map((p) => ({ value: `property:${p.id}`, label: `Property: ${p.title}` })),
    ...clients.map((c) => ({ value: `client:${c.id}`, label: `Client: ${c.fullName}` })),
  ]
  return { days, about, timeZone: user.timeZone }
}

const AgendaIntentSchema = z.object({ intent: z.enum(['add-task', 'complete-task', 'reopen-task', 'delete-task']) })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireAuth(context)
  const form = await readForm(request)
  parseIntentForm(form, AgendaIntentSchema)
  return handleAgendaIntent(context, user, form, '/agenda')
}

export default function AgendaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { days, about, timeZone } = loaderData
  const state = actionData && 'agendaIntent' in actionData ? actionData : null
  const { clock } = useFormats()
  // The server's "HH:MM" on the broker's clock, in their style ("14:10" or "2:10 PM").
  const time = (hhmm: string) => formatClockTime(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), clock)
  return (
    <>
      <PageHeader title="Agenda" />
      <p className="-mt-4 mb-4 text-sm text-muted">{`Viewings and tasks for the next 60 days, in your time zone (${timeZone}).`}</p>
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
