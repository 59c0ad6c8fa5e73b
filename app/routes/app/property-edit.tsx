import { orNotFound } from '#app/lib/http.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { toFormDefaults } from '#app/modules/properties/form-defaults.ts'
import { updateProperty } from '#app/modules/properties/mutations.server.ts'
import { getProperty } from '#app/modules/properties/queries.server.ts'
import { propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { PageHeader } from '#app/ui/page.tsx'
import { PropertyForm } from '#app/ui/property-form.tsx'
import type { Route } from './+types/property-edit'
import { readForm } from '#app/http/form-body.server.ts'
import { requireChangeableProperty } from '#app/http/owned-ids.server.ts'
import { scheduleAlertRun } from '#app/modules/alerts/schedule.server.ts'

// Serves both /property/{id}/edit and /property/edit/{id} (the seed's two readings); both stay
// reachable with an expired trial.
export const meta: Route.MetaFunction = ({ data }) => [{ title: `Edit ${data?.property.title ?? 'property'} · BrokerVault` }]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const property = orNotFound(await getProperty(scope, params.id))
  await requireChangeableProperty(scope, property.id)
  return { property: { id: property.id, title: property.title, category: property.category }, defaults: toFormDefaults(property) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope, user } = requireAuth(context)
  const property = orNotFound(await getProperty(scope, params.id))
  await requireChangeableProperty(scope, property.id)
  const submission = parseWithZod(await readForm(request), { schema: propertyFormSchema(property.category) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  orNotFound(await updateProperty(scope, property.id, submission.value))
  // A new price or a status made active may be news to clients with alerts.
  await scheduleAlertRun(user.id)
  setFlash(context, { kind: 'success', message: 'Property saved.' })
  // Back to the edit path that was posted to (either reading): it stays reachable with an
  // expired trial, so the broker always sees the toast instead of the /pricing redirect that
  // the property page would give.
  throw redirect(new URL(request.url).pathname)
}

export default function EditPropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property, defaults } = loaderData
  return (
    <>
      <PageHeader title={`Edit ${property.title}`}>
        <Link to={`/property/${property.id}`}>Back to the property</Link>
      </PageHeader>
      <PropertyForm category={property.category} defaultValue={defaults} lastResult={actionData?.result} submitLabel="Save property" />
    </>
  )
}
