import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage, useContactEmail } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/refund-policy'

export const meta: Route.MetaFunction = () => [
  { title: 'Refund policy · BrokerVault' },
  {
    name: 'description',
    content: 'How the free trial, plan changes, cancellations and refunds work for BrokerVault subscriptions.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function RefundPolicyPage() {
  const email = useContactEmail()
  return (
    <InfoPage title="Refund policy" updated="21 November 2026">
      <p>
        BrokerVault is a monthly subscription to online software. This page explains what you pay for and what
        happens when you change or stop your plan.
      </p>

      <h2>Try before you pay</h2>
      <p>
        Every account starts with a free 14-day trial with up to 5 properties. Nothing is charged during the trial,
        so you can find out whether BrokerVault suits you before paying anything. When the trial ends you choose a
        plan on <Link to="/pricing">Pricing</Link>: Starter, Advanced or Professional, each with a monthly price
        shown on that page.
      </p>

      <h2>Changing plans</h2>
      <ul>
        <li>You can move to a larger or smaller plan from the pricing page at any time.</li>
        <li>Moving to a smaller plan never deletes anything. If you have more properties than the new limit, they
          stay, but you cannot add new ones until you are under it.</li>
      </ul>

      <h2>How payment works on this site</h2>
      <p>
        BrokerVault can be run by different operators. On installs that use manual billing, which is the default for
        self-hosted copies, choosing a plan switches it at once and payment is arranged directly between you and the
        operator of the site, outside the app. In that case the operator sets the refund terms, and they take
        precedence over the general approach below.
      </p>

      <h2>Refunds</h2>
      <ul>
        <li>If you were charged by mistake, for example twice for the same month, the duplicate charge is refunded
          in full.</li>
        <li>If the service was unavailable for a significant part of a paid period, write to us and we will review a
          partial refund or credit.</li>
        <li>Otherwise a month that has already started is not refunded. If you stop using BrokerVault, tell us
          before the next month begins and you will not be charged for it.</li>
      </ul>

      <h2>Asking for a refund</h2>
      <p>
        Write to <a href={`mailto:${email}`}>{email}</a> from the e-mail address of your account, with the date and
        amount of the charge and the reason for your request. Accepted refunds go back to the means of payment you
        used.
      </p>
    </InfoPage>
  )
}
