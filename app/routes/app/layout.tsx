import { Outlet } from 'react-router'
import { sessionGuard, subscriptionGuard } from '#app/http/guards.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { avatarUrl } from '#app/modules/media/avatar.ts'
import { AppShell } from '#app/ui/app-shell.tsx'
import type { Route } from './+types/layout'

// Middleware, not a loader: child actions are guarded as well as child loaders.
export const middleware: Route.MiddlewareFunction[] = [sessionGuard, subscriptionGuard]

// Signed-in pages are personal: never cached by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** The header's broker: name and the 64 px avatar (read with the session, no extra query). */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireAuth(context)
  return { broker: { fullName: user.fullName, avatarUrl: user.avatarId ? avatarUrl(user.avatarId, 64) : null } }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell broker={loaderData.broker}>
      <Outlet />
    </AppShell>
  )
}
