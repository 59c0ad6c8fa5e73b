import { Form, data } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { getPricingTable } from '#app/modules/billing/pricing.server.ts'
import { isPaidSubscriptionLapsed } from '#app/modules/billing/plans.ts'
import { getNavState } from '#app/http/nav-state.server.ts'
import { getAuth } from '#app/http/session.server.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { AppShell } from '#app/ui/app-shell.tsx'
import { shellBroker } from '#app/http/shell-broker.server.ts'
import { PublicLayout } from '#app/ui/public-layout.tsx'
import { choosePlan } from './pricing.server.ts'
import type { Route } from './+types/pricing'
import { readForm } from '#app/http/form-body.server.ts'

export const meta: Route.MetaFunction = () => [
  { title: 'Pricing · BrokerVault' },
  { name: 'description', content: 'BrokerVault plans: a free trial, then Starter, Advanced or Professional by the number of properties.' },
]

export function loader({ request, context }: Route.LoaderArgs) {
  const auth = getAuth(context)
  return data(
    {
      ...getPricingTable(),
      signedIn: auth !== null,
      broker: auth ? shellBroker(auth) : null,
      // Back from Stripe Checkout without paying: nothing changed, say so plainly.
      checkoutCancelled: new URL(request.url).searchParams.get('checkout') === 'cancelled',
      currentPlan: auth?.subscription?.plan ?? null,
      trialExpired: getNavState(context).trialExpired,
      // Gated by a canceled, unpaid or long past-due subscription rather than by the trial.
      subscriptionLapsed: auth ? isPaidSubscriptionLapsed(auth.subscription, new Date()) : false,
    },
    { headers: publicPageHeaders(request) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function action({ request, context }: Route.ActionArgs) {
  return choosePlan(await readForm(request), context)
}

export default function PricingPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const price = new Intl.NumberFormat('en', { style: 'currency', currency: d.currency, maximumFractionDigits: 2 })
  const page = (
    <>
      <h1 className="text-3xl font-bold">Plans and pricing</h1>
      <p className="mt-2 text-muted">
        Every account starts with a {d.trialDays}-day free trial. Plans differ only by how many properties you can keep;
        every feature is in every plan.
      </p>
      {d.trialExpired ? (
        <p role="status" className="mt-4 rounded-lg border border-line bg-warning-soft px-4 py-3 text-sm">
          {d.subscriptionLapsed
            ? 'Your subscription is not active. Choose a plan to continue where you left off.'
            : 'Your free trial has ended. Choose a plan to continue where you left off.'}
        </p>
      ) : null}
      {d.checkoutCancelled ? (
        <p role="status" className="mt-4 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
          Checkout was cancelled. Your plan has not changed and nothing was charged.
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-danger">
          {actionData.error}
        </p>
      ) : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {d.plans.map((p) => (
          <li key={p.plan} className="flex flex-col rounded-xl border border-line bg-surface p-5">
            <h2 className="text-lg font-semibold">{p.name}</h2>
            <p className="mt-2 text-2xl font-bold">
              {p.plan === 'free_trial' ? 'Free' : price.format(p.monthlyPrice)}
              {p.plan === 'free_trial' ? null : <span className="text-sm font-normal text-muted"> / month</span>}
            </p>
            <p className="mt-1 text-sm text-muted">
              {`${p.plan === 'free_trial' ? `${d.trialDays} days, ` : ''}up to ${p.limit} properties`}
            </p>
            <div className="mt-auto pt-4">
              {d.currentPlan === p.plan ? (
                <p className="rounded-md bg-brand-soft px-3 py-2 text-center text-sm font-medium">Current plan</p>
              ) : p.plan === 'free_trial' ? (
                <p className="px-3 py-2 text-center text-sm text-muted">Included at sign-up</p>
              ) : (
                <Form method="post">
                  <SubmitButton name="plan" value={p.plan} className="w-full" pendingText="Loading...">
                    Choose {p.name}
                  </SubmitButton>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
      {!d.signedIn ? <p className="mt-6 text-sm text-muted">You will be asked to sign in before a plan is applied.</p> : null}
    </>
  )
  // A signed-in broker keeps the app navigation; a visitor sees the public site's header.
  return d.broker ? <AppShell broker={d.broker}>{page}</AppShell> : <PublicLayout>{page}</PublicLayout>
}
