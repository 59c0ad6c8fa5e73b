import { AsyncLocalStorage } from 'node:async_hooks'

type RequestMetrics = { queries: number }
// On globalThis like the database handle it serves: the app bundle and code loaded from source
// (tests) must count into the same store.
const globalStore = globalThis as typeof globalThis & { __brokervaultMetrics?: AsyncLocalStorage<RequestMetrics> }
const storage = (globalStore.__brokervaultMetrics ??= new AsyncLocalStorage<RequestMetrics>())

/** Runs one request with its own counters (read back for the Server-Timing header). */
export function withRequestMetrics<T>(task: (metrics: RequestMetrics) => Promise<T>): Promise<T> {
  const metrics = { queries: 0 }
  return storage.run(metrics, () => task(metrics))
}

/** Called by the database logger for every statement; outside a request it does nothing. */
export function countQuery() {
  const metrics = storage.getStore()
  if (metrics) metrics.queries++
}
