import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage, useContactEmail } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/support'

export const meta: Route.MetaFunction = () => [
  { title: 'Support · BrokerVault' },
  {
    name: 'description',
    content: 'How to get help with BrokerVault, what to include in your message, and how to fix a sign-in loop.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function SupportPage() {
  const email = useContactEmail()
  return (
    <InfoPage title="Support" updated="21 November 2026">
      <p>We want BrokerVault to just work. When it does not, here is the quickest way to get help.</p>

      <h2>1. Check the help pages</h2>
      <p>
        The <Link to="/help">help pages</Link> explain signing up, the trial and plans, adding properties with
        photos and documents, clients and shortlists, share links, and signing out other devices.
      </p>

      <h2>2. Stuck in a sign-in loop?</h2>
      <p>
        If you are stuck in a sign-in loop, open <Link to="/auth-recovery">Authentication Recovery</Link>. It shows
        what the app remembers about your navigation and lets you clear it with one button. Clearing it does not
        touch your account or data.
      </p>

      <h2>3. Write to us</h2>
      <p>
        E-mail <a href={`mailto:${email}`}>{email}</a>, or see the <Link to="/contact">contact page</Link>. A person
        reads every message. Writing from the e-mail address of your account lets us find it quickly.
      </p>

      <h2>What to include</h2>
      <ul>
        <li>What you were trying to do, and what happened instead.</li>
        <li>The address of the page (copy it from your browser's address bar).</li>
        <li>The exact text of any error or notification you saw.</li>
        <li>When it happened, roughly, with your time zone.</li>
        <li>Your device and browser, for example "Android phone, Chrome" or "Mac, Safari".</li>
        <li>For a share link, the link itself, so we can see what your client sees.</li>
      </ul>
      <p>
        Please never include your password. We will never ask for it. If you think someone else knows it, sign out
        other devices from your profile and change it.
      </p>

      <h2>Billing questions</h2>
      <p>
        For plan changes go to <Link to="/pricing">Pricing</Link>. For payments and refunds, read the{' '}
        <Link to="/refund-policy">refund policy</Link> and then write to us if you still need help.
      </p>
    </InfoPage>
  )
}
