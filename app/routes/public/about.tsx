import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { InfoPage } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = () => [
  { title: 'About · BrokerVault' },
  {
    name: 'description',
    content: 'Why BrokerVault exists and how it helps real-estate brokers keep listings, clients and deals in one place.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function AboutPage() {
  return (
    <InfoPage title="About BrokerVault">
      <p>
        Most brokers keep their work in too many places: photos in a phone gallery, floor plans in e-mail, client
        wishes in a notebook and deals in a spreadsheet. BrokerVault puts all of it in one place, private to you, and
        makes it easy to show the right property to the right client.
      </p>

      <h2>What it does</h2>
      <ul>
        <li>
          <strong>Listings:</strong> residential, commercial and land properties with their facts, prices, ordered
          photos and documents.
        </li>
        <li>
          <strong>Clients and deals:</strong> buyers, sellers, tenants, landlords and investors with their
          requirements and stage, plus a deal board from first lead to closing.
        </li>
        <li>
          <strong>Share pages:</strong> a view-only link to one property or a client's whole shortlist. Your client
          opens it without an account, can mark each property "Interested" or "Not for me", and you see the answer in
          your activity feed.
        </li>
        <li>
          <strong>Filters and notes:</strong> find anything by location, tags, deal status, price or bedrooms, and keep
          dated private notes.
        </li>
      </ul>

      <h2>How it is built</h2>
      <p>
        BrokerVault is built for real working conditions. Pages are rendered on the server, so they load quickly and
        every screen works even with JavaScript switched off. Share pages ship no JavaScript at all, which keeps them
        light on your clients' phones. Uploaded photos are re-encoded with hidden metadata such as GPS location
        removed. There are no ads, no tracking scripts and no third-party analytics.
      </p>

      <h2>Who runs it</h2>
      <p>
        BrokerVault can be used as a hosted service or installed by an agency on its own server, with data in
        Postgres and files on disk or in S3-compatible storage. Either way, the operator of the site you are using
        looks after your account; you can reach them through the <Link to="/contact">contact page</Link>.
      </p>

      <h2>Trying it</h2>
      <p>
        Every account starts with a free 14-day trial with up to 5 properties. After that, plans range from 25 to
        250 properties; see <Link to="/pricing">Pricing</Link>, or{' '}
        <Link to="/auth?mode=signup">create an account</Link> to start.
      </p>
    </InfoPage>
  )
}
