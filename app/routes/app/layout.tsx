import { Outlet, useMatches } from 'react-router'
import { sessionGuard, subscriptionGuard } from '#app/http/guards.server.ts'
import { requireAuth } from '#app/http/session.server.ts'
import { scopeGuard } from '#app/http/tenancy.server.ts'
import { shellBroker } from '#app/http/shell-broker.server.ts'
import { AppShell } from '#app/ui/app-shell.tsx'
import { BrokerPreferencesProvider } from '#app/ui/broker-formats.tsx'
import type { Route } from './+types/layout'

// Middleware, not a loader: child actions are guarded as well as child loaders.
export const middleware: Route.MiddlewareFunction[] = [sessionGuard, subscriptionGuard, scopeGuard]

// Signed-in pages are personal: never cached by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * The header's broker: name, the 64 px avatar, the past-due banner and the unread count; and the
 * broker's zone, formats and defaults with the server's clock, for every page below (all read with
 * the session, no extra query).
 */
export function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context)
  const { timeZone, formatStyle, defaultCurrency, areaUnit } = auth.user
  return { broker: shellBroker(auth), preferences: { timeZone, formatStyle, defaultCurrency, areaUnit, now: Date.now() } }
}

// The session is read on every request anyway: re-reading the header's broker on every
// navigation costs no query and keeps the unread count current with JavaScript on.
export const shouldRevalidate = () => true

/** The notifications page marks what it shows read while the session (read before) still counted it. */
const NOTIFICATIONS_ROUTE = 'routes/app/notifications'

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches()
  const shown = matches.find((match) => match.id === NOTIFICATIONS_ROUTE)?.data as { markedRead?: number } | undefined
  const broker = shown?.markedRead
    ? { ...loaderData.broker, unreadNotifications: Math.max(0, (loaderData.broker.unreadNotifications ?? 0) - shown.markedRead) }
    : loaderData.broker
  return (
    <BrokerPreferencesProvider value={loaderData.preferences}>
      <AppShell broker={broker}>
        <Outlet />
      </AppShell>
    </BrokerPreferencesProvider>
  )
}
