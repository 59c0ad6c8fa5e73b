import { orNotFound } from '#app/lib/http.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { toClientFormDefaults } from '#app/modules/clients/form-defaults.ts'
import { updateClient } from '#app/modules/clients/mutations.server.ts'
import { getClient } from '#app/modules/clients/queries.server.ts'
import { ClientFormSchema } from '#app/modules/clients/schemas.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { ClientForm } from '#app/ui/client-form.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/client-edit'
import { readForm } from '#app/http/form-body.server.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Edit ${data?.client.fullName ?? 'client'} · BrokerVault` }]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = requireAuth(context)
  const client = orNotFound(await getClient(scope, params.id))
  return { client: { id: client.id, fullName: client.fullName }, defaults: toClientFormDefaults(client) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = requireAuth(context)
  const client = orNotFound(await getClient(scope, params.id))
  const submission = parseWithZod(await readForm(request), { schema: ClientFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  orNotFound(await updateClient(scope, client.id, submission.value))
  setFlash(context, { kind: 'success', message: 'Client saved.' })
  throw redirect(`/client/${client.id}`)
}

export default function EditClientPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={`Edit ${loaderData.client.fullName}`}>
        <Link to={`/client/${loaderData.client.id}`}>Back to the client</Link>
      </PageHeader>
      <ClientForm defaultValue={loaderData.defaults} lastResult={actionData?.result} submitLabel="Save client" />
    </>
  )
}
