import { Outlet } from 'react-router'
import { sessionGuard, subscriptionGuard } from '#app/http/guards.server.ts'
import { AppShell } from '#app/ui/app-shell.tsx'
import type { Route } from './+types/layout'

// Middleware, not a loader: child actions are guarded as well as child loaders.
export const middleware: Route.MiddlewareFunction[] = [sessionGuard, subscriptionGuard]

// Signed-in pages are personal: never cached by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
