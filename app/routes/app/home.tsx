import { Link } from 'react-router'
import { PLAN_NAMES, PLAN_PROPERTY_LIMITS, getTrialDaysLeft } from '#app/modules/billing/plans.ts'
import { requireAuth } from '#app/modules/session/session.server.ts'
import { Card, PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: 'Home · BrokerVault' }]

export function loader({ context }: Route.LoaderArgs) {
  const { user, subscription } = requireAuth(context)
  const plan = subscription?.plan ?? 'free_trial'
  return {
    fullName: user.fullName,
    plan,
    planName: PLAN_NAMES[plan],
    propertyLimit: PLAN_PROPERTY_LIMITS[plan],
    trialDaysLeft: plan === 'free_trial' ? getTrialDaysLeft(subscription?.trialEndDate ?? null, new Date()) : null,
  }
}

export default function HomePage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={`Welcome back, ${d.fullName || 'broker'}`} />
      {d.trialDaysLeft !== null ? (
        <p role="status" className="mb-4 rounded-lg border border-line bg-warning-soft px-4 py-3 text-sm">
          Free trial: <strong>{`${d.trialDaysLeft} ${d.trialDaysLeft === 1 ? 'day' : 'days'} left`}</strong>.{' '}
          <Link to="/pricing">Choose a plan</Link> to keep full access.
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Your plan">
          <p>
            <strong>{d.planName}</strong> — up to {d.propertyLimit} properties.
          </p>
          <p className="mt-2 text-sm">
            <Link to="/pricing">Compare plans</Link>
          </p>
        </Card>
        <Card title="Quick actions">
          <ul className="space-y-1">
            <li>
              <Link to="/property/type-selection">Add a property</Link>
            </li>
            <li>
              <Link to="/properties">Browse your properties</Link>
            </li>
            <li>
              <Link to="/public-properties">See public listings</Link>
            </li>
            <li>
              <Link to="/profile">Edit your profile</Link>
            </li>
          </ul>
        </Card>
      </div>
    </>
  )
}
