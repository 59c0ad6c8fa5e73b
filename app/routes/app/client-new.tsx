import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { createClient } from '#app/modules/clients/mutations.server.ts'
import { ClientFormSchema } from '#app/modules/clients/schemas.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { ClientForm } from '#app/ui/client-form.tsx'
import { PageHeader } from '#app/ui/page.tsx'
import type { Route } from './+types/client-new'
import { readForm } from '#app/http/form-body.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'New client · BrokerVault' }]

export async function action({ request, context }: Route.ActionArgs) {
  const { scope, user } = requireAuth(context)
  const submission = parseWithZod(await readForm(request), { schema: ClientFormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const id = await createClient(scope, submission.value, user.defaultCurrency)
  setFlash(context, { kind: 'success', message: 'Client added.' })
  throw redirect(`/client/${id}`)
}

export default function NewClientPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="New client" />
      <ClientForm lastResult={actionData?.result} submitLabel="Add client" />
    </>
  )
}
