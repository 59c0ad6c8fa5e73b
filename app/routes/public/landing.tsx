import { data, Link } from 'react-router'
import { publicPageHeaders } from '#app/lib/public-cache.server.ts'
import { PublicLayout } from '#app/ui/public-layout.tsx'
import type { Route } from './+types/landing'

export const meta: Route.MetaFunction = () => [
  { title: 'BrokerVault · A professional real estate manager for brokers' },
  {
    name: 'description',
    content:
      'Keep listings, photos, documents, clients and deals in one place, and share view-only listing pages with your clients.',
  },
]

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicPageHeaders(request) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

const OFFERINGS = [
  {
    title: 'A digital vault for listings, photos and documents',
    text: 'Every property with its facts, ordered photos and documents (floor plans, certificates, contracts) stored in one place, private to you.',
  },
  {
    title: 'A client and deal tracker',
    text: 'Keep each buyer, seller, tenant or landlord with their requirements, shortlist and stage, and follow every deal from first lead to closing.',
  },
  {
    title: 'Shareable public pages for buyers and brokers',
    text: 'Send a client a view-only link to one property or a whole shortlist: no account needed, quick to load on any phone, and you can revoke it at any time.',
  },
  {
    title: 'Smart filters and notes',
    text: 'Filter by location, tags and deal status, and keep dated private notes on properties, clients and deals so nothing gets lost.',
  },
] as const

const TESTIMONIALS = [
  {
    quote: 'My listings and their paperwork finally live in one place instead of three folders and a phone.',
    author: 'Maria, Lisbon',
  },
  {
    quote: 'Sending a buyer one link with the shortlist saves me a dozen messages a week.',
    author: 'Tom, Leeds',
  },
  {
    quote: 'The deal stages are simple, which is exactly what I needed to stop forgetting follow-ups.',
    author: 'Anika, Hamburg',
  },
] as const

export default function LandingPage() {
  return (
    <PublicLayout>
      <section aria-labelledby="hero-title" className="mx-auto max-w-3xl py-6 text-center sm:py-12">
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">For real-estate brokers</p>
        <h1 id="hero-title" className="mt-2 text-3xl leading-tight font-bold text-ink sm:text-4xl">
          The professional real estate manager
        </h1>
        <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">
          BrokerVault keeps your listings, photos, documents, clients and deals in one place, and lets you share
          view-only listing pages with clients who never need to sign in. Try it free for 14 days with up to 5
          properties.
        </p>
        <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            to="/auth?mode=signup"
            className="rounded-md bg-brand px-5 py-3 text-center font-semibold text-brand-ink no-underline"
          >
            Get started
          </Link>
          <Link
            to="/auth"
            className="rounded-md border border-line bg-surface px-5 py-3 text-center font-semibold text-ink no-underline"
          >
            Sign in
          </Link>
        </div>
        <p className="mt-3 text-sm text-muted">
          Plans from 25 to 250 properties once the trial ends. <Link to="/pricing">See pricing</Link>.
        </p>
      </section>

      <section aria-labelledby="offerings-title" className="py-6">
        <h2 id="offerings-title" className="text-center text-2xl font-bold text-ink">
          What BrokerVault gives you
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {OFFERINGS.map((o) => (
            <li key={o.title} className="rounded-lg border border-line bg-surface p-5">
              <h3 className="text-lg font-semibold text-ink">{o.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{o.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-title" className="py-6">
        <h2 id="testimonials-title" className="text-center text-2xl font-bold text-ink">
          What brokers say
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.author} className="rounded-lg border border-line bg-surface p-5">
              <blockquote className="leading-relaxed text-ink">“{t.quote}”</blockquote>
              <figcaption className="mt-3 text-sm text-muted">— {t.author}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </PublicLayout>
  )
}
