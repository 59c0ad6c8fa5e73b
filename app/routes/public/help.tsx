import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/help'

export const meta: Route.MetaFunction = () => [
  { title: 'Help · BrokerVault' },
  {
    name: 'description',
    content: 'Short how-tos for BrokerVault: sign-up, trial and plans, properties, clients, share links and devices.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function HelpPage() {
  return (
    <InfoPage title="Help">
      <p>Short answers to the things brokers ask most. Still stuck? See <Link to="/support">Support</Link>.</p>

      <h2>Signing up</h2>
      <p>
        Choose <Link to="/auth?mode=signup">Get started</Link>, enter your full name, e-mail and a password (at least
        8 characters, not a common password and not your e-mail address), then press "Create account". You then sign
        in with the same e-mail and password.
      </p>

      <h2>Trial and plans</h2>
      <p>
        Your free trial lasts 14 days and allows 5 properties; Home shows the days left and your usage. Choose
        Starter (25), Advanced (100) or Professional (250 properties) on <Link to="/pricing">Pricing</Link>.
        Moving to a smaller plan deletes nothing, but you cannot add properties while over the limit.
      </p>

      <h2>Adding a property with photos and documents</h2>
      <ul>
        <li>Open Properties, add a property and pick its category: residential, commercial or land.</li>
        <li>Fill in the details and save. Status (draft, active, under offer, sold, rented, off market) can change
          later.</li>
        <li>Add up to 40 photos (JPEG, PNG, WebP, AVIF or GIF, 15 MB each). The first one is the cover. Location
          data in photos is removed on upload.</li>
        <li>Add up to 40 documents (PDF, Office files or images, 25 MB each). They stay private unless you mark them
          as shared with clients.</li>
      </ul>

      <h2>Clients and shortlists</h2>
      <p>
        Under Clients, add a client with their contact details, stage and requirements (budget, areas, bedrooms).
        From the client's page, build a shortlist of properties and add a note for the client on each one.
      </p>

      <h2>Sharing a view-only link</h2>
      <p>
        Share a single property or a client's shortlist to get a link. Anyone with it sees a page marked "Preview
        Mode - View Only": photos, facts, shared documents and your contact card, never your private notes. Clients
        need no account and can mark each property "Interested" or "Not for me". You can revoke a link at any time.
      </p>

      <h2>Signing out other devices</h2>
      <p>
        Your <Link to="/profile/security">profile</Link> lists every device signed in to your account with its browser and
        sign-in time. Use "Sign out other devices" to end all sessions except this one, or "Sign out everywhere" to
        end them all (it asks for your password again).
      </p>

      <h2>Two-factor authentication</h2>
      <p>
        On your <Link to="/profile/security">profile</Link>, "Set up two-factor authentication" shows a QR code: scan it with an
        authenticator app (or type the key shown under it), then enter the 6-digit code the app shows. From then on,
        signing in asks for a current code after your password. You get ten recovery codes, shown once: keep them
        safe, each works once instead of a code if you lose your phone. Turning two-factor off, making new recovery
        codes and "Sign out everywhere" ask for your password or a current code. Resetting a forgotten password does
        not turn two-factor off.
      </p>

      <h2>When the trial ends</h2>
      <p>
        Nothing is deleted. Your profile, <Link to="/pricing">Pricing</Link>, Public properties, property edit pages
        and the help and legal pages stay reachable. Other screens send you to Pricing with the message "Your trial
        has expired. Please upgrade to access this feature." Once you choose a plan, you return to the page you
        wanted.
      </p>

      <h2>Stuck in a sign-in loop?</h2>
      <p>
        Open <Link to="/auth-recovery">Authentication Recovery</Link> and clear the navigation state. Your data is
        not affected.
      </p>
    </InfoPage>
  )
}
