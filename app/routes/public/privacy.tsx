import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage, useContactEmail } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = () => [
  { title: 'Privacy policy · BrokerVault' },
  {
    name: 'description',
    content: 'What personal data BrokerVault stores, why, who can see it, and how to have it removed.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function PrivacyPage() {
  const email = useContactEmail()
  return (
    <InfoPage title="Privacy policy" updated="21 November 2026">
      <p>
        BrokerVault stores what it needs to run your account and nothing more. There are no third-party analytics,
        no tracking scripts and no advertising, and we do not sell or rent personal data.
      </p>

      <h2>What we store about brokers</h2>
      <ul>
        <li>Your account: full name, e-mail address and a password hash (argon2id; the password itself is never
          stored).</li>
        <li>Your profile, if you fill it in: avatar, phone, agency name and licence number.</li>
        <li>Your plan and trial end date.</li>
        <li>One record per signed-in device: a hash of its session token, the browser's user agent, the sign-in
          time and when it was last used. You see this list on your profile and can sign out other devices.</li>
        <li>Short counters of recent sign-in and sign-up attempts, keyed by IP address and e-mail address, used only
          to slow down password guessing.</li>
      </ul>

      <h2>What you store about others</h2>
      <p>
        Client names, contact details, requirements and notes, and deal details, are entered by you and visible only
        to you. For that data you decide what is collected and why; we only hold it on your behalf. Photos are
        re-encoded when uploaded, which removes embedded metadata such as GPS location.
      </p>

      <h2>Share pages</h2>
      <p>
        A share link shows only what you chose to share: the listing's photos, facts, description, documents marked
        as shared, and your contact card (name, avatar, phone, e-mail, agency and licence number). It never shows
        private notes or your client list. Visitors are not asked to sign in, share pages load no JavaScript, and
        view counting uses no third-party script.
      </p>

      <h2>Where data lives</h2>
      <p>
        Records are kept in a Postgres database, and photos and documents on the server's disk or in S3-compatible
        storage chosen by the operator of this site. See the <Link to="/data-policy">data policy</Link> for
        retention and deletion, and the <Link to="/cookie-policy">cookie policy</Link> for the four cookies we set.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>Correct your details on your profile at any time.</li>
        <li>Delete your account from your profile: this removes your properties, clients, deals, notes and files.</li>
        <li>
          For any other request, write to <a href={`mailto:${email}`}>{email}</a>.
        </li>
      </ul>
    </InfoPage>
  )
}
