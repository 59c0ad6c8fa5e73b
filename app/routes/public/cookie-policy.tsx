import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/cookie-policy'

export const meta: Route.MetaFunction = () => [
  { title: 'Cookie policy · BrokerVault' },
  {
    name: 'description',
    content: 'The four cookies BrokerVault sets, what each one holds and how long it lasts. No tracking or ad cookies.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

const COOKIES = [
  {
    name: 'bv_session',
    purpose:
      'Keeps you signed in. It holds a random session token; the matching session record is kept on the server. Set when you sign in, removed when you sign out.',
    lifetime: '30 days, extended while you keep using BrokerVault',
  },
  {
    name: 'bv_nav',
    purpose:
      'Navigation state: whether your trial has expired or a connection problem was detected, the page to return to after signing in or choosing a plan, and counters that detect redirect loops.',
    lifetime: '7 days',
  },
  {
    name: 'bv_flash',
    purpose: 'A one-time notification, such as "Logged in successfully!", shown on the next page and then removed.',
    lifetime: 'Until it is shown, or the browser is closed',
  },
  {
    name: 'bv_theme',
    purpose: 'Your choice of light, dark or system theme. Without it, the page follows your device setting.',
    lifetime: '1 year',
  },
] as const

export default function CookiePolicyPage() {
  return (
    <InfoPage title="Cookie policy" updated="21 November 2026">
      <p>
        BrokerVault uses a small number of its own cookies, all strictly needed for the features you use. There are
        no analytics, advertising or tracking cookies, and no third-party scripts that could set them. Because
        nothing tracks you, there is no consent banner.
      </p>
      <p>
        Every cookie is signed by the server, so it cannot be altered without detection, and marked http-only, so
        scripts in the page cannot read it. They are sent only to this site, and over https only when the site is
        served over https.
      </p>

      <h2>The cookies</h2>
      <ul>
        {COOKIES.map((c) => (
          <li key={c.name}>
            <strong>
              <code>{c.name}</code>
            </strong>{' '}
            — {c.purpose} <span className="text-muted">Lasts: {c.lifetime}.</span>
          </li>
        ))}
      </ul>

      <h2>Share pages</h2>
      <p>
        Clients opening a share link are not signed in and receive no session cookie. Share pages ship no
        JavaScript, and counting their views does not use any third-party script.
      </p>

      <h2>Removing cookies</h2>
      <p>
        You can delete these cookies in your browser settings at any time. Deleting <code>bv_session</code> signs
        you out on that browser; deleting the others resets the theme and navigation state. If you are stuck in a
        sign-in loop, <Link to="/auth-recovery">Authentication Recovery</Link> clears the navigation state for you.
        See the <Link to="/privacy">privacy policy</Link> for everything else we store.
      </p>
    </InfoPage>
  )
}
