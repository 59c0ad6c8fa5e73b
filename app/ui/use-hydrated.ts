import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the server's HTML and while React hydrates it, true in the browser after that (React
 * renders again once hydration is done) and on every render the app itself starts.
 */
export function useHydrated() {
  return useSyncExternalStore(noSubscription, () => true, () => false)
}
