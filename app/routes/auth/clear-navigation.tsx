import { Form, redirect } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { clearNavState } from '#app/http/nav-state.server.ts'
import { Button } from '#app/ui/form.tsx'
import { CLEARED_MESSAGE } from './auth-recovery.tsx'
import type { Route } from './+types/clear-navigation'
import { MAIN_LANDMARK } from '#app/ui/skip-link.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Clear navigation state · BrokerVault' }]

export function action({ context }: Route.ActionArgs) {
  clearNavState(context)
  setFlash(context, { kind: 'success', message: CLEARED_MESSAGE })
  throw redirect('/auth')
}

export default function ClearNavigationPage() {
  return (
    <main {...MAIN_LANDMARK} className="mx-auto max-w-lg space-y-4 px-4 py-10">
      <h1 className="text-2xl font-semibold">Clear navigation state</h1>
      <p>
        To stop you going round in circles, BrokerVault remembers a little about your recent navigation: the page you
        asked for before signing in, the page to return to after choosing a plan, whether your trial looked expired, and
        how many times each redirect happened in the last few minutes. When those counters say a loop is happening, the
        app stops redirecting and shows the recovery screen instead.
      </p>
      <p>
        If that saved state is out of date, clear it here. You stay signed in; only the flags, saved paths and counters
        are reset, and you continue on the sign-in page.
      </p>
      <Form method="post">
        <Button type="submit">Clear navigation state and continue</Button>
      </Form>
    </main>
  )
}
