import { Form, Link } from 'react-router'
import { formatPrice } from '#app/lib/format.ts'
import { orNotFound } from '#app/lib/http.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { listPhotos } from '#app/modules/media/queries.server.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { loadBrokerContact } from '#app/modules/sharing/client-contact.server.ts'
import { listSharesForProperty } from '#app/modules/sharing/shares.server.ts'
import { SubmitButton } from '#app/ui/form.tsx'
import { BrokerCard } from '#app/ui/share-page.tsx'
import { PhotoImage } from '#app/ui/photo.tsx'
import { PropertyFacts } from '#app/ui/property-facts.tsx'
import type { Route } from './+types/property-brochure'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Brochure: ${data?.property.title ?? 'Property'} · BrokerVault` }]

/**
 * A one-page print brochure of one of the broker's properties: the facts, the main photo, the
 * contact card of the agent assigned to it with the agency's identity (as on share pages) and the
 * QR code of the newest live share link (or a button to make one).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const property = orNotFound(await getProperty(scope, params.id))
  const [photos, broker, panel] = await Promise.all([
    listPhotos(scope, property.id),
    loadBrokerContact({ memberId: property.ownerId, agencyId: property.agencyId }),
    listSharesForProperty(scope, property.id),
  ])
  const live = panel.shares.find((share) => share.state === 'live')
  return {
    property,
    cover: photos[0] ?? null,
    broker,
    share: live ? { url: `${panel.appUrl}${live.path}`, qrSvg: live.qrSvg } : null,
    nothingToShow: panel.nothingToShow,
  }
}

export default function PropertyBrochure({ loaderData: d }: Route.ComponentProps) {
  const p = d.property
  const here = `/property/${p.id}/brochure`
  const place = [p.street, p.area, p.city].filter(Boolean).join(', ')
  return (
    <>
      <p className="mb-4 flex flex-wrap gap-3 text-sm print:hidden">
        <Link to={`/property/${p.id}`}>← Back to the property</Link>
        <span className="text-muted">Print this page (Ctrl+P or ⌘P) for a one-page brochure.</span>
      </p>
      <article data-brochure="" className="mx-auto max-w-3xl space-y-4 bg-surface text-ink print:max-w-none">
        <header>
          <h1 className="text-3xl font-semibold">{p.title}</h1>
          <p className="text-xl font-medium">
            {`${formatPrice(p.price, p.currency)}${p.purpose === 'rent' && p.rentPeriod ? ` ${label(p.rentPeriod)}` : ''}`}
          </p>
          <p className="text-muted">{[label(p.type), label(p.purpose), place].filter(Boolean).join(' · ')}</p>
        </header>
        {d.cover ? (
          <PhotoImage photo={d.cover} sizes="(min-width: 48rem) 48rem, 100vw" eager className="aspect-[3/2] w-full rounded-lg object-cover" alt={p.title} />
        ) : null}
        <PropertyFacts property={p} />
        {p.description ? <p className="whitespace-pre-line">{p.description}</p> : null}
        <footer className="grid gap-4 border-t border-line pt-4 sm:grid-cols-[1fr_auto] print:grid-cols-[1fr_auto]">
          {d.broker ? <BrokerCard broker={d.broker} /> : <div />}
          {d.share ? (
            <figure className="w-36 text-center text-xs">
              <div role="img" aria-label={`QR code of ${d.share.url}`} data-testid="brochure-qr" className="bg-white" dangerouslySetInnerHTML={{ __html: d.share.qrSvg ?? '' }} />
              <figcaption className="break-all">Scan for photos and details</figcaption>
            </figure>
          ) : (
            <div className="max-w-xs text-sm print:hidden" data-testid="brochure-no-share">
              <p>This property has no live share link yet, so the brochure has no QR code.</p>
              {d.nothingToShow ? (
                <p className="text-muted">{d.nothingToShow}</p>
              ) : (
                <Form method="post" action="/shares" className="mt-2">
                  <input type="hidden" name="kind" value="property" />
                  <input type="hidden" name="targetId" value={p.id} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <input type="hidden" name="expiresInDays" value="" />
                  <SubmitButton name="intent" value="create" pendingText="Creating...">Create share link</SubmitButton>
                </Form>
              )}
            </div>
          )}
        </footer>
      </article>
    </>
  )
}
