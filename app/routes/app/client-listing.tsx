import { orNotFound } from '#app/lib/http.ts'
import { Link } from 'react-router'
import { CLIENT_LABELS } from '#app/modules/clients/catalog.ts'
import { findOwnedClient } from '#app/modules/clients/access.server.ts'
import { listListingItems, type ListingItem } from '#app/modules/listings/listing-queries.server.ts'
import { listListingFeedback, type PropertyFeedback } from '#app/modules/sharing/feedback.server.ts'
import { listSharesForClientListing } from '#app/modules/sharing/shares.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { Card, EmptyState, PageHeader } from '#app/ui/page.tsx'
import { PhotoImage } from '#app/ui/photo.tsx'
import { ShareLinks } from '#app/ui/share-links.tsx'
import type { Route } from './+types/client-listing'
import { priceText } from '#app/modules/properties/price-text.ts'
import { hiddenFromClientsReason } from '#app/modules/properties/client-visibility.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { plural } from '#app/lib/format.ts'
import { useFormats, When } from '#app/ui/broker-formats.tsx'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Shortlist · ${data?.client.fullName ?? 'Client'} · BrokerVault` }]

/** The broker's view of a shortlist: the items, what the client said about each, the share links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const client = orNotFound(await findOwnedClient(scope, params.clientId))
  const [items, feedback, sharePanel] = await Promise.all([
    listListingItems(scope, client.id),
    listListingFeedback(scope, client.id),
    listSharesForClientListing(scope, client.id),
  ])
  return { client, items, feedback, sharePanel }
}

export default function ClientListingPage({ loaderData: d }: Route.ComponentProps) {
  const base = `/client/${d.client.id}`
  return (
    <>
      <PageHeader title={`Shortlist for ${d.client.fullName}`}>
        <div className="flex flex-wrap gap-2 text-sm">
          <Link to={`${base}/edit-listing`} className="rounded-md bg-brand px-3 py-1.5 text-brand-ink no-underline">Edit shortlist</Link>
          <Link to={base} className="rounded-md border border-line px-3 py-1.5 no-underline">Back to client</Link>
        </div>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {d.items.length === 0 ? (
            <EmptyState title="The shortlist is empty">
              <p>
                <Link to={`${base}/edit-listing`}>Pick properties</Link> for {d.client.fullName}, then share the list as one link.
              </p>
            </EmptyState>
          ) : (
            <ShortlistItems items={d.items} feedback={d.feedback} clientName={d.client.fullName} base={base} />
          )}
        </div>
        <ShareLinks {...d.sharePanel} redirectTo={`${base}/listing`} />
      </div>
    </>
  )
}

/** The shortlist in order, each item with its note, what the client said, and whether the link shows it. */
type ShortlistItemsProps = { items: ListingItem[]; feedback: Record<string, PropertyFeedback>; clientName: string; base: string }

function ShortlistItems({ items, feedback, clientName, base }: ShortlistItemsProps) {
  const { numbers } = useFormats()
  const hiddenCount = items.filter((item) => hiddenFromClientsReason(item.status)).length
  return (
    <>
      {hiddenCount > 0 ? (
        <p className="rounded-lg border border-line bg-surface px-4 py-3 text-sm">
          {`${hiddenCount} of ${items.length} ${plural(items.length, 'property is', 'properties are')} hidden from ${clientName}'s link: drafts and off-market properties are never shown to clients.`}
        </p>
      ) : null}
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.id}>
            <Card>
              <div className="flex gap-3">
                {item.cover ? <PhotoImage photo={item.cover} alt="" eager={index < 2} sizes="128px" className="h-20 w-32 shrink-0 rounded object-cover" /> : null}
                <div className="min-w-0 text-sm">
                  <p className="font-medium">{`${index + 1}. ${item.title}`}</p>
                  <p className="text-muted">{[priceText(item, numbers), item.city].filter(Boolean).join(' · ')}</p>
                  <HiddenNotice status={item.status} />
                  <p>
                    <Link to={`${base}/listing/${item.id}`}>See it as the client does</Link>
                  </p>
                </div>
              </div>
              {item.note ? <p className="mt-2 whitespace-pre-line text-sm">{`Your note: ${item.note}`}</p> : null}
              <ClientReactions feedback={feedback[item.id]} />
            </Card>
          </li>
        ))}
      </ol>
    </>
  )
}

/** On an item the client's link leaves out: says so, and why. */
function HiddenNotice({ status }: { status: string }) {
  const reason = hiddenFromClientsReason(status)
  if (!reason) return null
  return (
    <p>
      <span data-badge="" className="rounded bg-warning-soft px-2 py-0.5 text-xs font-medium text-ink">{`Hidden from the client · ${label(status)}`}</span>{' '}
      <span className="text-muted">{reason}</span>
    </p>
  )
}

function ClientReactions({ feedback }: { feedback: PropertyFeedback | undefined }) {
  if (!feedback) return <p className="mt-2 text-sm text-muted">No reaction from the client yet.</p>
  const { latestReaction, comments } = feedback
  return (
    <div className="mt-3 space-y-2 border-t border-line pt-2 text-sm">
      {latestReaction ? (
        <p>
          <span data-badge="" className={`rounded px-2 py-0.5 font-medium ${latestReaction.reaction === 'interested' ? 'bg-success-soft text-success' : 'bg-canvas text-muted'}`}>
            {CLIENT_LABELS[latestReaction.reaction] ?? latestReaction.reaction}
          </span>
          <span className="text-muted">
            {` ${latestReaction.authorName ? `· ${latestReaction.authorName} ` : ''}· `}
            <When value={latestReaction.createdAt} className="" />
          </span>
        </p>
      ) : null}
      {comments.length ? (
        <ul className="space-y-2">
          {comments.map((c) => (
            <li key={c.id} className="rounded-md bg-canvas px-3 py-2">
              <p className="whitespace-pre-line">{c.comment}</p>
              <p className="text-xs text-muted">
                {`${c.authorName || 'Anonymous'} · `}
                <When value={c.createdAt} className="" />
                {c.reaction ? ` · ${CLIENT_LABELS[c.reaction] ?? c.reaction}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
