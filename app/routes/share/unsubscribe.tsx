import { data, Form } from 'react-router'
import { orNotFound } from '#app/lib/http.ts'
import { findUnsubscribe, unsubscribe } from '#app/modules/alerts/subscriptions.server.ts'
import type { RouteHandle } from '#app/root.tsx'
import { Button } from '#app/ui/form.tsx'
import { brokerSignOff, ClientFrame } from '#app/ui/share-page.tsx'
import type { Route } from './+types/unsubscribe'

/*
 * One-click unsubscribe (RFC 8058). A POST unsubscribes: the mail provider's one-click
 * (`List-Unsubscribe=One-Click`, no cookie, exempt from the cross-site check) or the button
 * below. A GET only shows the button: mail scanners open links, and must not unsubscribe anyone.
 */
export const handle: RouteHandle = { hydrate: false }

const NO_STORE = { 'Cache-Control': 'private, no-store' }

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Unsubscribe from property alerts · ${brokerSignOff(loaderData.broker)}` : 'Page not found' },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const found = orNotFound(await findUnsubscribe(params.token))
  return data(found, { headers: NO_STORE })
}

export async function action({ params }: Route.ActionArgs) {
  orNotFound(await unsubscribe(params.token))
  return data({ unsubscribed: true }, { headers: NO_STORE })
}

export const headers: Route.HeadersFunction = () => NO_STORE

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.unsubscribed ?? loaderData.unsubscribed
  const broker = loaderData.broker.fullName || 'your broker'
  return (
    <ClientFrame broker={loaderData.broker}>
      <section className="max-w-md space-y-4">
        <h1 className="text-2xl font-semibold">Property alerts</h1>
        {done ? (
          <p role="status">{`You are unsubscribed. You will get no more property alerts from ${broker}.`}</p>
        ) : (
          <Form method="post" className="space-y-4">
            <p>{`Stop the e-mails about new properties from ${broker}?`}</p>
            <Button type="submit">Unsubscribe</Button>
          </Form>
        )}
      </section>
    </ClientFrame>
  )
}
