import { Link } from 'react-router'
import { orNotFound } from '#app/lib/http.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { describeLocal } from '#app/modules/agenda/format.ts'
import { formatDate } from '#app/lib/when.ts'
import { formatStyleParts } from '#app/modules/profile/format-styles.ts'
import { VIEWING_STATUS_LABELS } from '#app/modules/agenda/schemas.ts'
import { listViewings } from '#app/modules/agenda/viewings.server.ts'
import { getPropertyAddressLine } from '#app/modules/properties/access.server.ts'
import { findOwnedProperty } from '#app/modules/properties/access.server.ts'
import type { Route } from './+types/property-viewing-report'
import { countOf } from '#app/lib/format.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Viewing report: ${data?.title ?? 'Property'} · BrokerVault` }]

/** GET /property/{id}/viewing-report: every viewing with its status and the client's rating, for the owner (print it). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const property = orNotFound(await findOwnedProperty(scope, params.id))
  const [address, viewings] = await Promise.all([getPropertyAddressLine(scope, property.id), listViewings(scope, { propertyId: property.id }, 'oldest')])
  const rated = viewings.filter((v) => v.rating !== null)
  const { clock } = formatStyleParts(user.formatStyle)
  return {
    id: property.id,
    title: property.title,
    address,
    broker: user.fullName,
    printedOn: formatDate(new Date(), user.timeZone, clock),
    average: rated.length ? (rated.reduce((sum, v) => sum + (v.rating ?? 0), 0) / rated.length).toFixed(1) : null,
    counts: { total: viewings.length, done: viewings.filter((v) => v.status === 'done').length },
    rows: viewings.map((v) => ({ id: v.id, when: describeLocal(v.startsAt, user.timeZone, clock), status: VIEWING_STATUS_LABELS[v.status], rating: v.rating, comment: v.feedbackComment ?? '' })),
  }
}

export default function ViewingReport({ loaderData: r }: Route.ComponentProps) {
  return (
    <article className="viewing-report mx-auto max-w-3xl">
      <p className="print:hidden mb-4 flex gap-4 text-sm">
        <Link to={`/property/${r.id}`}>← Back to the property</Link>
        <span className="text-muted">Use your browser's Print to make a PDF for the owner.</span>
      </p>
      <h1 className="text-2xl font-bold">{`Viewing report: ${r.title}`}</h1>
      {r.address && r.address !== r.title ? <p className="text-muted">{r.address}</p> : null}
      <p className="mb-4 text-sm text-muted">{`Prepared by ${r.broker || 'your broker'} on ${r.printedOn}. Clients' names are left out.`}</p>
      <p className="mb-4">
        {`${countOf(r.counts.total, 'viewing', 'viewings')}, ${r.counts.done} done.`}
        {r.average ? ` Average rating: ${r.average}/5.` : ''}
      </p>
      {r.rows.length === 0 ? (
        <p>No viewings yet.</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-1 pr-2">Date</th>
              <th scope="col" className="py-1 pr-2">Status</th>
              <th scope="col" className="py-1 pr-2">Rating</th>
              <th scope="col" className="py-1">Comment</th>
            </tr>
          </thead>
          <tbody>
            {r.rows.map((row) => (
              <tr key={row.id} className="break-inside-avoid border-b border-line align-top">
                <td className="py-1 pr-2 whitespace-nowrap">{row.when}</td>
                <td className="py-1 pr-2">{row.status}</td>
                <td className="py-1 pr-2">{row.rating !== null ? `${row.rating}/5` : '—'}</td>
                <td className="py-1 whitespace-pre-line">{row.comment || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  )
}
