import { Outlet } from 'react-router'
import { sessionGuard, subscriptionGuard } from '#app/http/guards.server.ts'
import { AppNav } from '#app/ui/app-nav.tsx'
import type { Route } from './+types/layout'
import { MAIN_LANDMARK } from '#app/ui/skip-link.tsx'

// Middleware, not a loader: child actions are guarded as well as child loaders.
export const middleware: Route.MiddlewareFunction[] = [sessionGuard, subscriptionGuard]

// Signed-in pages are personal: never cached by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function AppLayout() {
  return (
    <div className="min-h-screen pb-20 md:pb-0">
      <AppNav />
      <main {...MAIN_LANDMARK} className="focus:outline-none mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  )
}
