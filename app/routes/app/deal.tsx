import { data, Link, redirect } from 'react-router'
import { z } from 'zod'
import { orNotFound } from '#app/lib/http.ts'
import { setFlash } from '#app/lib/flash.server.ts'
import { feedCursorFrom, listActivity } from '#app/http/activity-feed.server.ts'
import { listComments } from '#app/modules/comments/comments.server.ts'
import { dealFollowOns, getDeal, updateDeal } from '#app/modules/deals/deals.server.ts'
import { dealStageLabel, formatCalendarDay, formatDealValue } from '#app/modules/deals/format.ts'
import { DealUpdateSchema } from '#app/modules/deals/schemas.ts'
import { parseIntentSubmission } from '#app/http/intent.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { ActivityFeed } from '#app/ui/activity-feed.tsx'
import { useFormats, When } from '#app/ui/broker-formats.tsx'
import { CommentThread } from '#app/ui/comment-thread.tsx'
import { EditDealForm, MoveDealForm } from '#app/ui/deal-form.tsx'
import { describeCommission, describeSplit } from '#app/modules/deals/commission.ts'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { handleMoveDeal, MoveDealIntentSchema } from './deal-move.server.ts'
import type { Route } from './+types/deal'
import { readForm } from '#app/http/form-body.server.ts'
import { TaskPanel } from '#app/ui/task-panel.tsx'
import { handleAgendaIntent } from './agenda-actions.server.ts'
import { loadTaskRows } from './agenda-panels.server.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.deal.title ?? 'Deal'} · BrokerVault` }]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const deal = orNotFound(await getDeal(scope, params.id))
  const [comments, activity, tasks, followOns] = await Promise.all([
    listComments(scope, 'deal', deal.id),
    listActivity(scope, { dealId: deal.id, before: feedCursorFrom(request), limit: 10 }),
    loadTaskRows(scope, 'deal', deal.id, user),
    dealFollowOns(scope, [deal]),
  ])
  return { deal, comments, activity, tasks, followOn: followOns[deal.id] }
}

const DealActionSchema = z.discriminatedUnion('intent', [
  DealUpdateSchema.safeExtend({ intent: z.literal('update') }),
  MoveDealIntentSchema,
])

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope, user } = requireAuth(context)
  // Ownership first: a foreign or malformed id is a 404 whatever the form holds.
  const deal = orNotFound(await getDeal(scope, params.id))
  const form = await readForm(request)
  const agenda = await handleAgendaIntent(context, user, form, `/deal/${deal.id}`, { dealId: deal.id })
  if (agenda) return agenda
  const submission = parseIntentSubmission(form, DealActionSchema)
  // The page's own deal: a dealId field in the form is ignored.
  if (submission.payload.intent === 'move') return handleMoveDeal(context, scope, form, deal.id, `/deal/${deal.id}`)
  if (submission.status !== 'success') {
    return data({ intent: 'update' as const, result: submission.reply() }, { status: 400 })
  }
  if (submission.value.intent !== 'update') throw new Error('unreachable: move is handled above')
  const { intent: _intent, ...changes } = submission.value
  orNotFound(await updateDeal(scope, deal.id, changes))
  setFlash(context, { kind: 'success', message: 'Deal saved.' })
  throw redirect(`/deal/${deal.id}`)
}

export default function DealPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { deal } = d
  const path = `/deal/${deal.id}`
  const agendaState = actionData && 'agendaIntent' in actionData ? actionData : null
  const dealAction = actionData && 'intent' in actionData ? actionData : undefined
  const { numbers, clock } = useFormats()
  return (
    <>
      <PageHeader title={deal.title}>
        <Link to="/deals" className="text-sm">
          ← All deals
        </Link>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Deal">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Stage</dt>
              <dd data-testid="deal-stage">{dealStageLabel(deal.stage)}</dd>
              <dt className="text-muted">Client</dt>
              <dd>
                <Link to={`/client/${deal.clientId}`}>{deal.clientName}</Link>
              </dd>
              <dt className="text-muted">Property</dt>
              <dd>{deal.propertyId && deal.propertyTitle ? <Link to={`/property/${deal.propertyId}`}>{deal.propertyTitle}</Link> : '—'}</dd>
              <dt className="text-muted">Value</dt>
              <dd>{formatDealValue(deal.value, deal.currency, numbers)}</dd>
              <dt className="text-muted">Commission</dt>
              <dd data-testid="deal-commission">
                {describeCommission(deal, deal.currency, numbers)}
                {describeSplit(deal, deal.currency, numbers) ? <span className="block text-muted">{describeSplit(deal, deal.currency, numbers)}</span> : null}
              </dd>
              <dt className="text-muted">Expected close</dt>
              <dd>{deal.expectedCloseDate ? formatCalendarDay(deal.expectedCloseDate, clock) : '—'}</dd>
              <dt className="text-muted">Created</dt>
              <dd>
                <When value={deal.createdAt} />
              </dd>
            </dl>
            {deal.notes ? <p className="mt-3 whitespace-pre-line">{deal.notes}</p> : null}
          </Card>
          <Card title="Edit deal">
            <EditDealForm deal={deal} lastResult={dealAction?.intent === 'update' ? dealAction.result : undefined} />
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Stage">
            <MoveDealForm dealId={deal.id} stage={deal.stage} error={dealAction?.intent === 'move' ? dealAction.error : null} followOn={d.followOn} />
          </Card>
          <TaskPanel tasks={d.tasks} state={agendaState} />
          <CommentThread subject="deal" id={deal.id} comments={d.comments} redirectTo={path} />
          <ActivityFeed items={d.activity.items} nextCursor={d.activity.nextCursor} basePath={path} />
        </div>
      </div>
    </>
  )
}
