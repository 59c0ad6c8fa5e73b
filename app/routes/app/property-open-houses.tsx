import { data, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { badRequest, orNotFound } from '#app/lib/http.ts'
import { readForm } from '#app/http/form-body.server.ts'
import { requireChangeableProperty } from '#app/http/owned-ids.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { findChangeableProperty } from '#app/modules/properties/access.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { endOpenHouse, listOpenHouses, startOpenHouse } from '#app/modules/open-houses/open-houses.server.ts'
import { StartOpenHouseSchema, suggestedTimes } from '#app/modules/open-houses/rules.ts'
import { OpenHouseItem, openHousesPath, StartOpenHouseForm, type StartFormState } from '#app/ui/open-house-card.tsx'
import { Card, PageHeader } from '#app/ui/page.tsx'
import { UNKNOWN_INTENT_MESSAGE } from '#app/http/intent.server.ts'
import type { Route } from './+types/property-open-houses'

/*
 * A listing's open houses (docs/decisions/038-open-house-sign-in.md): every member who sees the
 * listing sees them and who signed in; its agent, the owner and admins start and end them (a
 * colleague: 403). The property page's open-house card posts here too.
 */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Open houses · ${data?.title ?? 'Property'} · BrokerVault` }]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope, user } = requireAuth(context)
  const property = orNotFound(await getProperty(scope, params.id))
  const [openHouses, changeable] = await Promise.all([listOpenHouses(scope, property.id, { limit: 100 }), findChangeableProperty(scope, property.id)])
  return { id: property.id, title: property.title, openHouses, canChange: changeable !== null, suggested: suggestedTimes(user.timeZone) }
}

/** Where a form sends the broker back: this page, or the property page (the card's forms). */
function backTo(form: FormData, propertyId: string) {
  return form.get('redirectTo') === openHousesPath(propertyId) ? openHousesPath(propertyId) : `/property/${propertyId}`
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const property = orNotFound(await getProperty(scope, params.id))
  await requireChangeableProperty(scope, property.id)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'start') {
    const values = { date: String(form.get('date') ?? ''), startTime: String(form.get('startTime') ?? ''), endTime: String(form.get('endTime') ?? '') }
    const parsed = StartOpenHouseSchema.safeParse(values)
    if (!parsed.success) {
      const errors: StartFormState['errors'] = {}
      for (const issue of parsed.error.issues) errors[String(issue.path[0]) as 'date' | 'startTime' | 'endTime'] ??= issue.message
      return data({ start: { errors, values } satisfies StartFormState }, { status: 400 })
    }
    const result = orNotFound(await startOpenHouse(scope, property.id, parsed.data))
    if (!result.ok) return data({ start: { errors: { [result.field]: result.message }, values } satisfies StartFormState }, { status: 400 })
    setFlash(context, { kind: 'success', message: 'Open house planned. Open its sign-in page on a tablet at the door.' })
    throw redirect(backTo(form, property.id))
  }
  if (intent === 'end') {
    const result = orNotFound(await endOpenHouse(scope, property.id, form.get('openHouseId')))
    const messages = { ended: 'Open house ended: sign-ins are closed.', cancelled: 'Open house canceled.', unchanged: 'That open house was already over.' } as const
    setFlash(context, { kind: result === 'unchanged' ? 'info' : 'success', message: messages[result] })
    throw redirect(backTo(form, property.id))
  }
  badRequest(UNKNOWN_INTENT_MESSAGE)
}

export default function PropertyOpenHouses({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, openHouses, canChange, suggested } = loaderData
  const here = openHousesPath(id)
  return (
    <>
      <PageHeader title={`Open houses of ${title}`}>
        <Link to={`/property/${id}`} className="rounded-md border border-line px-3 py-1.5 text-sm no-underline">Back to the property</Link>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {openHouses.length === 0 ? <p className="text-sm text-muted">No open houses yet.</p> : null}
          {openHouses.map((oh) => (
            <OpenHouseItem key={oh.id} propertyId={id} openHouse={oh} canChange={canChange} redirectTo={here} />
          ))}
        </div>
        {canChange ? (
          <Card title="Start an open house">
            <StartOpenHouseForm propertyId={id} state={actionData?.start ?? null} suggested={suggested} redirectTo={here} />
          </Card>
        ) : null}
      </div>
    </>
  )
}
