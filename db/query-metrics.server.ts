import { AsyncLocalStorage } from 'node:async_hooks'

export type QueryCount = { queries: number }
// On globalThis like the database handle it serves: the app bundle and code loaded from source
// (tests) must count into the same store.
const globalStore = globalThis as typeof globalThis & { __brokervaultQueryCount?: AsyncLocalStorage<QueryCount> }
const storage = (globalStore.__brokervaultQueryCount ??= new AsyncLocalStorage<QueryCount>())

/** Runs one request with its own statement counter (read back for the Server-Timing header). */
export function withQueryCount<T>(task: (count: QueryCount) => Promise<T>): Promise<T> {
  const count = { queries: 0 }
  return storage.run(count, () => task(count))
}

/** Called by the database logger for every statement; outside a request it does nothing. */
export function countQuery() {
  const count = storage.getStore()
  if (count) count.queries++
}
