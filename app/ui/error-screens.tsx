import { Link } from 'react-router'
import { MAIN_LANDMARK } from './skip-link.tsx'

export function NotFoundScreen() {
  return (
    <main {...MAIN_LANDMARK} className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or is no longer shared.</p>
      <Link to="/" className="rounded-md bg-brand px-4 py-2 font-medium text-brand-ink no-underline">
        Go to the start page
      </Link>
    </main>
  )
}

/**
 * A 403: the member sees the record or page but their role does not let them do this (a
 * colleague's listing, the audit log for an agent; docs/decisions/034).
 */
export function ForbiddenScreen() {
  return (
    <main {...MAIN_LANDMARK} className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted">403</p>
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="text-muted">Your role in the agency does not allow this: its owner or an admin can do it.</p>
      <a href="/home" className="rounded-md bg-brand px-4 py-2 font-medium text-brand-ink no-underline">
        Return to Home
      </a>
    </main>
  )
}

/** The seed's error fallback screen. A plain link, so it works without JavaScript. */
export function ErrorFallbackScreen({ detail }: { detail?: string }) {
  return (
    <main {...MAIN_LANDMARK} className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted">The application encountered an error. You can try reloading the page.</p>
      {detail ? <p className="text-sm text-danger">{detail}</p> : null}
      <a href="/home" className="rounded-md bg-brand px-4 py-2 font-medium text-brand-ink no-underline">
        Return to Home
      </a>
    </main>
  )
}

/**
 * The database cannot be reached. Plain HTML: it shows the same with JavaScript off and on share
 * pages, which ship none. After a refused form post there is no link: the browser's Back button
 * returns to the form with what was typed, a link would load it empty.
 */
export function UnavailableScreen({ message, retryHref }: { message: string; retryHref?: string }) {
  return (
    <main {...MAIN_LANDMARK} className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted">503</p>
      <h1 className="text-xl font-semibold">{message}</h1>
      {retryHref ? (
        <a href={retryHref} className="rounded-md bg-brand px-4 py-2 font-medium text-brand-ink no-underline">
          Try again
        </a>
      ) : null}
    </main>
  )
}
