import { Form } from 'react-router'
import { formatDuration } from '#app/modules/leads/catalog.ts'
import {
  MAX_CLAIM_MINUTES,
  ROUTING_ESCALATION_LABELS,
  ROUTING_ESCALATIONS,
  ROUTING_MODE_HINTS,
  ROUTING_MODE_LABELS,
  ROUTING_MODES,
  type RoutingEscalation,
  type RoutingMode,
} from '#app/modules/leads/routing-catalog.ts'
import { Button, ErrorList } from './form.tsx'
import { Card } from './page.tsx'

/*
 * /leads's routing card and speed-to-lead table (docs/decisions/037-lead-routing-and-replies.md).
 * Plain forms: a radio group, a number and a select posted as they are.
 */

type Routing = {
  mode: RoutingMode
  claimMinutes: number
  escalation: RoutingEscalation
  canChange: boolean
  members: { userId: string; name: string; role: string; takesLeads: boolean }[]
}
type Failed = { intent: string; fieldErrors: Record<string, string[]>; values?: Record<string, string> } | undefined

const inputStyle = 'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-base'

export function LeadRoutingCard({ routing, me, failed }: { routing: Routing; me: string; failed: Failed }) {
  const errors = failed?.intent === 'save-routing' ? failed.fieldErrors : {}
  const kept = failed?.intent === 'save-routing' ? failed.values : undefined
  return (
    <section id="routing" className="mt-6">
      <Card title="Routing">
        {routing.canChange ? (
          <Form method="post" className="space-y-4">
            <fieldset className="space-y-2 text-sm">
              <legend className="font-medium">New leads go to</legend>
              {ROUTING_MODES.map((mode) => (
                <label key={mode} className="flex items-start gap-2">
                  <input type="radio" name="mode" value={mode} required defaultChecked={(kept?.mode ?? routing.mode) === mode} className="mt-1" />
                  <span>
                    <strong>{ROUTING_MODE_LABELS[mode]}</strong>: {ROUTING_MODE_HINTS[mode]}
                  </span>
                </label>
              ))}
              <ErrorList errors={errors.mode} />
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="claim-minutes" className="text-sm font-medium">
                  Minutes to claim a lead
                </label>
                <input
                  id="claim-minutes"
                  name="claimMinutes"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_CLAIM_MINUTES}
                  step={1}
                  required
                  defaultValue={kept?.claimMinutes ?? routing.claimMinutes}
                  aria-invalid={errors.claimMinutes ? true : undefined}
                  aria-describedby={errors.claimMinutes ? 'claim-minutes-error' : undefined}
                  className={inputStyle}
                />
                <ErrorList id="claim-minutes-error" errors={errors.claimMinutes} />
              </div>
              <div>
                <label htmlFor="escalation" className="text-sm font-medium">
                  When nobody claims it in time
                </label>
                <select id="escalation" name="escalation" defaultValue={kept?.escalation ?? routing.escalation} className={inputStyle}>
                  {ROUTING_ESCALATIONS.map((escalation) => (
                    <option key={escalation} value={escalation}>
                      {ROUTING_ESCALATION_LABELS[escalation]}
                    </option>
                  ))}
                </select>
                <ErrorList errors={errors.escalation} />
              </div>
            </div>
            <Button type="submit" name="intent" value="save-routing">
              Save routing
            </Button>
          </Form>
        ) : (
          <p className="text-sm" data-testid="routing-summary">
            {ROUTING_MODE_LABELS[routing.mode]}: {ROUTING_MODE_HINTS[routing.mode]} A lead not claimed within {routing.claimMinutes} min:{' '}
            {ROUTING_ESCALATION_LABELS[routing.escalation].toLowerCase()}.
          </p>
        )}
        <h3 className="mt-6 text-sm font-semibold">Who takes leads</h3>
        <ul className="mt-2 divide-y divide-line text-sm">
          {routing.members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="break-words">
                {member.name} <span className="text-muted">({member.role})</span>: {member.takesLeads ? 'takes leads' : 'takes no leads'}
              </span>
              {routing.canChange || member.userId === me ? (
                <Form method="post">
                  <input type="hidden" name="userId" value={member.userId} />
                  <input type="hidden" name="takesLeads" value={member.takesLeads ? 'no' : 'yes'} />
                  <Button type="submit" name="intent" value="takes-leads" variant="secondary" aria-label={`${member.takesLeads ? 'Stop' : 'Start'} leads for ${member.name}`}>
                    {member.takesLeads ? 'Stop leads' : 'Take leads'}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  )
}

type SpeedRow = { memberId: string; name: string; leads: number; answered: number; medianSeconds: number | null }

/** This week's speed to lead per member: the median time to the first reply or stage change. */
export function SpeedToLeadCard({ rows }: { rows: readonly SpeedRow[] }) {
  return (
    <Card title="Speed to lead this week" className="mt-6">
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No leads with a member yet this week.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="speed-to-lead">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Member
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Leads
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Answered
                </th>
                <th scope="col" className="py-1 font-medium">
                  Median time to answer
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.memberId} className="border-t border-line">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {row.name}
                  </th>
                  <td className="py-1 pr-4">{row.leads}</td>
                  <td className="py-1 pr-4">{row.answered}</td>
                  <td className="py-1">{formatDuration(row.medianSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-2 text-xs text-muted">From a lead&apos;s arrival to the first reply sent from the app or its first claim or conversion, whichever came first.</p>
    </Card>
  )
}
