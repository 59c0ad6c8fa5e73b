import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage, useContactEmail } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = () => [
  { title: 'Contact · BrokerVault' },
  { name: 'description', content: 'How to reach the people who run BrokerVault, by e-mail.' },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function ContactPage() {
  const email = useContactEmail()
  return (
    <InfoPage title="Contact" updated="21 November 2026">
      <p>
        The simplest way to reach us is by e-mail. Write to{' '}
        <a href={`mailto:${email}`} className="font-semibold">
          {email}
        </a>{' '}
        and a person will read your message and reply to the address you wrote from.
      </p>

      <h2>What to write to us about</h2>
      <ul>
        <li>Problems signing in, or a screen that does not work as you expect.</li>
        <li>Questions about plans, payment or refunds.</li>
        <li>Requests about your data, such as a copy or a correction you cannot make yourself.</li>
        <li>A share link that shows something it should not, or a listing you believe is misleading or
          fraudulent.</li>
        <li>Ideas and feedback. We read all of it.</li>
      </ul>

      <h2>Before you write</h2>
      <p>
        Many answers are already in the <Link to="/help">help pages</Link>. The <Link to="/support">support
        page</Link> explains what to include so we can help on the first reply. If you are stuck in a sign-in loop,
        open <Link to="/auth-recovery">Authentication Recovery</Link>, which clears the navigation state.
      </p>

      <h2>If you are a client of a broker</h2>
      <p>
        Questions about a property on a share page, such as viewings, prices or availability, are best sent to the
        broker whose contact card is shown on that page. We do not hold the property and cannot arrange viewings.
      </p>

      <h2>Keep it safe</h2>
      <p>
        Never send your password by e-mail. We will never ask for it, and we can help you without it.
      </p>
    </InfoPage>
  )
}
