import { z } from 'zod'
import { Form, Link } from 'react-router'
import { countOf } from '#app/lib/format.ts'
import { parseIntentForm } from '#app/http/intent.server.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { forbidden } from '#app/lib/http.ts'
import { getTrialDaysLeft, isTrialExpired, PLAN_NAMES, PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { getBillingDetails } from '#app/modules/billing/subscription.server.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { billingSummary, openBillingPortal } from './billing.server.ts'
import type { Route } from './+types/billing'

export const meta: Route.MetaFunction = () => [{ title: 'Billing · Profile · BrokerVault' }]

/** The plan and its payments are the agency's owner's (docs/decisions/034): anyone else, 403. */
function requireOwner(context: Route.LoaderArgs['context']) {
  const auth = requireAuth(context)
  if (auth.scope.role !== 'owner') forbidden()
  return auth
}

export async function loader({ context }: Route.LoaderArgs) {
  const { user, subscription } = requireOwner(context)
  const now = new Date()
  const plan = subscription?.plan ?? 'free_trial'
  const billing = await getBillingDetails(user.id)
  return {
    plan: {
      name: PLAN_NAMES[plan],
      limit: PLAN_PROPERTY_LIMITS[plan],
      isTrial: plan === 'free_trial',
      trialDaysLeft: getTrialDaysLeft(subscription?.trialEndDate ?? null, now),
      expired: isTrialExpired(subscription, now),
      ...billingSummary(billing, user),
    },
  }
}

const BillingActionSchema = z.object({ intent: z.literal('manage-billing') })

/** "Manage billing" (also the past-due banner's button): to Stripe's portal, or a toast saying why not. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireOwner(context)
  parseIntentForm(await readForm(request), BillingActionSchema)
  return openBillingPortal(context, user.id)
}

export default function BillingSection({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Billing" />
      <Card title="Plan" className="max-w-xl">
        <p>
          <strong>{d.plan.name}</strong> — up to {d.plan.limit} properties.
        </p>
        {d.plan.isTrial ? (
          <p className="mt-1 text-sm">
            {d.plan.expired ? 'Your free trial has ended.' : `Free trial: ${countOf(d.plan.trialDaysLeft, 'day', 'days')} left.`}
          </p>
        ) : null}
        {d.plan.status ? <p className="mt-1 text-sm">{`Status: ${d.plan.status}`}</p> : null}
        {d.plan.renewal ? <p className="mt-1 text-sm">{d.plan.renewal}</p> : null}
        <p className="mt-2 text-sm">
          <Link to="/pricing">{d.plan.isTrial ? 'Choose a plan' : 'Change plan'}</Link>
        </p>
        {d.plan.canManageBilling ? (
          <Form method="post" className="mt-3">
            <SubmitButton name="intent" value="manage-billing" variant="secondary" pendingText="Opening...">
              Manage billing
            </SubmitButton>
          </Form>
        ) : null}
      </Card>
    </>
  )
}
