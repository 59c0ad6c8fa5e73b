import { Link } from 'react-router'
import { countOf } from '#app/lib/format.ts'
import { feedCursorFrom, listActivity } from '#app/http/activity-feed.server.ts'
import { getTrialDaysLeft, PLAN_NAMES, PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { getDashboardSummary } from '#app/modules/dashboard/summary.server.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { getPropertyUsage } from '#app/modules/properties/queries.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { ActivityFeed } from '#app/ui/activity-feed.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/home'
import type { CappedCount } from '#db/capped-count.server.ts'
import { CLIENT_STAGES, STATUSES } from '#db/reference.ts'
import { describeLocal } from '#app/modules/agenda/format.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import { useFormats } from '#app/ui/broker-formats.tsx'
import { listOverdueTasks } from '#app/modules/agenda/tasks.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Home · BrokerVault' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, user, subscription } = requireAuth(context)
  const plan = subscription?.plan ?? 'free_trial'
  const [usage, summary, activity, overdue] = await Promise.all([
    getPropertyUsage(scope, PLAN_PROPERTY_LIMITS[plan]),
    getDashboardSummary(scope),
    listActivity(scope, { before: feedCursorFrom(request) }),
    listOverdueTasks(scope),
  ])
  return {
    fullName: user.fullName,
    planName: PLAN_NAMES[plan],
    trialDaysLeft: plan === 'free_trial' ? getTrialDaysLeft(subscription?.trialEndDate ?? null, new Date()) : null,
    usage,
    summary,
    activity,
    overdue: overdue.map((t) => ({
      id: t.id,
      title: t.title,
      due: describeLocal(t.dueAt, user.timeZone, formatStyleParts(user.formatStyle).clock),
      // A task of the broker's own has no page but the agenda.
      href: t.propertyId ? `/property/${t.propertyId}` : t.clientId ? `/client/${t.clientId}` : t.dealId ? `/deal/${t.dealId}` : '/agenda',
    })),
  }
}

/** Counts stop at the lists' cap: "1,000+" past it, as the lists say. */
function CountList({ counts, keys, labelFor }: { counts: Record<string, CappedCount>; keys: readonly string[]; labelFor: (k: string) => string }) {
  const formats = useFormats()
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      {keys.map((k) => (
        <div key={k} className="flex justify-between gap-2">
          <dt className="text-muted">{labelFor(k)}</dt>
          <dd className="font-medium">{`${formats.number(counts[k]?.count ?? 0)}${counts[k]?.capped ? '+' : ''}`}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function HomePage({ loaderData: d }: Route.ComponentProps) {
  const pipeline = d.summary.openPipeline
  const formats = useFormats()
  return (
    <>
      <PageHeader title={`Welcome back, ${d.fullName || 'broker'}`} />
      {d.trialDaysLeft !== null ? (
        <p role="status" className="mb-4 rounded-lg border border-line bg-warning-soft px-4 py-3 text-sm">
          Free trial: <strong>{`${countOf(d.trialDaysLeft, 'day', 'days')} left`}</strong>.{' '}
          <Link to="/pricing">Choose a plan</Link> to keep full access.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Properties">
            <p className="mb-2 text-sm">
              {`${d.usage.countText} / ${d.usage.limit} properties`} <span className="text-muted">{`· ${d.planName} plan`}</span>
            </p>
            <CountList counts={d.summary.propertiesByStatus} keys={STATUSES} labelFor={label} />
          </Card>
          <Card title="Clients">
            <CountList counts={d.summary.clientsByStage} keys={CLIENT_STAGES} labelFor={(k) => CLIENT_LABELS[k] ?? k} />
          </Card>
          <ActivityFeed items={d.activity.items} nextCursor={d.activity.nextCursor} basePath="/home" />
        </div>
        <div className="space-y-4">
          {d.overdue.length > 0 ? (
            <section aria-labelledby="overdue-tasks" className="rounded-xl border-2 border-danger bg-danger-soft p-4" data-testid="overdue-tasks">
              <h2 id="overdue-tasks" className="mb-2 font-semibold text-danger">Overdue tasks</h2>
              <ul className="space-y-1 text-sm">
                {d.overdue.map((t) => (
                  <li key={t.id}>
                    <Link to={t.href}>{t.title}</Link>
                    <span>{` · due ${t.due}`}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm"><Link to="/agenda">Open the agenda</Link></p>
            </section>
          ) : null}
          <Card title="Open pipeline">
            {pipeline.length === 0 ? (
              <p className="text-sm text-muted">No open deals.</p>
            ) : (
              <ul className="space-y-1">
                {pipeline.map((p) => (
                  <li key={p.currency} className="text-lg font-semibold">
                    {formats.price(p.total, p.currency)}
                    <span className="text-sm font-normal text-muted">{` · ${countOf(p.count, 'deal', 'deals')}`}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 text-sm"><Link to="/deals">Open the deal board</Link></p>
          </Card>
          <Card title="Quick actions">
            <ul className="space-y-1">
              <li><Link to="/property/type-selection">Add a property</Link></li>
              <li><Link to="/client/new">Add a client</Link></li>
              <li><Link to="/deals">Track a deal</Link></li>
              <li><Link to="/public-properties">See public listings</Link></li>
            </ul>
          </Card>
        </div>
      </div>
    </>
  )
}
