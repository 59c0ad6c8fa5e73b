import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = () => [
  { title: 'Terms of service · BrokerVault' },
  {
    name: 'description',
    content: 'The terms for using BrokerVault: accounts, the free trial, paid plans, your content and acceptable use.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function TermsPage() {
  return (
    <InfoPage title="Terms of service" updated="21 November 2026">
      <p>
        These terms cover your use of BrokerVault, a web application in which real-estate brokers keep listings,
        photos, documents, clients and deals, and share view-only listing pages with their clients. By creating an
        account you agree to them. BrokerVault can be run by different operators (for example an agency hosting
        its own copy); the operator of the site you are using is the party you deal with.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You sign up with your full name, an e-mail address and a password. Keep your password to yourself.</li>
        <li>You are responsible for what happens under your account. If you think someone else has access, sign out
          other devices from your profile and change your password.</li>
        <li>One account belongs to one person. Clients who open your share links do not need an account.</li>
      </ul>

      <h2>Trial and plans</h2>
      <p>
        A new account starts with a free trial of 14 days and up to 5 properties. After that you choose a paid plan
        on <Link to="/pricing">Pricing</Link>: Starter (25 properties), Advanced (100) or Professional (250). Prices
        are shown on that page. If you move to a plan below your current number of properties, nothing is deleted,
        but you cannot add properties until you are under the limit. See the{' '}
        <Link to="/refund-policy">refund policy</Link> for payments and refunds.
      </p>

      <h2>Your content</h2>
      <p>
        Listings, photos, documents, client records, deals and notes you add remain yours. We store and process them
        only to run the service for you. When you create a share link, anyone who has that link can view what it
        shows until you revoke it or it expires.
      </p>

      <h2>Acceptable use</h2>
      <ul>
        <li>Only upload material you have the right to use, and only keep client details you are allowed to hold.</li>
        <li>Do not publish misleading listings, or use share pages to distribute malware or spam.</li>
        <li>Do not try to access another broker's data, probe for share links, or overload the service.</li>
      </ul>
      <p>Accounts that break these rules may be suspended.</p>

      <h2>Availability and liability</h2>
      <p>
        We work to keep BrokerVault available and your data safe, but the service is provided as it is, without a
        guarantee that it will never be interrupted. Keep your own copies of important documents. Read the{' '}
        <Link to="/disclaimer">disclaimer</Link> for what BrokerVault does not do.
      </p>

      <h2>Ending your use</h2>
      <p>
        You may stop using BrokerVault at any time and delete your account from your profile, which removes your
        data and files. We may change these terms; the date above shows the latest version.
      </p>
    </InfoPage>
  )
}
