import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

/**
 * Most page changes finish well within this: the bar would only flash over the navigation.
 * It shows once a navigation has taken this long (about where a wait starts to be felt).
 */
export const PENDING_DELAY_MS = 400

const PUBLIC_PREFIXES = ['/', '/auth', '/pricing', '/preview', '/client-listing', '/support', '/terms', '/privacy', '/help', '/about', '/contact']

/** The seed's loading texts, shown during client-side navigation (JavaScript on only). */
export function getPendingText(navigation: ReturnType<typeof useNavigation>, currentPath: string): string | null {
  if (navigation.state === 'idle') return null
  const target = navigation.location?.pathname ?? ''
  if (navigation.state === 'loading' && navigation.formMethod === undefined && navigation.formAction) return 'Redirecting...'
  if (navigation.state === 'loading' && currentPath === '/auth' && target !== '/auth') return 'Redirecting...'
  if (target === '/auth') return 'Initializing authentication...'
  const toApp = !PUBLIC_PREFIXES.some((p) => (p === '/' ? target === '/' : target.startsWith(p)))
  const fromPublic = PUBLIC_PREFIXES.some((p) => (p === '/' ? currentPath === '/' : currentPath.startsWith(p)))
  if (toApp && fromPublic) return 'Loading application...'
  if (toApp) return 'Checking authentication...'
  return 'Loading...'
}

export function PendingIndicator({ currentPath }: { currentPath: string }) {
  const navigation = useNavigation()
  const text = getPendingText(navigation, currentPath)
  // One wait from leaving idle to coming back to it (a submission and its redirect included):
  // the bar shows once it has lasted PENDING_DELAY_MS, and goes with it.
  const busy = text !== null
  const [due, setDue] = useState(false)
  useEffect(() => {
    if (!busy) return
    const timer = setTimeout(() => setDue(true), PENDING_DELAY_MS)
    return () => {
      clearTimeout(timer)
      setDue(false)
    }
  }, [busy])
  if (!text || !due) return null
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-40 bg-brand px-3 py-1 text-center text-xs text-brand-ink">
      {text}
    </div>
  )
}
