import { Link } from 'react-router'
import { orNotFound } from '#app/lib/http.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { getAgency } from '#app/modules/agencies/agency.server.ts'
import { getOpenHouse } from '#app/modules/open-houses/open-houses.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import type { Route } from './+types/open-house-sign'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Open house sign: ${data?.title ?? 'Property'} · BrokerVault` }]

/**
 * A printable sign for the door of an open house: the QR code of its sign-in page, large, for
 * visitors' own phones (the same address a tablet at the door opens). Every member who sees the
 * listing may print it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const property = orNotFound(await getProperty(scope, params.id))
  const [openHouse, agency] = await Promise.all([getOpenHouse(scope, property.id, params.openHouseId), getAgency(scope)])
  const found = orNotFound(openHouse)
  return { id: property.id, title: property.title, agencyName: agency?.name ?? '', openHouse: found }
}

export default function OpenHouseSign({ loaderData: d }: Route.ComponentProps) {
  const oh = d.openHouse
  return (
    <>
      <p className="mb-4 flex flex-wrap gap-3 text-sm print:hidden">
        <Link to={`/property/${d.id}/open-houses`}>← Back to the open houses</Link>
        <span className="text-muted">Print this page (Ctrl+P or ⌘P) and put it by the door.</span>
      </p>
      <article data-open-house-sign="" className="mx-auto flex max-w-xl flex-col items-center gap-4 bg-surface p-6 text-center text-ink print:max-w-none">
        {d.agencyName ? <p className="text-lg font-medium">{d.agencyName}</p> : null}
        <h1 className="text-4xl font-bold">Welcome! Please sign in</h1>
        <p className="text-xl">{`Open house: ${d.title}`}</p>
        <p className="text-muted">{oh.when}</p>
        {oh.qrSvg ? (
          <div role="img" aria-label={`QR code of the sign-in page ${oh.signInUrl}`} data-testid="open-house-sign-qr" className="w-72 max-w-full bg-white" dangerouslySetInnerHTML={{ __html: oh.qrSvg }} />
        ) : (
          <p className="print:hidden">This open house has ended: its sign-in page takes no more sign-ins.</p>
        )}
        <p className="text-lg">Scan the code with your phone’s camera, or ask for the tablet.</p>
        <p className="break-all font-mono text-sm">{oh.signInUrl}</p>
      </article>
    </>
  )
}
