import { useEffect, useRef } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { takeFlash } from '#app/lib/flash.server.ts'
import { useNonce } from '#app/lib/nonce.tsx'
import { HYDRATE_ON_INTENT_SCRIPT } from '#app/lib/hydrate-on-intent.ts'
import { crossSiteMiddleware } from '#app/http/cross-site.server.ts'
import { securityHeadersMiddleware } from '#app/http/security-headers.server.ts'
import { flashMiddleware } from '#app/lib/flash.server.ts'
import { getTheme } from '#app/lib/theme.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { databaseReadyMiddleware } from '#app/http/database-ready.server.ts'
import { getNavState, navStateMiddleware, updateNavState } from '#app/http/nav-state.server.ts'
import { sessionMiddleware } from '#app/http/session.server.ts'
import { outageHeadersMiddleware } from '#app/http/database-outage.server.ts'
import { isOutageData, NOTHING_SAVED_IN_APP_MESSAGE } from '#app/lib/outage.ts'
import { ErrorFallbackScreen, ForbiddenScreen, NotFoundScreen, UnavailableScreen } from '#app/ui/error-screens.tsx'
import { PendingIndicator } from '#app/ui/pending-indicator.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { ToastRegion } from '#app/ui/toast-region.tsx'
import { FlashNote } from '#app/ui/flash-note.tsx'
import { MAIN_ID, SkipLink } from '#app/ui/skip-link.tsx'
import stylesheet from './app.css?url'

export const middleware: Route.MiddlewareFunction[] = [
  outageHeadersMiddleware,
  securityHeadersMiddleware,
  crossSiteMiddleware,
  databaseReadyMiddleware,
  flashMiddleware,
  navStateMiddleware,
  sessionMiddleware,
]

// The stylesheet is in Layout: share pages inline their own instead.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  // The seed's network-error flag: set by the outage page (database-outage.server.ts); a page
  // that gets this far got past the session lookup, so the database answers again.
  updateNavState(context, (s) => (s.networkError ? { ...s, networkError: false } : s))
  const nav = getNavState(context)
  return data({
    theme: await getTheme(request),
    toast: takeFlash(context),
    trialExpired: nav.trialExpired,
    networkError: nav.networkError,
    contactEmail: getEnv().CONTACT_EMAIL,
  })
}

/**
 * Routes whose handle says `hydrate: false` (share pages) get no script at all; `inlineCss`
 * replaces the app's stylesheet with the route's own, inlined (not on an error page, which
 * draws with the app's).
 */
export type RouteHandle = { hydrate?: boolean; inlineCss?: string }

function useRouteHandles() {
  return useMatches().map((m) => (m.handle ?? {}) as RouteHandle)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<typeof loader>('root')
  const handles = useRouteHandles()
  const hydrate = !handles.some((h) => h.hydrate === false)
  const error = useRouteError()
  const inlineCss = error ? undefined : handles.find((h) => h.inlineCss)?.inlineCss
  const outage = isRouteErrorResponse(error) && isOutageData(error.data)
  return (
    <html
      lang="en"
      data-theme={root?.theme ?? 'system'}
      data-trial-expired={String(root?.trialExpired ?? false)}
      data-network-error={String(outage || (root?.networkError ?? false))}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {inlineCss ? <style dangerouslySetInnerHTML={{ __html: inlineCss }} /> : <link rel="stylesheet" href={stylesheet} />}
        <Links />
      </head>
      <body className="min-h-screen">
        <SkipLink />
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HYDRATE_ON_INTENT_SCRIPT }} />
          </>
        ) : null}
      </body>
    </html>
  )
}

declare global {
  interface Window {
    trialExpired?: boolean
    networkError?: boolean
  }
}

/**
 * After a client-side move to another page, focus goes to the new page's h1, so a screen reader
 * reads where the broker landed and Tab continues from the content, not from <body>. Not on the
 * first load (the browser starts there itself, as it does for every page without JavaScript),
 * not when only the query or the hash changes (filters, pages of a list, the photo viewer), and
 * not when something on the new page already took focus (an autofocus field).
 */
function useFocusHeadingOnNavigation(pathname: string) {
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    const main = document.getElementById(MAIN_ID)
    if (main && main !== document.activeElement && main.contains(document.activeElement)) return
    const heading = main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [pathname])
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation()
  // Pages that ship no script show the flash as a plain note; the toast region needs a script.
  const scripted = !useRouteHandles().some((h) => h.hydrate === false)
  useFocusHeadingOnNavigation(location.pathname)
  useEffect(() => {
    // The seed's window flags mirror the data attributes.
    window.trialExpired = loaderData.trialExpired
    window.networkError = loaderData.networkError
  }, [loaderData.trialExpired, loaderData.networkError])
  return (
    <>
      {scripted ? (
        <>
          <PendingIndicator currentPath={location.pathname} />
          <ToastRegion flash={loaderData.toast} />
        </>
      ) : (
        <FlashNote flash={loaderData.toast} />
      )}
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation()
  // True only in the browser after hydration, where a refused post replaced the form in place.
  const inApp = useHydrated()
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundScreen />
    // A role's refusal (app/lib/http.ts forbidden()); a refused cross-site post keeps its own words.
    if (error.status === 403 && error.data === 'Forbidden') return <ForbiddenScreen />
    if (isOutageData(error.data)) {
      if (error.data.wasWrite) return <UnavailableScreen message={inApp ? NOTHING_SAVED_IN_APP_MESSAGE : error.data.message} />
      return <UnavailableScreen message={error.data.message} retryHref={location.pathname + location.search} />
    }
    const detail = typeof error.data === 'string' ? error.data : `${error.status} ${error.statusText}`
    return <ErrorFallbackScreen detail={detail} />
  }
  return <ErrorFallbackScreen />
}
