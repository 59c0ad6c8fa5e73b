import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { PLAN_PROPERTY_LIMITS } from '#app/modules/billing/plans.ts'
import { notFound } from '#app/lib/http.ts'
import { label } from '#app/modules/properties/catalog.ts'
import { createProperty, PROPERTY_LIMIT_MESSAGE } from '#app/modules/properties/mutations.server.ts'
import { getPropertyUsage } from '#app/modules/properties/queries.server.ts'
import { CategorySchema, propertyFormSchema } from '#app/modules/properties/schemas.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { PageHeader } from '#app/ui/page.tsx'
import { PlanLimitNotice } from '#app/ui/plan-limit-notice.tsx'
import { PropertyForm } from '#app/ui/property-form.tsx'
import type { Route } from './+types/property-new'
import { readForm } from '#app/http/form-body.server.ts'
import { scheduleAlertRun } from '#app/modules/alerts/schedule.server.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `New ${data ? label(data.category).toLowerCase() : ''} property · BrokerVault` }]

function parseCategory(value: string | undefined) {
  const parsed = CategorySchema.safeParse(value)
  return parsed.success ? parsed.data : notFound()
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const category = parseCategory(params.category)
  const { scope, subscription } = requireAuth(context)
  const usage = await getPropertyUsage(scope, PLAN_PROPERTY_LIMITS[subscription?.plan ?? 'free_trial'])
  return { category, usage }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const category = parseCategory(params.category)
  const { scope, user } = requireAuth(context)
  const submission = parseWithZod(await readForm(request), { schema: propertyFormSchema(category) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const created = await createProperty(scope, category, submission.value)
  if (!created.ok) {
    return data({ result: submission.reply({ formErrors: [PROPERTY_LIMIT_MESSAGE] }), limitReached: true }, { status: 403 })
  }
  // Clients with alerts hear of it (at most one mail a day each): a run shortly after.
  await scheduleAlertRun(user.id)
  setFlash(context, { kind: 'success', message: 'Property created.' })
  throw redirect(`/property/${created.id}`)
}

export default function NewPropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { category, usage } = loaderData
  const atLimit = !usage.canAdd || (actionData && 'limitReached' in actionData)
  return (
    <>
      <PageHeader title={`New ${label(category).toLowerCase()} property`}>
        <Link to="/property/type-selection">Change type</Link>
      </PageHeader>
      {atLimit ? (
        <PlanLimitNotice usage={usage} />
      ) : (
        <PropertyForm category={category} lastResult={actionData?.result} submitLabel="Create property" />
      )}
    </>
  )
}
