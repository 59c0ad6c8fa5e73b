import type { ReactNode } from 'react'
import { label } from '#app/modules/properties/catalog.ts'
import { priceText } from '#app/modules/properties/price-text.ts'
import type { AgencyContact, BrokerContact, SharedProperty } from '#app/modules/sharing/share-view.ts'
import { PhotoGallery, SHARE_GALLERY } from './photo-gallery.tsx'
import { PropertyFacts } from './property-facts.tsx'
import { MAIN_LANDMARK } from './skip-link.tsx'
import { Avatar } from './avatar.tsx'

/** Statuses a client should know about before falling for a place. */
const FLAGGED_STATUSES = new Set(['under_offer', 'sold', 'rented', 'off_market'])

/** The frame of every share page: the seed's banner, then the client page's frame. */
export function SharePage({ broker, children }: { broker: BrokerContact; children: ReactNode }) {
  return (
    <>
      <p role="note" className="bg-brand px-4 py-2 text-center text-sm font-medium text-brand-ink print:hidden">
        Preview Mode - View Only
      </p>
      <ClientFrame broker={broker}>{children}</ClientFrame>
    </>
  )
}

/**
 * The frame of every page a client opens without signing in (share pages, the alert page, the
 * viewing feedback and unsubscribe pages): they speak for the broker, whose card closes the
 * content, and BrokerVault keeps to one quiet line with its privacy notice. No sign-up header,
 * no legal footer.
 */
export function ClientFrame({ broker, children }: { broker: BrokerContact; children: ReactNode }) {
  return (
    <>
      <main {...MAIN_LANDMARK} className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 print:max-w-none print:p-0">
        {children}
        <BrokerCard broker={broker} />
      </main>
      <footer className="p-4 text-center text-xs text-muted print:hidden">
        {`Sent to you by ${broker.fullName || 'your broker'} with BrokerVault · `}
        <a href="/privacy">Privacy</a>
      </footer>
    </>
  )
}

/** How the page's <title> signs off: the broker's agency, else their name. */
export function brokerSignOff(broker: Pick<BrokerContact, 'fullName' | 'agencyName'>) {
  return broker.agencyName || broker.fullName || 'Your broker'
}

/** Phone numbers keep + and digits only in tel: links ("+351 912 345 678" → tel:+351912345678). */
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

/**
 * The card that closes a client's page: the agent who looks after them (avatar, name, licence,
 * phone, e-mail) and, when the agency says more than that (a logo, its address, its own
 * licence, phone, e-mail or website), the agency above them. Without that, the agency's name is
 * a line of the agent's card, as before agencies (modules/sharing/client-contact.ts).
 */
export function BrokerCard({ broker }: { broker: BrokerContact }) {
  return (
    <section aria-label="Your broker" className="rounded-xl border border-line bg-surface p-4 print:break-inside-avoid">
      {broker.agency ? <AgencyPart agency={broker.agency} /> : null}
      <address className="flex items-center gap-4 not-italic">
        {/* The 256 px square shown at 96 px: sharp on high-density screens and in print. */}
        <Avatar name={broker.fullName} src={broker.avatarUrl} size={96} alt={broker.fullName} />
        <div className="flex flex-col gap-0.5 text-sm">
          <p className="text-base font-semibold">{broker.fullName}</p>
          {!broker.agency && broker.agencyName ? <p>{broker.agencyName}</p> : null}
          {broker.licenceNumber ? <p className="text-muted">Licence {broker.licenceNumber}</p> : null}
          {broker.phone ? (
            <p>
              <a href={telHref(broker.phone)}>{broker.phone}</a>
            </p>
          ) : null}
          <p>
            <a href={`mailto:${broker.email}`}>{broker.email}</a>
          </p>
        </div>
      </address>
    </section>
  )
}

/** "https://www.costa-homes.pt/" → "www.costa-homes.pt": the link says where it goes. */
const websiteText = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '')

function AgencyPart({ agency }: { agency: AgencyContact }) {
  return (
    <address data-agency="" className="mb-4 flex flex-wrap items-center gap-4 border-b border-line pb-4 not-italic">
      {agency.logoUrl ? <AgencyLogo src={agency.logoUrl} name={agency.name} /> : null}
      <div className="flex flex-col gap-0.5 text-sm">
        {agency.name ? <p className="text-base font-semibold">{agency.name}</p> : null}
        {agency.licenceNumber ? <p className="text-muted">Licence {agency.licenceNumber}</p> : null}
        {agency.address ? <p>{agency.address}</p> : null}
        {agency.phone ? (
          <p>
            <a href={telHref(agency.phone)}>{agency.phone}</a>
          </p>
        ) : null}
        {agency.email ? (
          <p>
            <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </p>
        ) : null}
        {agency.website ? (
          <p>
            {/* No referrer: a share link's address is the client's key to the page. */}
            <a href={agency.website} rel="noreferrer">
              {websiteText(agency.website)}
            </a>
          </p>
        ) : null}
      </div>
    </address>
  )
}

/**
 * The agency's logo, 48 px high and as wide as its shape (up to four times that), on white so
 * a dark wordmark stays legible in the dark theme. Its name is written beside it, so the image
 * itself is decoration unless the agency has no name.
 */
export function AgencyLogo({ src, name }: { src: string; name: string }) {
  return <img src={src} alt={name ? '' : 'Agency logo'} height={48} className="h-12 w-auto max-w-48 rounded bg-white object-contain p-1" />
}

type SharedPropertyViewProps = {
  property: SharedProperty
  /** h1 on a single-property page, h2 inside a shortlist. */
  heading: 'h1' | 'h2'
  /** Only the very first photo of a page loads eagerly; everything else waits for the scroll. */
  eagerCover: boolean
  children?: ReactNode
}

export function SharedPropertyView({ property: p, heading: Heading, eagerCover, children }: SharedPropertyViewProps) {
  const place = [p.area, p.city].filter(Boolean).join(', ')
  return (
    <article id={`property-${p.id}`} className="flex flex-col gap-4">
      <header>
        <Heading className="text-2xl font-semibold">{p.title}</Heading>
        <p className="mt-1 text-lg font-medium">
          {priceText(p)}
          {FLAGGED_STATUSES.has(p.status) ? <span data-badge="" className="ml-2 rounded bg-warning-soft px-2 py-0.5 text-sm">{label(p.status)}</span> : null}
        </p>
        <p className="text-sm text-muted">{[label(p.type), label(p.purpose), place].filter(Boolean).join(' · ')}</p>
      </header>
      {p.note ? (
        <blockquote className="rounded-lg border-l-4 border-brand bg-brand-soft px-4 py-2">
          <p className="text-xs font-medium text-muted">Note from your broker</p>
          <p className="whitespace-pre-line">{p.note}</p>
        </blockquote>
      ) : null}
      <PhotoGallery photos={p.photos} title={p.title} label={`Photos of ${p.title}`} layout={SHARE_GALLERY} eagerCount={eagerCover ? 1 : 0} />
      <PropertyFacts property={p} />
      {p.description ? <p className="whitespace-pre-line">{p.description}</p> : null}
      {p.documents.length ? (
        <section className="print:hidden">
          <h3 className="font-semibold">Documents</h3>
          <ul className="list-disc pl-5 text-sm">
            {p.documents.map((d) => (
              <li key={d.id}>
                <a href={`/documents/${d.id}`}>{d.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {children}
    </article>
  )
}
