import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/shipping-policy'

export const meta: Route.MetaFunction = () => [
  { title: 'Shipping policy · BrokerVault' },
  {
    name: 'description',
    content: 'BrokerVault is software delivered online: nothing is shipped, and access starts as soon as you sign up.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function ShippingPolicyPage() {
  return (
    <InfoPage title="Shipping policy" updated="21 November 2026">
      <p>
        BrokerVault does not sell or ship physical goods. It is web software that you use in your browser, delivered
        entirely online. Nothing is sent by post or courier, so there are no shipping costs, delivery times, customs
        duties, tracking numbers or returns of goods.
      </p>

      <h2>How you receive the service</h2>
      <ul>
        <li>
          <strong>Trial:</strong> your account and its 14-day free trial start as soon as you{' '}
          <Link to="/auth?mode=signup">create an account</Link>. There is nothing to download or install.
        </li>
        <li>
          <strong>Paid plans:</strong> when you choose a plan on <Link to="/pricing">Pricing</Link>, the new
          property limit applies to your account as soon as the plan is active. On sites that use manual billing,
          the plan switches at once and payment is settled with the operator of the site.
        </li>
        <li>
          <strong>Where it works:</strong> any up-to-date browser on a phone, tablet or computer with an internet
          connection. Every page also works with JavaScript switched off.
        </li>
      </ul>

      <h2>Share pages for your clients</h2>
      <p>
        When you share a listing, your client receives a link, not a parcel. The page opens in their browser without
        an account and is built to load quickly on low-end phones and slow connections.
      </p>

      <h2>Problems with access</h2>
      <p>
        If your account or a plan you chose is not available when it should be, that is our equivalent of a late
        delivery: see <Link to="/support">Support</Link> and we will sort it out. Payments and refunds are covered
        by the <Link to="/refund-policy">refund policy</Link>.
      </p>
    </InfoPage>
  )
}
