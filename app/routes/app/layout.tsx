import { Outlet } from 'react-router'
import { sessionGuard, subscriptionGuard } from '#app/http/guards.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { scopeGuard } from '#app/http/tenancy.server.ts'
import { shellBroker } from '#app/http/shell-broker.server.ts'
import { AppShell } from '#app/ui/app-shell.tsx'
import type { Route } from './+types/layout'

// Middleware, not a loader: child actions are guarded as well as child loaders.
export const middleware: Route.MiddlewareFunction[] = [sessionGuard, subscriptionGuard, scopeGuard]

// Signed-in pages are personal: never cached by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** The header's broker: name, the 64 px avatar and the past-due banner (read with the session, no extra query). */
export function loader({ context }: Route.LoaderArgs) {
  return { broker: shellBroker(requireAuth(context)) }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell broker={loaderData.broker}>
      <Outlet />
    </AppShell>
  )
}
