import { useEffect } from 'react'
import { data, Form, redirect, useRevalidator } from 'react-router'
import { setFlash } from '#app/lib/flash.server.ts'
import { clearNavState, getNavState } from '#app/http/nav-state.server.ts'
import { isLoopDetected } from '#app/modules/navigation/nav-state.ts'
import { Button } from '#app/ui/form.tsx'
import type { Route } from './+types/auth-recovery'
import { readForm } from '#app/http/form-body.server.ts'
import { MAIN_LANDMARK } from '#app/ui/skip-link.tsx'
import { logger } from '#app/lib/logger.server.ts'

export const RECOVERY_REFRESH_MS = 2000
export const CLEARED_MESSAGE = 'Navigation state cleared successfully'
export const CLEAR_FAILED_MESSAGE = 'Failed to clear navigation state'

export const meta: Route.MetaFunction = () => [{ title: 'Authentication Recovery · BrokerVault' }]

export function loader({ context }: Route.LoaderArgs) {
  const nav = getNavState(context)
  return data(
    {
      loopDetected: isLoopDetected(nav),
      trialExpired: nav.trialExpired,
      networkError: nav.networkError,
      authRedirectPath: nav.authRedirectPath,
      redirectAfterUpgrade: nav.redirectAfterUpgrade,
      guardFailures: nav.guardFailures,
      redirects: nav.redirects,
      trialRedirects: nav.trialRedirects,
      checkedAt: new Date().toISOString(),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

const DESTINATIONS = { login: '/auth', home: '/home', clear: '/auth-recovery' } as const

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = String(form.get('intent')) as keyof typeof DESTINATIONS
  if (!(intent in DESTINATIONS)) throw data('Unknown action.', { status: 400 })
  try {
    clearNavState(context)
    if (intent === 'clear') setFlash(context, { kind: 'success', message: CLEARED_MESSAGE })
  } catch (error) {
    logger.error({ err: error }, 'Clearing the navigation state failed')
    setFlash(context, { kind: 'error', message: CLEAR_FAILED_MESSAGE })
  }
  throw redirect(DESTINATIONS[intent])
}

export default function AuthRecoveryPage({ loaderData: d }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => revalidator.revalidate(), RECOVERY_REFRESH_MS)
    return () => clearInterval(timer)
  }, [revalidator])
  const counters = { ...d.redirects, ...Object.fromEntries(Object.entries(d.trialRedirects).map(([k, v]) => [`trial ${k}`, v])) }
  return (
    <main {...MAIN_LANDMARK} className="mx-auto max-w-lg space-y-6 px-4 py-10">
      {/* Without JavaScript the page reloads itself every 2 s; with it, a timer revalidates. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(RECOVERY_REFRESH_MS / 1000)} />
      </noscript>
      {d.loopDetected ? (
        <div role="alert" className="rounded-lg border border-danger bg-danger-soft p-4">
          <h1 className="text-xl font-semibold">Navigation loop detected</h1>
          <p className="mt-1 text-sm">
            The app kept redirecting between pages. Clear the saved navigation state below, then go to the login page or
            the home page.
          </p>
        </div>
      ) : (
        // Opened by hand (from "Trouble signing in?"): no alarm, plain words.
        <div className="rounded-lg border border-line bg-surface p-4">
          <h1 className="text-xl font-semibold">No navigation loop detected</h1>
          <p className="mt-1 text-sm">
            Nothing is wrong: the app has not been sending you back and forth between pages. If you cannot sign in, check
            your email and password, or use “Forgot your password?” on the sign-in page. The details below are for
            support.
          </p>
        </div>
      )}
      <section aria-labelledby="diagnostics" className="rounded-lg border border-line bg-surface p-4">
        <h2 id="diagnostics" className="font-semibold">
          Diagnostics
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Trial expired flag</dt>
          <dd>{String(d.trialExpired)}</dd>
          <dt className="text-muted">Network error flag</dt>
          <dd>{String(d.networkError)}</dd>
          <dt className="text-muted">Saved redirect path</dt>
          <dd>{d.authRedirectPath ?? 'none'}</dd>
          <dt className="text-muted">Redirect after upgrade</dt>
          <dd>{d.redirectAfterUpgrade ?? 'none'}</dd>
          <dt className="text-muted">Failed guard redirects</dt>
          <dd>{d.guardFailures}</dd>
          <dt className="text-muted">Redirect counters</dt>
          <dd>
            {Object.keys(counters).length === 0 ? (
              'none'
            ) : (
              <ul>
                {Object.entries(counters).map(([key, count]) => (
                  <li key={key}>{`${key}: ${count}`}</li>
                ))}
              </ul>
            )}
          </dd>
          <dt className="text-muted">Checked at</dt>
          <dd>
            <time dateTime={d.checkedAt}>{d.checkedAt}</time>
          </dd>
        </dl>
      </section>
      <Form method="post" className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" name="intent" value="login">
          Go to Login Page
        </Button>
        <Button type="submit" name="intent" value="home">
          Go to Home Page
        </Button>
        <Button type="submit" name="intent" value="clear" variant="secondary">
          Clear Navigation State
        </Button>
        <a
          href="/auth-recovery"
          className="inline-flex items-center justify-center rounded-md border border-line bg-surface px-4 py-2 text-sm font-medium text-ink no-underline"
        >
          Full Page Reload
        </a>
      </Form>
    </main>
  )
}
